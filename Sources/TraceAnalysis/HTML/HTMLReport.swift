import TracerCore
import TraceSupport

/// Self-contained HTML pages: the report of one trace and the comparison of two.
///
/// One file, no network (a Content-Security-Policy forbids it): inline CSS, inline script, inline
/// SVG flame graph. Trace data travels in a `<script type="application/json">` block with `<`
/// escaped, and the page's script builds the DOM with `textContent`, so any name is shown as text.
public enum HTMLReport {
    /// The report page of one trace: summary, sortable per-view table, flame graph (weighted by
    /// evaluations), evaluations-per-frame timeline, the writes that caused the most evaluations
    /// and, when the profile has them (`whyPaths`), each view's cause paths, linked from its row;
    /// writes' values only with `values`.
    public static func report(_ profile: VisualProfile, values: Bool = false) -> String {
        let tree = FlameTree(views: profile.summary, weight: .evals)
        let flame = FlameSVGRenderer.render(
            tree, options: .init(title: "Body evaluations by view", unit: FlameWeight.evals.unit, standalone: false))
        let header = profile.summary.header
        var subtitle = profile.summary.file
        if let scenario = header?.scenario { subtitle += " · scenario \(scenario)" }
        if let variant = header?.variant { subtitle += " · variant \(variant)" }
        return page(
            title: "Tracer report — \(profile.label)", heading: "Tracer report", subtitle: subtitle,
            flame: flame, flameNote: "Width: body evaluations. Hover for counts, click a frame to zoom.",
            data: PageData.report(profile), sections: profile.advice.map(AdviceHTML.section) ?? "",
            trailing: profile.why.map { WhyHTML.section($0, values: values) } ?? "")
    }

    /// The comparison page: both traces side by side, the per-view delta table, a red/blue
    /// differential flame graph and both timelines on one scale.
    public static func diff(_ diff: TraceDiff) -> String {
        let samples = FlameSample.differentialSamples(base: diff.base.summary, variant: diff.variant.summary, weight: .evals)
        let flame = FlameSVGRenderer.render(
            FlameTree(samples: samples, differential: true),
            options: .init(
                title: "Body evaluations: \(diff.variantLabel) vs \(diff.baseLabel)", unit: FlameWeight.evals.unit,
                standalone: false, baselineLabel: diff.baseLabel, variantLabel: diff.variantLabel))
        return page(
            title: "Tracer diff — \(diff.variantLabel) vs \(diff.baseLabel)", heading: "Tracer comparison",
            subtitle: "\(diff.base.summary.file) → \(diff.variant.summary.file)", flame: flame,
            flameNote: "Width: the larger side. Red: more evaluations in \(diff.variantLabel); blue: fewer.",
            data: PageData.diff(diff), sections: edgeSection(diff) + timeSection(diff))
    }

    /// The comparison page's "Cause graph" section: the edges new, removed or changed, rendered on
    /// the server side, every name escaped; empty when the comparison has no cause graphs.
    private static func edgeSection(_ diff: TraceDiff) -> String {
        guard let section = DiffRenderer.edgeSection(diff, limit: nil) else { return "" }
        var html = "<h2>Cause graph</h2>\n<p class=\"note\">\(Markup.escape(section.headline))</p>\n"
        if section.rows.count > 1 {
            html += "<div class=\"table-wrap\"><table id=\"edge-table\">\n"
            for (index, row) in section.rows.enumerated() {
                let cell = index == 0 ? "th" : "td"
                html += "<tr>" + row.map { "<\(cell)>\(Markup.escape($0))</\(cell)>" }.joined() + "</tr>\n"
            }
            html += "</table></div>"
        }
        return html
    }

    /// The comparison page's "Body time over runs" section: each compared figure's verdict, p,
    /// shift, interval and runs; empty when each side has one run.
    private static func timeSection(_ diff: TraceDiff) -> String {
        guard let times = diff.times else { return "" }
        var html = "<h2>Body time over runs</h2>\n<p class=\"note\">\(Markup.escape(times.headline))</p>\n"
        html += "<div class=\"table-wrap\"><table id=\"time-table\">\n"
        for (index, row) in times.table.enumerated() {
            let cell = index == 0 ? "th" : "td"
            html += "<tr>" + row.map { "<\(cell)>\(Markup.escape($0))</\(cell)>" }.joined() + "</tr>\n"
        }
        return html + "</table></div>"
    }

    /// The whole page around its parts: head, styles, the sections in reading order, the data and
    /// the scripts.
    ///
    /// NB: one literal, though long: it is the page's markup in document order, which split into
    /// pieces would no longer read as the page it makes.
    private static func page(
        title: String, heading: String, subtitle: String, flame: String, flameNote: String, data: String,
        sections: String = "", trailing: String = ""
    ) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
        <meta name="generator" content="\(Markup.escape(TraceSchema.tool))">
        <title>\(Markup.escape(title))</title>
        <style>
        \(PageAssets.style)
        \(FlameGraphScript.style)
        </style>
        </head>
        <body>
        <header>
        <h1>\(Markup.escape(heading))</h1>
        <p class="subtitle">\(Markup.escape(subtitle))</p>
        </header>
        <p id="verdict" class="verdict"></p>
        <section id="sides" class="sides" aria-label="Summary"></section>
        \(sections)
        <h2>Views</h2>
        <input type="search" id="view-filter" placeholder="Filter views by path…" aria-label="Filter views">
        <div class="table-wrap"><table id="view-table"></table></div>
        <h2>Flame graph</h2>
        <p class="note">\(Markup.escape(flameNote))</p>
        <input type="search" id="flame-search" placeholder="Highlight frames containing…" aria-label="Highlight frames">
        <div class="flame-wrap">
        \(flame)</div>
        <h2>Evaluations per frame</h2>
        <p class="note legend"><span><i class="swatch" style="background:#4c8bf5"></i>body evaluations</span><span><i class="swatch" style="background:#f29900"></i>wasted (nothing changed)</span><span id="bucket-note"></span></p>
        <div id="timelines" class="sides"></div>
        <h2>Causes</h2>
        <p class="note">The state writes whose cause chains led to the most body evaluations.</p>
        <div id="causes" class="sides"></div>
        \(trailing)
        <script type="application/json" id="tracer-data">\(data)</script>
        <script>
        window.addEventListener('error', function (event) {
          var banner = document.createElement('p');
          banner.className = 'error';
          banner.textContent = 'This report could not be rendered: ' + event.message;
          document.body.insertBefore(banner, document.body.firstChild);
        });
        </script>
        <script>
        \(FlameGraphScript.script)
        </script>
        <script>
        \(PageAssets.script)
        </script>
        </body>
        </html>

        """
    }
}
