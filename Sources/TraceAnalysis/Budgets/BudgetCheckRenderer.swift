import TraceSupport

/// Renders a `BudgetCheck` for people (text), programs (`tracer-check/1` JSON), CI test reports
/// (JUnit XML) and GitHub Actions (workflow commands and a job-summary table).
public enum BudgetCheckRenderer {
    /// The schema id of the JSON document.
    public static let schema = "tracer-check/1"

    /// One line per rule (status, view, metric, expected, found), the worst offenders' top causes
    /// under each breach, and a closing count.
    public static func text(_ check: BudgetCheck, budget: String) -> String {
        var output = "budget: \(budget)  traces: \(check.traces.joined(separator: ", "))\n\n"
        var rows: [[String]] = [["status", "view", "metric", "expected", "found", "rule"]]
        var details: [Int: [String]] = [:]
        for result in check.results {
            rows.append([
                result.status.rawValue.uppercased(), result.view ?? result.rule.subject, result.rule.metric.rawValue + scope(result.rule),
                result.expected, result.found.map(result.rule.metric.format) ?? "-", "\(result.rule.path) (line \(result.rule.line))",
            ])
            var lines = result.note.map { ["  note: \($0)"] } ?? []
            if let comparison = result.comparison { lines.append("  time: \(ComparisonRenderer.sentence(comparison))") }
            for offender in result.offenders where result.status == .fail || result.status == .warn {
                lines.append("  \(offender.view): \(figure(offender, of: result))")
                for cause in offender.causes {
                    let site = cause.origin.site.isEmpty ? "" : " at \(cause.origin.site)"
                    lines.append("    ← \(ReportTable.cause(cause))\(site)")
                }
            }
            if !lines.isEmpty { details[rows.count - 1] = lines }
        }
        for (index, line) in Formatting.table(rows, leftAligned: [0, 1, 2, 3, 5]).split(separator: "\n").enumerated() {
            output += line + "\n"
            // NB: offenders and causes name views and properties from the trace.
            for detail in details[index] ?? [] { output += TerminalText.sanitize(detail) + "\n" }
        }
        return output + "\n" + verdict(check) + "\n"
    }

    /// An offender's figure, in its rule's metric's unit; a `new-edges` offender (the rule counts
    /// edges) by its edge's evaluations and skips, `5 evals, 120 skips`.
    static func figure(_ offender: BudgetCheck.Offender, of result: BudgetCheck.Result) -> String {
        if let edge = offender.edge, result.rule.metric.edgeMeasure == .new { return GraphRenderer.counts(edge) }
        return result.rule.metric.format(offender.value)
    }

    /// `FAIL: 1 failed, 1 warned, 3 passed, 1 off, 0 skipped`.
    public static func verdict(_ check: BudgetCheck) -> String {
        let head = check.exitStatus != 0 ? "FAIL" : check.count(.warn) > 0 ? "PASS with warnings" : "PASS"
        return "\(head): \(check.count(.fail)) failed, \(check.count(.warn)) warned, \(check.count(.pass)) passed, "
            + "\(check.count(.off)) off, \(check.count(.skipped)) skipped"
    }

