/// The stylesheet and script of the HTML pages (report and diff): inline, no network.
///
/// NB: the script builds every element with `createElement` and `textContent`; trace names are
/// never assigned to `innerHTML`.
enum PageAssets {
    static let style = """
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --accent: #0b57d0;
                --up: #c5221f; --down: #137333; --bar: #4c8bf5; --waste: #f29900; --paper: #fbfbfd; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
               color: var(--ink); background: #fff; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        h2 { font-size: 17px; margin: 32px 0 10px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
        h3 { font-size: 15px; margin: 0 0 8px; }
        .subtitle, .note { color: var(--muted); }
        .verdict { font-size: 17px; font-weight: 600; padding: 10px 14px; border-left: 4px solid var(--accent); background: #eef3fd; margin: 14px 0; }
        .sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 16px; }
        .side { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; background: var(--paper); min-width: 0; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 8px; }
        .card { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; }
        .card .value { font-size: 19px; font-weight: 600; font-variant-numeric: tabular-nums; }
        .card .label { color: var(--muted); font-size: 12px; }
        .file { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
        input[type=search] { font: inherit; padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; width: 280px; margin-bottom: 8px; }
        .table-wrap { overflow-x: auto; max-height: 560px; overflow-y: auto; border: 1px solid var(--line); border-radius: 6px; }
        table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
        th, td { padding: 4px 7px; border-bottom: 1px solid #ececf0; white-space: nowrap; }
        thead { position: sticky; top: 0; z-index: 1; }
        th { background: #f5f5f7; text-align: right; cursor: pointer; user-select: none; }
        tr.group th { cursor: default; text-align: center; border-left: 1px solid var(--line); }
        a.why-link { font-size: 0.85em; }
        section.why { margin: 12px 0 20px; }
        section.why li { margin: 3px 0; }
        tr.group th:first-child { border-left: 0; }
        th { white-space: normal; vertical-align: bottom; }
        th.text, td.text { text-align: left; }
        td { text-align: right; }
        td.text { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
        th[aria-sort=ascending]::after { content: " ▲"; }
        th[aria-sort=descending]::after { content: " ▼"; }
        td.up { color: var(--up); } td.down { color: var(--down); }
        tr.view-row:hover { background: #f0f4fe; }
        .flame-wrap { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; }
        .flame-wrap svg.tracer-flame { width: 100%; min-width: 900px; height: auto; display: block; }
        .timeline svg { width: 100%; height: 120px; display: block; }
        .timeline .bar { fill: var(--bar); } .timeline .waste { fill: var(--waste); } .timeline .baseline { stroke: var(--line); }
        .timeline .axis { color: var(--muted); font-size: 12px; font-variant-numeric: tabular-nums; margin: 2px 0; }
        .timeline .axis.ends { display: flex; justify-content: space-between; }
        .legend span { display: inline-block; margin-right: 14px; }
        .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: middle; }
        ol.causes { padding-left: 22px; margin: 0; }
        ol.causes li { margin: 3px 0; }
        .code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
        .tag { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 9px; background: #e8eaed; margin: 0 4px; }
        .error { background: #fce8e6; color: var(--up); padding: 8px 12px; border-radius: 6px; }
        """

