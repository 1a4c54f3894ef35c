/// The stylesheet and script of Tracer's interactive flame graph, shared by the standalone SVG and
/// the HTML pages (one mechanism: the markup is rendered by `FlameSVGRenderer`, the script only
/// moves, labels and highlights existing frames).
///
/// NB: the script reads names from `data-n` attributes and writes them with `textContent`, so a
/// name is never parsed as markup.
enum FlameGraphScript {
    static let style = """
        svg.tracer-flame { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
        svg.tracer-flame .frame { cursor: pointer; }
        svg.tracer-flame .frame text { pointer-events: none; fill: #1d1d1f; }
        svg.tracer-flame .frame:hover rect { stroke: #1d1d1f; stroke-width: 1; }
        svg.tracer-flame .frame.parent rect { opacity: 0.55; }
        svg.tracer-flame .frame.match rect { fill: #d63aff; }
        svg.tracer-flame .flame-button { cursor: pointer; fill: #0b57d0; }
        svg.tracer-flame .flame-title { font-size: 15px; font-weight: 600; }
        """

    static let script = """
        (function () {
          function initFlame(svg) {
            if (svg.getAttribute('data-flame-ready') === 'true') { return; }
            var pad = 10, inner = +svg.getAttribute('data-width') - 2 * pad;
            var frames = Array.prototype.slice.call(svg.querySelectorAll('g.frame'));
            var details = svg.querySelector('.flame-details');
            var reset = svg.querySelector('.flame-reset');
            var root = +svg.getAttribute('data-extent');
            var idle = details ? details.textContent : '';
            frames.forEach(function (g) {
              g.fx = +g.getAttribute('data-x'); g.fw = +g.getAttribute('data-w');
              g.fd = +g.getAttribute('data-d'); g.fn = g.getAttribute('data-n');
            });
            function label(g, px) {
              var text = g.querySelector('text'), room = Math.floor((px - 6) / 7), name = g.fn;
              text.textContent = room < 2 ? '' : (name.length <= room ? name : name.slice(0, room - 1) + '\\u2026');
            }
            function zoom(target) {
              var zx = target ? target.fx : 0, zw = target ? target.fw : 1, zd = target ? target.fd : 0;
              var eps = 1e-9;
              frames.forEach(function (g) {
                var x, w;
                if (g.fd < zd) {
                  if (g.fx > zx + eps || g.fx + g.fw < zx + zw - eps) { g.style.display = 'none'; return; }
                  x = 0; w = 1; g.classList.add('parent');
                } else {
                  if (g.fx < zx - eps || g.fx + g.fw > zx + zw + eps) { g.style.display = 'none'; return; }
                  x = (g.fx - zx) / zw; w = g.fw / zw; g.classList.remove('parent');
                }
                g.style.display = '';
                var px = w * inner, rect = g.querySelector('rect'), text = g.querySelector('text');
                rect.setAttribute('x', (pad + x * inner).toFixed(2));
                rect.setAttribute('width', Math.max(px - 1, 0.5).toFixed(2));
                text.setAttribute('x', (pad + x * inner + 3).toFixed(2));
                label(g, px);
              });
              if (reset) { reset.style.opacity = target ? '1' : '0.35'; }
            }
            function search(term) {
              var matched = 0, covered = [];
              frames.forEach(function (g) {
                var hit = term !== '' && g.fn.indexOf(term) >= 0;
                g.classList.toggle('match', hit);
                if (!hit) { return; }
                var inside = covered.some(function (c) { return g.fx >= c[0] - 1e-9 && g.fx + g.fw <= c[1] + 1e-9; });
                if (!inside) { covered.push([g.fx, g.fx + g.fw]); matched += g.fw; }
              });
              if (details) {
                details.textContent = term === '' ? idle
                  : 'Matched \\u201c' + term + '\\u201d: ' + (100 * matched).toFixed(1) + '% of the graph';
              }
              return matched;
            }
            frames.forEach(function (g) {
              var title = g.querySelector('title');
              g.addEventListener('mouseover', function () { if (details) { details.textContent = title.textContent; } });
              g.addEventListener('mouseout', function () { if (details) { details.textContent = idle; } });
              g.addEventListener('click', function (event) { event.stopPropagation(); zoom(g); });
            });
            if (reset) { reset.addEventListener('click', function () { zoom(null); }); }
            var searchButton = svg.querySelector('.flame-search');
            if (searchButton) {
              searchButton.addEventListener('click', function () {
                var term = window.prompt('Highlight frames containing:', '');
                if (term !== null) { search(term); }
              });
            }
            svg.tracerFlame = { zoom: zoom, search: search, extent: root };
            zoom(null);
            svg.setAttribute('data-flame-ready', 'true');
          }
          var all = document.querySelectorAll('svg.tracer-flame');
          for (var i = 0; i < all.length; i++) { initFlame(all[i]); }
        })();
        """
}
