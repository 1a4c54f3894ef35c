import TraceSupport

/// The report page's "Why" section: each view's cause paths (`tracectl why`), rendered on the
/// server side, one anchored `<section>` per view that its row in the view table links to.
enum WhyHTML {
    /// The glob of the page's paths: every view.
    static let everyView = ViewGlob("**")
    /// How many paths a view's section shows (the page's `why` result is cut there); the rest
    /// are summed in one line.
    static let pathLimit = 5

    /// The anchor of each view that has a section (one with evaluations or skips), by view path.
    static func anchors(_ result: WhyResult) -> [String: String] {
        var anchors: [String: String] = [:]
        for (index, view) in result.views.enumerated() where view.pathCount > 0 { anchors[view.view] = "why-\(index + 1)" }
        return anchors
    }

    /// The section, every name escaped; writes' values only with `values` (else nothing is said of
    /// them, as when they were not recorded). Empty when no view has a path.
    static func section(_ result: WhyResult, values: Bool) -> String {
        var result = result
        result.availability.values = result.availability.values && values
        let anchors = anchors(result)
        guard !anchors.isEmpty else { return "" }
        var html = "<h2 id=\"why\">Why each view re-evaluated</h2>\n<p class=\"note\">"
            + "Each view's evaluations by cause path (as <code>tracectl why</code> prints them), "
            + "the \(pathLimit) most frequent paths of each.</p>\n"
        for view in result.views {
            guard let anchor = anchors[view.view] else { continue }
            html += viewSection(view, anchor: anchor, result)
        }
        return html
    }

    /// One view's section: its totals, a table of its paths and a sentence per path.
    private static func viewSection(_ view: WhyView, anchor: String, _ result: WhyResult) -> String {
        var html = "<section class=\"why\" id=\"\(anchor)\">\n<h3>Why <code>\(Markup.escape(view.view))</code> re-evaluated</h3>\n"
        html += "<p class=\"note\">\(Markup.escape(WhyRenderer.headline(view, result.availability)))</p>\n"
        html += "<div class=\"table-wrap\"><table class=\"why-table\">\n<tr>"
            + WhyRenderer.columns(shared: view.total.shared > 0).map { "<th>\(Markup.escape($0))</th>" }.joined() + "</tr>\n"
        for path in view.paths {
            let row = WhyRenderer.cells(path.figures, of: view.total, result.availability)
                + [path.figures.examples.map(String.init).joined(separator: ", "), WhyText.path(path.key)]
            html += "<tr>" + row.map { "<td>\(Markup.escape($0))</td>" }.joined() + "</tr>\n"
        }
        html += "</table></div>\n"
        if let rest = view.omitted { html += "<p class=\"note\">\(Markup.escape(WhyRenderer.restLine(rest, result.availability)))</p>\n" }
        html += "<ol>\n"
        for path in view.paths {
            html += "<li>\(Markup.escape(WhyText.sentence(path, availability: result.availability)))"
            let lines = WhyRenderer.valueLines(path, result)
            if !lines.isEmpty { html += "<ul>" + lines.map { "<li>\(Markup.escape($0))</li>" }.joined() + "</ul>" }
            html += "</li>\n"
        }
        return html + "</ol>\n</section>\n"
    }
}