    /// The `tracer-check/1` document:
    /// `{"schema","budget","traces":[…],"status","results":[{"rule","line","view","metric","level",
    /// "status","expected","max","min","baseline","found","saturated"?,"worstView","note","message",
    /// "comparison"?,"offenders":[{"view","value","saturated"?,"causes":[…]}]}],"summary":{"passed","warned","failed","off","skipped"}}`;
    /// `"saturated":true` follows a body-time total that reached `Int64.max` ns, and only then;
    /// `"comparison"` (see `ComparisonRenderer.write`) a time rule compared over baseline runs.
    public static func json(_ check: BudgetCheck, budget: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("schema", schema)
        json.field("budget", budget)
        json.strings("traces", check.traces)
        json.field("status", check.exitStatus != 0 ? "fail" : "pass")
        json.objects("results", check.results) { json, result in
            json.field("rule", result.rule.path)
            json.field("line", result.rule.line)
            json.field("view", result.rule.view)
            // NB: only an edge rule has a source; other rules' results keep their fields.
            if let source = result.rule.source { json.field("source", source) }
            json.field("metric", result.rule.metric.rawValue)
            json.field("level", result.rule.level.rawValue)
            json.field("scenario", result.rule.scenario)
            json.field("variant", result.rule.variant)
            json.field("mark", result.rule.mark)
            json.field("status", result.status.rawValue)
            json.field("expected", result.expected)
            number("max", result.maximum, &json)
            number("min", result.minimum, &json)
            number("baseline", result.baseline, &json)
            number("found", result.found, saturated: result.isSaturated, &json)
            json.field("worstView", result.view)
            json.field("note", result.note)
            json.field("message", result.message)
            if let comparison = result.comparison {
                json.key("comparison")
                ComparisonRenderer.write(comparison, into: &json)
            }
            json.objects("offenders", result.offenders) { json, offender in
                json.field("view", offender.view)
                number("value", offender.value, saturated: offender.isSaturated, &json)
                json.key("causes")
                json.beginArray()
                for cause in offender.causes { JSONReport.write(cause, &json) }
                json.endArray()
            }
        }
        json.key("summary")
        json.beginObject()
        for (name, status) in [("passed", BudgetCheck.Status.pass), ("warned", .warn), ("failed", .fail), ("off", .off), ("skipped", .skipped)] {
            json.field(name, check.count(status))
        }
        json.endObject()
        json.endObject()
        return json.document()
    }

