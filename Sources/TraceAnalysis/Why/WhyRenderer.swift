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

    /// `result` in `format`: each view's paths and the sum of those the analysis left out.
    public static func render(_ result: WhyResult, format: Format) -> String {
        var text = ""
        render(result, format: format, into: &text)
        return text
    }

    /// `result` in `format` written to `output` view by view: a document of many paths is never
    /// held whole.
    package static func render(_ result: WhyResult, format: Format, into output: inout some TextOutputStream) {
        switch format {
        case .json:
            json(result, into: &output)
        case .text, .markdown:
            inRuns(result.views) { views, index in
                var text = ""
                for (offset, view) in views.enumerated() {
                    if index + offset > 0 { text += "\n" }
                    text += format == .text ? self.text(view, result) : markdown(view, result)
                }
                return text
            } write: { output.write($0) }
        }
    }

    /// `views` made into parts, a run of views each, on two threads, and written in order.
    ///
    /// NB: views are independent; a window of runs is made at a time and written out before the
    /// next, so a document of many paths is never held whole (a window is 64 views: a view with
    /// every path of a large trace is half a megabyte). `make` is given a run and the index of its
    /// first view.
    static func inRuns<Part: Sendable>(
        _ views: [WhyView], make: @escaping @Sendable (ArraySlice<WhyView>, Int) -> Part, write: (Part) -> Void
    ) {
        let runLength = 16
        let windowLength = runLength * 4
        for window in stride(from: 0, to: views.count, by: windowLength) {
            let runs = Array(stride(from: window, to: min(window + windowLength, views.count), by: runLength))
            let parts = runs.concurrentMap(threads: 2, minimumPart: 1) { start in make(views[start..<min(start + runLength, views.count)], start) }
            for part in parts { write(part) }
        }
    }

    /// The columns of a view's table of paths; `shared` only for a view with evaluations of several causes.
    static func columns(shared: Bool) -> [String] {
        ["evals", "share"] + (shared ? ["shared"] : []) + ["wasted", "skips", "body time", "first", "last", "examples", "path"]
    }

    /// The figure cells of a row: evaluations, share, shared (for a view with any), wasted, skips,
    /// body time, first, last.
    static func cells(_ figures: WhyFigures, of total: WhyFigures, _ availability: WhyAvailability) -> [String] {
        let share = total.evals > 0 ? Formatting.fixed(Double(figures.evals) * 100 / Double(total.evals), decimals: 1) + "%" : "n/a"
        return [String(figures.evals), share] + (total.shared > 0 ? [String(figures.shared)] : []) + [
            availability.wasted ? String(figures.wasted) : "n/a",
            availability.skips ? String(figures.skips) : "n/a",
            availability.bodyTime ? bodyTime(figures) : "n/a",
            figures.firstTs.map { Formatting.duration($0) } ?? "n/a", figures.lastTs.map { Formatting.duration($0) } ?? "n/a",
        ]
    }

    /// The line a view's section opens with: its totals.
    static func headline(_ view: WhyView, _ availability: WhyAvailability) -> String {
        let total = view.total
        return WhyText.plural(total.evals, "evaluation") + " (\(availability.wasted ? String(total.wasted) : "n/a") wasted), "
            + "\(availability.skips ? String(total.skips) : "n/a") skips, body time "
            + "\(availability.bodyTime ? bodyTime(total, noted: true) : "n/a"), " + WhyText.plural(view.pathCount, "path")
            + (total.shared > 0 ? "; \(total.shared) shared: " + sharedNote : "")
    }

    /// What `shared` means, under a headline that counts any.
    static let sharedNote = "an evaluation with several causes counts in evals on its first cause's path, "
        + "in shared on each other one"

    /// The body time of `figures`' timed evaluations, `-` when none is timed (see `Formatting.bodyTime`).
    static func bodyTime(_ figures: WhyFigures, noted: Bool = false) -> String {
        Formatting.bodyTime(figures.bodyTimeNs, timed: figures.timedEvals, untimed: figures.evals - figures.timedEvals, noted: noted)
    }

    /// The line that sums the paths `--top` left out (`n/a` for what the source does not record).
    static func restLine(_ rest: WhyOmitted, _ availability: WhyAvailability) -> String {
        "+ \(WhyText.plural(rest.paths, "more path")) left out: \(WhyText.plural(rest.figures.evals, "evaluation")), "
            + (rest.figures.shared > 0 ? "\(rest.figures.shared) shared, " : "")
            + "\(availability.wasted ? String(rest.figures.wasted) : "n/a") wasted, "
            + "\(availability.skips ? String(rest.figures.skips) : "n/a") skips"
    }

    /// The lines under a view's table that say how its evaluations without a recorded cause
    /// fared: `≈ inferred: 240 evaluations (same-update-sole-root)`, each abstention, and those
    /// whose source gives no cause; none when the inference had nothing to do.
    static func inferenceLines(_ inference: WhyInference) -> [String] {
        var lines: [String] = []
        if !inference.inferred.isEmpty {
            lines.append("≈ inferred: " + inference.inferred.sorted { $0.key < $1.key }.map { "\(WhyText.plural($0.value, "evaluation")) (\($0.key))" }.joined(separator: ", "))
        }
        for (abstention, count) in inference.abstained.sorted(by: { $0.key < $1.key }) {
            lines.append("unknown: \(WhyText.plural(count, "evaluation")), \(abstention)")
        }
        if inference.noCause > 0 {
            lines.append("unknown: \(WhyText.plural(inference.noCause, "evaluation")), the source gives no cause (none recorded in the update)")
        }
        return lines
    }

    /// `inferenceLines` as Markdown, after a blank line (empty when there are none).
    static func inferenceMarkdown(_ inference: WhyInference) -> String {
        let lines = inferenceLines(inference)
        return lines.isEmpty ? "" : "\n" + lines.map { Formatting.markdown($0) }.joined(separator: "  \n") + "\n"
    }

    /// The value lines of `path`'s writes (none when the trace recorded no values): its root
    /// write's, then each caused write's in path order, each line led by its write's name when
    /// more than one write has values; values are written as JSON strings (escapes shown, nothing
    /// a terminal acts on), in code spans for Markdown.
    static func valueLines(_ path: WhyPath, _ result: WhyResult, markdown: Bool = false) -> [String] {
        guard result.availability.values else { return [] }
        return valueLines(root: path.values, steps: path.stepValues, of: path.key, markdown: markdown)
    }

    /// The value lines of the writes on `key`: `root`'s, then `steps`' (by hop index).
    static func valueLines(root: WhyValues, steps: [Int: WhyValues], of key: WhyPathKey, markdown: Bool) -> [String] {
        let quote = { (value: String) in
            let quoted = JSONText.quoted(value, embeddable: false)
            return markdown ? Formatting.markdownCode(quoted) : quoted
        }
        let writes = [(WhyText.root(key), root)] + steps.sorted { $0.key < $1.key }.map { (WhyText.hop(key.hops[$0.key]), $0.value) }
        let named = writes.filter { !$0.1.isEmpty }.count > 1
        return writes.flatMap { name, values in
            WhyText.valueLines(values, quote: quote).map { named ? "\(markdown ? Formatting.markdown(name) : name): \($0)" : $0 }
        }
    }

    /// One view's section as text: a table of its paths and a sentence per path.
    static func text(_ view: WhyView, _ result: WhyResult) -> String {
        var output = "why \(view.view) — \(result.file)\n\(headline(view, result.availability))\n"
        if !result.availability.causes { output += "cause paths: n/a (the trace's source records no causes)\n" }
        output += "\n"
        if let evaluations = view.evaluations {
            output += listText(view, evaluations, result)
            for line in inferenceLines(view.inference) { output += line + "\n" }
            return output
        }
        let rows = view.paths.map { path in
            cells(path.figures, of: view.total, result.availability) + [path.figures.examples.map(String.init).joined(separator: ","), WhyText.path(path.key)]
        }
        let shared = view.total.shared > 0
        output += Formatting.table([columns(shared: shared)] + rows, leftAligned: shared ? [8, 9] : [7, 8], separatorBefore: 1)
        if let rest = view.omitted { output += restLine(rest, result.availability) + "\n" }
        for line in inferenceLines(view.inference) { output += line + "\n" }
        output += "\n"
        for (index, path) in view.paths.enumerated() {
            output += "\(index + 1). \(WhyText.sentence(path, availability: result.availability))\n"
            for line in valueLines(path, result) { output += "   \(line)\n" }
        }
        return output
    }

    /// One view's section as Markdown: a heading, a table and a sentence per path.
    static func markdown(_ view: WhyView, _ result: WhyResult) -> String {
        var output = "### Why \(Formatting.markdownCode(view.view)) re-evaluated\n\n\(headline(view, result.availability))\n\n"
        if let evaluations = view.evaluations {
            output += listMarkdown(view, evaluations, result)
            return output + inferenceMarkdown(view.inference)
        }
        let header = columns(shared: view.total.shared > 0)
        output += "| " + header.joined(separator: " | ") + " |\n"
        output += "|" + String(repeating: "---:|", count: header.count - 2) + "---|---|\n"
        for path in view.paths {
            let row = cells(path.figures, of: view.total, result.availability)
                + [path.figures.examples.map(String.init).joined(separator: ", "), Formatting.markdownCode(WhyText.path(path.key))]
            output += "| " + row.joined(separator: " | ") + " |\n"
        }
        if let rest = view.omitted { output += "\n" + Formatting.markdown(restLine(rest, result.availability)) + "\n" }
        output += inferenceMarkdown(view.inference) + "\n"
        for path in view.paths {
            output += "- " + Formatting.markdown(WhyText.sentence(path, availability: result.availability)) + "\n"
            for line in valueLines(path, result, markdown: true) { output += "  - \(line)\n" }
        }
        return output
    }
}
