import TraceSupport

extension WhyRenderer {
    /// The columns of a view's list of evaluations (`why --list`).
    static let listColumns = ["seq", "ts", "body time", "path", "values"]

    /// The rows of `evaluations`: seq, timestamp, body time (`-` when untimed, `n/a` when the
    /// source records none), path and the values of its writes.
    static func listRows(_ evaluations: [WhyEvaluation], _ result: WhyResult, markdown: Bool) -> [[String]] {
        evaluations.map { evaluation in
            [
                evaluation.seq.map(String.init) ?? "n/a", evaluation.ts.map { Formatting.duration($0) } ?? "n/a",
                result.availability.bodyTime ? evaluation.bodyTimeNs.map { Formatting.duration($0) } ?? "-" : "n/a",
                markdown ? Formatting.markdownCode(WhyText.path(evaluation.key)) : WhyText.path(evaluation.key),
                valueText(evaluation, result, markdown: markdown),
            ]
        }
    }

    /// What the writes on an evaluation's path wrote, `; ` between them, each led by its write's
    /// name when more than one has a value (empty when the trace recorded no values or none had one).
    static func valueText(_ evaluation: WhyEvaluation, _ result: WhyResult, markdown: Bool) -> String {
        guard result.availability.values else { return "" }
        let key = evaluation.key
        let writes = [(WhyText.root(key), evaluation.values)]
            + evaluation.stepValues.sorted { $0.key < $1.key }.map { (WhyText.hop(key.hops[$0.key]), $0.value) }
        let shown = writes.compactMap { name, values in WhyText.value(values).map { (name, $0) } }
        let text = shown.map { shown.count > 1 ? "\($0.0): \($0.1)" : $0.1 }.joined(separator: "; ")
        return markdown && !text.isEmpty ? Formatting.markdownCode(text) : text
    }

    /// The line that says how many evaluations `--top` left out of the list (nil when none).
    static func listRestLine(_ view: WhyView) -> String? {
        let left = view.total.evals - (view.evaluations?.count ?? 0)
        return left > 0 ? "+ \(WhyText.plural(left, "more evaluation")) left out" : nil
    }

    /// A view's list of evaluations as text: a table, the line of those left out.
    static func listText(_ view: WhyView, _ evaluations: [WhyEvaluation], _ result: WhyResult) -> String {
        var output = Formatting.table([listColumns] + listRows(evaluations, result, markdown: false), leftAligned: [3, 4], separatorBefore: 1)
        if let rest = listRestLine(view) { output += rest + "\n" }
        return output
    }

    /// A view's list of evaluations as a Markdown table, and the line of those left out.
    static func listMarkdown(_ view: WhyView, _ evaluations: [WhyEvaluation], _ result: WhyResult) -> String {
        var output = "| " + listColumns.joined(separator: " | ") + " |\n|---:|---:|---:|---|---|\n"
        for row in listRows(evaluations, result, markdown: true) { output += "| " + row.joined(separator: " | ") + " |\n" }
        if let rest = listRestLine(view) { output += "\n" + Formatting.markdown(rest) + "\n" }
        return output
    }

    /// A view's `evaluations` array (`why --list`): each evaluation's `seq`, `ts`, `bodyTimeNs`
    /// (`null` when untimed or the source records no body time), `path`, `hops` and `values`;
    /// then `omittedEvaluations`.
    static func listJSON(_ view: WhyView, _ evaluations: [WhyEvaluation], _ availability: WhyAvailability, into json: inout JSONWriter) {
        json.objects("evaluations", evaluations) { json, evaluation in
            json.field("seq", evaluation.seq)
            json.field("ts", evaluation.ts)
            json.field("bodyTimeNs", availability.bodyTime ? evaluation.bodyTimeNs : nil)
            let path = WhyPath(key: evaluation.key, figures: WhyFigures(), values: evaluation.values, stepValues: evaluation.stepValues)
            steps(path, availability, into: &json)
            rootValues(path, availability, into: &json)
        }
        json.field("omittedEvaluations", view.total.evals - evaluations.count)
    }
}