    /// JUnit XML: one test case per rule; a breach at level error is a `<failure>`, level off and
    /// inapplicable rules are `<skipped>`, warnings pass with their message in `<system-out>`.
    ///
    /// `time` (seconds, 6 decimals) is each rule's evaluation time (0 for a rule that is off), the
    /// sum of them on `testsuite` and `testsuites`; reading the traces is not part of it.
    public static func junit(_ check: BudgetCheck, budget: String) -> String {
        let attribute = Markup.escape
        let total = check.results.reduce(Duration.zero) { $0 + $1.evaluationTime }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"tracer budget\" tests=\"\(check.results.count)\" failures=\"\(check.count(.fail))\""
        xml += " time=\"\(seconds(total))\">\n"
        xml += "  <testsuite name=\"\(attribute(budget))\" tests=\"\(check.results.count)\" failures=\"\(check.count(.fail))\""
        xml += " skipped=\"\(check.count(.off) + check.count(.skipped))\" errors=\"0\" time=\"\(seconds(total))\">\n"
        for result in check.results {
            xml += "    <testcase classname=\"\(attribute(budget))\" name=\"\(attribute(result.rule.path + " " + result.rule.title))\""
            xml += " time=\"\(seconds(result.evaluationTime))\">\n"
            switch result.status {
            case .fail:
                xml += "      <failure message=\"\(attribute(result.message))\" type=\"budget\">\(attribute(details(result)))</failure>\n"
            case .off, .skipped:
                xml += "      <skipped message=\"\(attribute(result.message))\"/>\n"
            case .warn:
                xml += "      <system-out>\(attribute("warning: " + details(result)))</system-out>\n"
            case .pass:
                break
            }
            xml += "    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// `duration` in seconds with 6 decimals (`0.000042`), as JUnit's `time` attributes hold it.
    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        let micros = String(attoseconds / 1_000_000_000_000)
        return "\(whole).\(String(repeating: "0", count: 6 - micros.count))\(micros)"
    }

    /// GitHub Actions workflow commands: `::error` for failures, `::warning` for warnings, placed at
    /// the top cause's declaration site when `sources` maps it to a file of the repository.
    public static func githubCommands(_ check: BudgetCheck, sources: SourceIndex) -> String {
        var output = ""
        for result in check.results where result.status == .fail || result.status == .warn {
            var properties = [("title", "Tracer budget \(result.rule.path)")]
            if let site = result.offenders.first?.causes.first?.origin.site, let location = sources.location(ofSite: site) {
                properties = [("file", location.path), ("line", String(location.line))] + properties
            }
            let command = result.status == .fail ? "error" : "warning"
            let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
            output += "::\(command) \(list)::\(escapeData(details(result)))\n"
        }
        return output
    }

    /// A Markdown table for `$GITHUB_STEP_SUMMARY` and pull-request comments.
    public static func markdown(_ check: BudgetCheck, budget: String) -> String {
        var output = "### Tracer budget: \(Formatting.markdown(budget))\n\n"
        output += "| status | view | metric | expected | found |\n| --- | --- | --- | --- | ---: |\n"
        let icons: [BudgetCheck.Status: String] = [.pass: "✅ pass", .warn: "⚠️ warn", .fail: "❌ fail", .off: "off", .skipped: "skipped"]
        for result in check.results {
            let cells = [
                Formatting.markdown(icons[result.status]!), Formatting.markdownCode(result.view ?? result.rule.subject),
                Formatting.markdown(result.rule.metric.rawValue + scope(result.rule)), Formatting.markdown(result.expected),
                Formatting.markdown(result.found.map(result.rule.metric.format) ?? "-"),
            ]
            output += "| " + cells.joined(separator: " | ") + " |\n"
        }
        output += comparisons(check)
        return output + "\n**\(verdict(check))**\n"
    }

    /// The time rules compared over baseline runs, as a Markdown table (nothing when there are
    /// none): rule, view, then verdict, p, shift, interval and runs.
    static func comparisons(_ check: BudgetCheck) -> String {
        let compared = check.results.filter { $0.comparison != nil }
        guard !compared.isEmpty else { return "" }
        var output = "\n| rule | view | " + ComparisonRenderer.headers.joined(separator: " | ") + " |\n"
        output += "| --- | --- |" + String(repeating: " --- |", count: ComparisonRenderer.headers.count) + "\n"
        for result in compared {
            let cells = [Formatting.markdown(result.rule.path), Formatting.markdownCode(result.view ?? result.rule.subject)]
                + ComparisonRenderer.cells(result.comparison!).map(Formatting.markdown)
            output += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return output
    }

    /// `%`, CR and LF escaped as GitHub's workflow commands require in a message, and every other
    /// control character written visibly as `TerminalText` does (an ESC as `\u{1B}`).
    ///
    /// NB: CR and LF become `%0D` and `%0A` first, so the line breaks between a message's lines
    /// survive; what is left of the trace's names then goes through `TerminalText.sanitize`.
    package static func escapeData(_ text: String) -> String {
        TerminalText.sanitize(
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// A message's escapes plus `:` and `,`, as GitHub requires in a command's properties.
    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// The message and the worst offenders with their causes, one per line.
    private static func details(_ result: BudgetCheck.Result) -> String {
        var lines = [result.message]
        if let comparison = result.comparison { lines.append("time: " + ComparisonRenderer.sentence(comparison)) }
        for offender in result.offenders {
            let causes = offender.causes.map { cause in
                ReportTable.cause(cause) + (cause.origin.site.isEmpty ? "" : " at \(cause.origin.site)")
            }
            lines.append("\(offender.view): \(figure(offender, of: result))"
                + (causes.isEmpty ? "" : "; caused by " + causes.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    /// ` [scenario.variant] @mark` when the rule is scoped.
    private static func scope(_ rule: BudgetRule) -> String {
        var text = ""
        if rule.scenario != nil || rule.variant != nil {
            text += " [" + [rule.scenario, rule.variant].compactMap { $0 }.joined(separator: ".") + "]"
        }
        if let mark = rule.mark { text += " @\(mark)" }
        return text
    }

    /// `"key":value` (`null` when absent), and `"saturated":true` after a saturated total.
    ///
    /// NB: a saturated total is written as `Int64.max`, as `report` and `diff` write it (as a
    /// `Double` it is 2^63).
    private static func number(_ key: String, _ value: Double?, saturated: Bool = false, _ json: inout JSONWriter) {
        json.key(key)
        if saturated {
            json.number(Int64.saturatedTotal)
        } else if let value, value.isFinite {
            json.number(value)
        } else {
            json.null()
        }
        json.saturated(saturated)
    }
}
