import TraceSupport

/// Writes a `WhyResult` as text for terminals, Markdown for pull requests, or the
/// `tracer-why/1` JSON document.
public enum WhyRenderer {
    /// The formats `why` offers.
    public enum Format: String, Sendable, CaseIterable {
        /// Text for a terminal, `tracer-why/1`, or Markdown.
        case text, json, markdown
    }

    /// The JSON schema id of the `json` format.
    public static let schema = "tracer-why/1"

    /// `result` in `format`, each view's first `top` paths shown (all when nil) and the rest summed.
    public static func render(_ result: WhyResult, format: Format, top: Int?) -> String {
        var text = ""
        render(result, format: format, top: top, into: &text)
        return text
    }

    /// `result` in `format` written to `output` view by view: a document of many paths is never
    /// held whole.
    package static func render(_ result: WhyResult, format: Format, top: Int?, into output: inout some TextOutputStream) {
        switch format {
        case .json:
            json(result, top: top, into: &output)
        case .text, .markdown:
            for (index, view) in result.views.enumerated() {
                if index > 0 { output.write("\n") }
                output.write(format == .text ? text(view, result, top: top) : markdown(view, result, top: top))
            }
        }
    }

    /// The columns of a view's table of paths.
    static let columns = ["evals", "share", "wasted", "skips", "body time", "first", "last", "examples", "path"]

    /// The paths shown and the sum of those left out (nil when none were).
    static func split(_ view: WhyView, top: Int?) -> (shown: ArraySlice<WhyPath>, rest: (paths: Int, figures: WhyFigures)?) {
        let shown = view.paths.prefix(top ?? view.paths.count)
        guard shown.count < view.paths.count else { return (shown, nil) }
        var rest = WhyFigures()
        for path in view.paths[shown.count...] { rest.add(path.figures) }
        return (shown, (view.paths.count - shown.count, rest))
    }

    /// The figure cells of a row: evaluations, share, wasted, skips, body time, first, last.
    static func cells(_ figures: WhyFigures, of total: WhyFigures, _ availability: WhyAvailability) -> [String] {
        let share = total.evals > 0 ? Formatting.fixed(Double(figures.evals) * 100 / Double(total.evals), decimals: 1) + "%" : "n/a"
        return [
            String(figures.evals), share, availability.wasted ? String(figures.wasted) : "n/a",
            availability.skips ? String(figures.skips) : "n/a",
            availability.bodyTime ? Formatting.duration(figures.bodyTimeNs) : "n/a",
            figures.firstTs.map { Formatting.duration($0) } ?? "n/a", figures.lastTs.map { Formatting.duration($0) } ?? "n/a",
        ]
    }

    /// The line a view's section opens with: its totals.
    static func headline(_ view: WhyView, _ availability: WhyAvailability) -> String {
        let total = view.total
        return WhyText.plural(total.evals, "evaluation") + " (\(availability.wasted ? String(total.wasted) : "n/a") wasted), "
            + "\(availability.skips ? String(total.skips) : "n/a") skips, body time "
            + "\(availability.bodyTime ? Formatting.duration(total.bodyTimeNs) : "n/a"), " + WhyText.plural(view.paths.count, "path")
    }

    /// The line that sums the paths `--top` left out (`n/a` for what the source does not record).
    static func restLine(_ rest: (paths: Int, figures: WhyFigures), _ availability: WhyAvailability) -> String {
        "+ \(WhyText.plural(rest.paths, "more path")) left out: \(WhyText.plural(rest.figures.evals, "evaluation")), "
            + "\(availability.wasted ? String(rest.figures.wasted) : "n/a") wasted, "
            + "\(availability.skips ? String(rest.figures.skips) : "n/a") skips"
    }

    /// The value lines of `path` (none when the trace recorded no values); values are written as
    /// JSON strings (escapes shown, nothing a terminal acts on), in code spans for Markdown.
    static func valueLines(_ path: WhyPath, _ result: WhyResult, markdown: Bool = false) -> [String] {
        guard result.availability.values else { return [] }
        return WhyText.valueLines(path.values) { value in
            let quoted = JSONText.quoted(value, embeddable: false)
            return markdown ? Formatting.markdownCode(quoted) : quoted
        }
    }

    /// One view's section as text: a table of its paths and a sentence per path.
    static func text(_ view: WhyView, _ result: WhyResult, top: Int?) -> String {
        let (shown, rest) = split(view, top: top)
        var output = "why \(view.view) — \(result.file)\n\(headline(view, result.availability))\n"
        if !result.availability.causes { output += "cause paths: n/a (the trace's source records no causes)\n" }
        output += "\n"
        let rows = shown.map { path in
            cells(path.figures, of: view.total, result.availability) + [path.figures.examples.map(String.init).joined(separator: ","), WhyText.path(path.key)]
        }
        output += Formatting.table([columns] + rows, leftAligned: [7, 8], separatorBefore: 1)
        if let rest { output += restLine(rest, result.availability) + "\n" }
        output += "\n"
        for (index, path) in shown.enumerated() {
            output += "\(index + 1). \(WhyText.sentence(path, availability: result.availability))\n"
            for line in valueLines(path, result) { output += "   \(line)\n" }
        }
        return output
    }

    /// One view's section as Markdown: a heading, a table and a sentence per path.
    static func markdown(_ view: WhyView, _ result: WhyResult, top: Int?) -> String {
        let (shown, rest) = split(view, top: top)
        var output = "### Why \(Formatting.markdownCode(view.view)) re-evaluated\n\n\(headline(view, result.availability))\n\n"
        output += "| evals | share | wasted | skips | body time | first | last | examples | path |\n"
        output += "|---:|---:|---:|---:|---:|---:|---:|---|---|\n"
        for path in shown {
            let row = cells(path.figures, of: view.total, result.availability)
                + [path.figures.examples.map(String.init).joined(separator: ", "), Formatting.markdownCode(WhyText.path(path.key))]
            output += "| " + row.joined(separator: " | ") + " |\n"
        }
        if let rest { output += "\n" + Formatting.markdown(restLine(rest, result.availability)) + "\n" }
        output += "\n"
        for path in shown {
            output += "- " + Formatting.markdown(WhyText.sentence(path, availability: result.availability)) + "\n"
            for line in valueLines(path, result, markdown: true) { output += "  - \(line)\n" }
        }
        return output
    }
}