    static let script = """
        (function () {
          'use strict';
          var data = JSON.parse(document.getElementById('tracer-data').textContent);
          var SVG = 'http://www.w3.org/2000/svg';
          function el(tag, className, text) {
            var node = document.createElement(tag);
            if (className) { node.className = className; }
            if (text !== undefined && text !== null) { node.textContent = String(text); }
            return node;
          }
          function svg(tag, attributes) {
            var node = document.createElementNS(SVG, tag);
            Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
            return node;
          }
          // NB: null is a figure the trace's source cannot produce: not available, never 0.
          function int(n) { return n === null ? 'n/a' : Number(n).toLocaleString('en-US'); }
          function ns(value) {
            if (value === null) { return 'n/a'; }
            // NB: a string is a figure written already: '-' for evaluations none of which is timed.
            if (typeof value === 'string') { return value; }
            if (value < 1e3) { return value + ' ns'; }
            if (value < 1e6) { return (value / 1e3).toFixed(1) + ' \\u00b5s'; }
            if (value < 1e9) { return (value / 1e6).toFixed(2) + ' ms'; }
            return (value / 1e9).toFixed(2) + ' s';
          }
          function delta(n) { return n > 0 ? '+' + int(n) : n < 0 ? '\\u2212' + int(-n) : '0'; }
          function percent(ratio) {
            if (ratio === null) { return 'new'; }
            var text = Math.abs(ratio * 100).toFixed(1) + '%';
            return ratio > 0 ? '+' + text : ratio < 0 ? '\\u2212' + text : '0.0%';
          }
          function nsDelta(n) { return n > 0 ? '+' + ns(n) : n < 0 ? '\\u2212' + ns(-n) : ns(0); }
          // NB: numbers inside names compare by value: Row[2] before Row[10].
          function byName(a, b) { return String(a).localeCompare(String(b), 'en', { numeric: true }); }
          var formats = { text: String, int: int, ns: ns, delta: delta, 'ns-delta': nsDelta, percent: percent };

          function perWrite(ratio) { return ratio >= 10 ? ratio.toFixed(0) : ratio >= 1 ? ratio.toFixed(1) : ratio.toFixed(2); }

          function renderSides() {
            var host = document.getElementById('sides');
            data.sides.forEach(function (side) {
              var box = el('div', 'side');
              box.appendChild(el('h3', null, side.label));
              box.appendChild(el('div', 'file', side.file + (side.scenario ? ' \\u00b7 scenario ' + side.scenario : '')));
              var cards = el('div', 'cards');
              var t = side.totals;
              [['Body evals', int(t.bodyEvals)], ['Wasted evals', int(t.wastedEvals)], ['Skips', int(t.skips)],
               ['Writes', int(t.writes)], ['Invalidations', int(t.invalidations)], ['Body time', ns(t.bodyTimeNs)],
               ['Evals per write', t.writes === null || t.bodyEvals === null ? 'n/a' : t.writes ? perWrite(t.bodyEvals / t.writes) : '\\u2014'], ['Views', int(t.views)]]
                .forEach(function (pair) {
                  var card = el('div', 'card');
                  card.appendChild(el('div', 'value', pair[1]));
                  card.appendChild(el('div', 'label', pair[0]));
                  cards.appendChild(card);
                });
              box.appendChild(cards);
              side.warnings.forEach(function (warning) { box.appendChild(el('p', 'note', '\\u26a0 ' + warning)); });
              host.appendChild(box);
            });
            if (data.verdict) { document.getElementById('verdict').textContent = data.verdict; }
            else { document.getElementById('verdict').remove(); }
          }

          function renderTable() {
            var table = document.getElementById('view-table');
            var head = el('thead'), body = el('tbody');
            if (data.columns.some(function (c) { return c.group; })) {
              var groupRow = el('tr', 'group'), index = 0;
              while (index < data.columns.length) {
                var group = data.columns[index].group, span = 1;
                while (index + span < data.columns.length && data.columns[index + span].group === group) { span++; }
                var cell = el('th', null, group);
                cell.colSpan = span;
                groupRow.appendChild(cell);
                index += span;
              }
              head.appendChild(groupRow);
            }
            var headerRow = el('tr');
            var order = { column: data.sortColumn, descending: true };
            data.columns.forEach(function (column, index) {
              var cell = el('th', column.format === 'text' ? 'text' : null, column.label);
              cell.addEventListener('click', function () {
                order.descending = order.column === index ? !order.descending : column.format !== 'text';
                order.column = index;
                fill();
              });
              headerRow.appendChild(cell);
            });
            head.appendChild(headerRow);
            table.appendChild(head);
            table.appendChild(body);
            var filter = document.getElementById('view-filter');
            filter.addEventListener('input', fill);
            function fill() {
              var rows = data.rows.slice();
              if (order.column !== null) {
                var key = order.column, sign = order.descending ? -1 : 1;
                rows.sort(function (a, b) {
                  var x = a[key], y = b[key];
                  if (x === null) { x = -Infinity; } if (y === null) { y = -Infinity; }
                  if (typeof x === 'number' && /delta/.test(data.columns[key].format)) { x = Math.abs(x); y = Math.abs(y); }
                  var order = typeof x === 'string' ? sign * byName(x, y) : x < y ? -sign : x > y ? sign : 0;
                  return order || byName(a[0], b[0]);
                });
              }
              Array.prototype.forEach.call(headerRow.children, function (th, index) {
                if (index === order.column) { th.setAttribute('aria-sort', order.descending ? 'descending' : 'ascending'); }
                else { th.removeAttribute('aria-sort'); }
              });
              var term = filter.value;
              while (body.firstChild) { body.removeChild(body.firstChild); }
              rows.forEach(function (row) {
                if (term && String(row[0]).indexOf(term) < 0) { return; }
                var tr = el('tr', 'view-row');
                row.forEach(function (value, index) {
                  var format = data.columns[index].format;
                  var td = el('td', format === 'text' ? 'text' : null, typeof value === 'string' ? value : formats[format](value));
                  if ((format === 'delta' || format === 'ns-delta' || format === 'percent') && value) { td.className = value > 0 ? 'up' : 'down'; }
                  if (index === 0 && Object.prototype.hasOwnProperty.call(data.why, value)) {
                    var link = el('a', 'why-link', 'why');
                    link.href = '#' + data.why[value];
                    link.title = 'Why this view re-evaluated: its cause paths';
                    td.appendChild(document.createTextNode(' '));
                    td.appendChild(link);
                  }
                  tr.appendChild(td);
                });
                body.appendChild(tr);
              });
            }
            fill();
          }

          function renderTimelines() {
            var host = document.getElementById('timelines');
            // NB: one scale for every side: the same peak height and the same span of time or transactions.
            var peak = 1, span = 1;
            data.sides.forEach(function (side) {
              var line = side.timeline;
              line.evals.forEach(function (n) { peak = Math.max(peak, n); });
              span = Math.max(span, line.evals.length * line.bucket);
            });
            var byTime = data.sides.every(function (side) { return side.timeline.axis !== 'transaction'; });
            function position(line, offset) {
              return line.axis === 'transaction' ? 'tx ' + int(line.start + offset) : ns(offset);
            }
            data.sides.forEach(function (side) {
              var line = side.timeline, box = el('div', 'timeline');
              if (data.sides.length > 1) { box.appendChild(el('h3', null, side.label)); }
              if (line.evals.length === 0) {
                box.appendChild(el('p', 'note', line.axis ? 'No body evaluations in this trace.'
                  : 'No evaluation in this trace has a timestamp (ts) or transaction (tx) to place it.'));
                host.appendChild(box);
                return;
              }
              var width = 1000, height = 120;
              box.appendChild(el('div', 'axis', int(peak) + ' evals'));
              var picture = svg('svg', { viewBox: '0 0 ' + width + ' ' + height, preserveAspectRatio: 'none', role: 'img',
                'class': 'timeline-chart', 'aria-label': 'Body evaluations of ' + side.label + ' over ' + (line.axis === 'transaction' ? 'transactions' : 'time') });
              picture.appendChild(svg('line', { 'class': 'baseline', x1: 0, y1: height - 0.5, x2: width, y2: height - 0.5 }));
              var step = width * line.bucket / span;
              line.evals.forEach(function (count, index) {
                if (!count) { return; }
                var h = Math.max(count / peak * height, 1), x = index * step, w = Math.max(step - (step > 4 ? 1 : 0), 0.6);
                var group = svg('g');
                var wasted = line.wasted[index] || 0;
                var title = svg('title');
                var from = index * line.bucket;
                var where = line.axis === 'transaction'
                  ? (line.bucket === 1 ? 'transaction ' + int(line.start + from) : 'transactions ' + int(line.start + from) + '\\u2013' + int(line.start + from + line.bucket - 1))
                  : 'at ' + ns(from);
                title.textContent = where + ': ' + count + ' evals, ' + wasted + ' wasted, ' + (line.writes[index] || 0) + ' writes';
                group.appendChild(title);
                group.appendChild(svg('rect', { 'class': 'bar', x: x.toFixed(2), y: (height - h).toFixed(2), width: w.toFixed(2), height: h.toFixed(2) }));
                if (wasted) {
                  var wh = wasted / peak * height;
                  group.appendChild(svg('rect', { 'class': 'waste', x: x.toFixed(2), y: (height - wh).toFixed(2), width: w.toFixed(2), height: wh.toFixed(2) }));
                }
                picture.appendChild(group);
              });
              box.appendChild(picture);
              var axis = el('div', 'axis ends');
              axis.appendChild(el('span', null, position(line, 0)));
              axis.appendChild(el('span', null, position(line, line.axis === 'transaction' ? span - 1 : span)));
              box.appendChild(axis);
              host.appendChild(box);
            });
            var first = data.sides[0].timeline;
            var unit = byTime ? ns(first.bucket) + ' of trace time'
              : (first.bucket === 1 ? 'transaction' : int(first.bucket) + ' transactions') + ' (the trace has no timestamps)';
            document.getElementById('bucket-note').textContent = 'One bar per ' + unit + '; peak ' + int(peak) + ' evaluations.';
          }

          function renderCauses() {
            var host = document.getElementById('causes');
            data.sides.forEach(function (side) {
              var box = el('div', data.sides.length > 1 ? 'side' : null);
              if (data.sides.length > 1) { box.appendChild(el('h3', null, side.label)); }
              if (side.causes.length === 0) { box.appendChild(el('p', 'note', 'No evaluation traced back to a write.')); }
              var list = el('ol', 'causes');
              side.causes.forEach(function (cause) {
                var item = el('li');
                item.appendChild(el('span', 'code', cause.prop ? cause.view + '.' + cause.prop : cause.view));
                if (cause.wrapper) { item.appendChild(el('span', 'tag', '@' + cause.wrapper)); }
                if (cause.site) { item.appendChild(el('span', 'note code', cause.site + ' ')); }
                item.appendChild(el('span', null, '\\u2192 ' + int(cause.evals) + ' evaluations in ' + cause.views
                  + (cause.views === 1 ? ' view' : ' views') + ' from ' + int(cause.writes) + (cause.writes === 1 ? ' write' : ' writes')));
                list.appendChild(item);
              });
              box.appendChild(list);
              host.appendChild(box);
            });
          }

          function wireFlameSearch() {
            var input = document.getElementById('flame-search');
            input.addEventListener('input', function () {
              Array.prototype.forEach.call(document.querySelectorAll('svg.tracer-flame'), function (graph) {
                if (graph.tracerFlame) { graph.tracerFlame.search(input.value); }
              });
            });
          }

          renderSides();
          renderTable();
          renderTimelines();
          renderCauses();
          wireFlameSearch();
          var ready = el('div');
          ready.id = 'tracer-ready';
          ready.hidden = true;
          ready.setAttribute('data-rows', String(document.querySelectorAll('#view-table tr.view-row').length));
          ready.setAttribute('data-frames', String(document.querySelectorAll('svg.tracer-flame g.frame').length));
          document.body.appendChild(ready);
        })();
        """
}
