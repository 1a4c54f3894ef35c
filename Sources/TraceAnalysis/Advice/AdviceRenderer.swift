/// Renders an `AdviceReport` as text, the `tracer-advice/1` JSON document or Markdown.
public enum AdviceRenderer {
    /// The advice in `format`, ending with a newline.
    public static func render(_ report: AdviceReport, format: ReportRenderer.Format) -> String {
        switch format {
        case .text: return AdviceText.render(report)
        case .json: return AdviceJSON.render(report)
        case .markdown: return AdviceMarkdown.render(report)
        }
    }

    /// `scenario (variant)` from the header, or the file name.
    static func title(_ report: AdviceReport) -> String {
        guard let scenario = report.header?.scenario else { return report.file }
        return report.header?.variant.map { "\(scenario) (\($0))" } ?? scenario
    }

    /// The words a counts-only finding's heading and savings carry.
    static let countsOnlyMark = "estimated from counts"

    /// A finding's heading: its pattern's title, and for a counts-only form that it is one.
    static func heading(_ finding: AdviceFinding) -> String {
        finding.pattern.title + (finding.estimatedFromCounts ? " (\(countsOnlyMark), not the full finding)" : "")
    }

    /// `saves ~476 body evaluations (476.0 µs) and 0 state re-creations`, or for a fix that saves
    /// part of each evaluation `saves ~735 rebuilt view values (765.6 µs, as much as 31 evaluations)`;
    /// for a counts-only form, `saves at most ~…`.
    static func savings(_ finding: AdviceFinding, in report: AdviceReport) -> String {
        let text = savings(finding.savings, in: report)
        return finding.estimatedFromCounts ? text.replacingOccurrences(of: "saves ~", with: "saves at most ~") : text
    }

    /// The savings line of `savings` (see `savings(_:in:)` of a finding).
    static func savings(_ savings: EstimatedSavings, in report: AdviceReport) -> String {
        let figure = bodyTime(savings, in: report)
        let time = savings.bodyTimeNs == nil ? "body time \(figure)" : figure
        if savings.viewValues > 0 && savings.bodyEvals == 0 {
            return "saves ~\(savings.viewValues) rebuilt view values (\(time), as much as \(savings.evaluationEquivalents) evaluations)"
        }
        return "saves ~\(savings.bodyEvals) body evaluations (\(time)) and \(savings.stateRecreations) state re-creations"
    }

    /// The body time a finding saves (`476.0 µs`): `-` when none of its evaluations has a `dur`,
    /// `n/a` when the trace's source records none.
    static func bodyTime(_ savings: EstimatedSavings, in report: AdviceReport) -> String {
        if let ns = savings.bodyTimeNs { return Formatting.duration(ns) }
        return report.header?.can(.duration) == false ? ReportTable.notAvailable : "-"
    }

    /// A finding's labelled lines after its savings: evidence, estimate method and fix, with the
    /// free text escaped for the format.
    static func details(_ finding: AdviceFinding, escape: (String) -> String) -> [(label: String, value: String)] {
        [("evidence", evidence(finding)), ("estimate", escape(finding.estimate)), ("fix", finding.pattern.suggestion)]
    }

    /// `240 writes, 480 evaluations caused, …`: each count with its name in words.
    private static func evidence(_ finding: AdviceFinding) -> String {
        finding.evidence.map { "\($0.count) \(words($0.name))" }.joined(separator: ", ")
    }

    /// `View.prop (Wrapper) at site → child`.
    static func subject(_ finding: AdviceFinding) -> String {
        var text = finding.subject
        if !finding.site.isEmpty { text += " at \(finding.site)" }
        if let related = finding.relatedView { text += " → \(related)" }
        return text
    }

    /// The closing lines: findings below the minimum, patterns not evaluated; when no pattern
    /// could be evaluated, they open with that, never with "no finding" (nothing was looked for).
    static func footnotes(_ report: AdviceReport) -> [String] {
        var lines: [String] = []
        if report.notEvaluated.count == AdvicePattern.allCases.count {
            let source = report.header?.source.map { " (source \($0))" } ?? ""
            lines.append("Nothing could be evaluated: each of the \(AdvicePattern.allCases.count) patterns needs what the trace\(source) "
                + "does not record (below); no finding here is not a clean bill.")
        } else if report.findings.isEmpty {
            lines.append("No finding saves \(report.minimumSavings) or more.")
        }
        if report.findingsBelowMinimum > 0 {
            lines.append("\(report.findingsBelowMinimum) finding(s) below --min-savings \(report.minimumSavings) not shown.")
        }
        if let untimed = untimedNote(report) { lines.append(untimed + ".") }
        for skipped in report.notEvaluated {
            let source = report.header?.source.map { " (source \($0))" } ?? ""
            lines.append("Not evaluated: \(skipped.pattern.rawValue): the trace\(source) lacks "
                + skipped.missing.map(\.rawValue).joined(separator: ", ") + ".")
        }
        if !report.estimates.isEmpty {
            lines.append("Below, \(report.estimates.count) \(countsOnlyMark) (E1…): what the counts alone show of patterns not evaluated, "
                + "each saving at most what it says; not findings.")
        }
        return lines
    }

    /// The note that some evaluations have no duration, when they do (standard error's warning too).
    package static func untimedNote(_ report: AdviceReport) -> String? {
        guard report.untimedEvaluations > 0 else { return nil }
        return "\(report.untimedEvaluations) body evaluation(s) have no duration\(TraceSummary.whyUntimed(report.header)): body time savings are scaled from the timed evaluations of each finding, - where none is timed"
    }

    /// `updatesWithEvaluations` → `updates with evaluations`.
    private static func words(_ camelCase: String) -> String {
        var result = ""
        for character in camelCase {
            if character.isUppercase { result += " " + character.lowercased() } else { result.append(character) }
        }
        return result
    }
}
