import TracerCore

/// The per-view table the text and Markdown reports share: headers, cells, and value formats.
enum ReportTable {
    /// The metrics shown as columns, between the view and its top cause.
    static let columns: [Metric] = [
        .bodyEvals, .skips, .wastedEvals, .invalidations, .writes, .evalsPerWrite, .bodyTimeTotal, .bodyTimeP50, .bodyTimeP95,
    ]
    static let headers = ["view"] + columns.map { $0.definition.column! } + ["top cause"]
    /// Columns holding numbers (right-aligned).
    static let numericColumns = Set(columns.indices.map { $0 + 1 })
    /// Columns holding names (left-aligned): the view and its top cause.
    static let textColumns = Set(headers.indices).subtracting(numericColumns)
    /// What a figure the trace's source cannot produce shows: not available, never a measured 0.
    static let notAvailable = "n/a"

    /// One row of cells per view of `summary`.
    static func rows(_ views: [ViewStats], of summary: TraceSummary) -> [[String]] {
        let available = columns.map(summary.isAvailable)
        let causesAvailable = summary.can(.cause)
        return views.map { stats in
            [stats.view]
                + columns.indices.map { available[$0] ? cell(columns[$0], stats) : notAvailable }
                + [causesAvailable ? stats.causes.first.map(cause) ?? "-" : notAvailable]
        }
    }

    /// One view's figure of `metric`: a count, a ratio (`-` without writes), or a duration.
    private static func cell(_ metric: Metric, _ stats: ViewStats) -> String {
        switch metric.definition.unit {
        case .count: metric.integer(of: stats).map { String($0) } ?? notAvailable
        case .ratio: metric.value(of: stats).map { Formatting.fixed($0, decimals: 2) } ?? "-"
        // NB: a view without evaluations shows `0 ns` for each of its body times; one whose
        // evaluations have no duration shows `-`.
        case .nanoseconds:
            Formatting.bodyTime(
                metric.integer(of: stats) ?? 0, timed: stats.bodyTime.count, untimed: stats.counts[.bodyEvals] - stats.bodyTime.count)
        }
    }

    /// `metric`'s figure over a part of the trace (a count, or body time), or `n/a`.
    static func figure(_ metric: Metric, _ counters: EventCounts, of summary: TraceSummary) -> String {
        guard summary.isAvailable(metric), let figure = counters[metric] else { return notAvailable }
        guard metric.definition.unit == .nanoseconds else { return String(figure) }
        return Formatting.bodyTime(figure, timed: counters.bodyEvals - counters.untimedEvals, untimed: counters.untimedEvals, noted: true)
    }

    /// `, hitches 2 (50.00 ms), system hitches 0 (0 ns)`: the hitch figures of a part of the trace
    /// (`n/a` when its source records none; `2 (50.00 ms, 1 without dur)` when some have no time);
    /// empty for a report without them (`showsFrames`).
    static func hitches(_ counters: EventCounts, of summary: TraceSummary) -> String {
        guard summary.showsFrames else { return "" }
        guard summary.can(.hitch) else { return ", hitches n/a" }
        func part(_ label: String, _ hitches: HitchCounts) -> String {
            let untimed = hitches.untimed > 0 ? ", \(hitches.untimed) without dur" : ""
            return "\(label) \(hitches.count) (\(Formatting.duration(hitches.timeNs))\(untimed))"
        }
        return ", " + part("hitches", counters.hitches) + ", " + part("system hitches", counters.systemHitches)
    }

    /// `update groups: 12, max 3.20 ms, p95 2.10 ms; top labels by time: Transaction 4.10 ms ×9, …`
    /// (`n/a` when the source records none); nil for a report without them.
    static func updateGroups(_ summary: TraceSummary) -> String? {
        guard summary.showsFrames else { return nil }
        guard summary.can(.group) else { return "update groups: n/a" }
        let groups = summary.updateGroups
        let count = summary.kindCounts[EventKind.updateGroup.name] ?? 0
        guard groups.count > 0 else { return "update groups: \(count)" }
        return "update groups: \(count), max \(Formatting.duration(groups.max)), p95 \(Formatting.duration(groups.p95))"
            + topGroupLabels(summary.updateGroupLabels)
    }

    /// The labels shown: the five with the most time.
    static let shownGroupLabels = 5

    /// `; top labels by time: Transaction 4.10 ms ×9 (1 without dur), …`; empty without labels.
    private static func topGroupLabels(_ labels: [UpdateGroupLabel]) -> String {
        guard !labels.isEmpty else { return "" }
        let shown = labels.prefix(shownGroupLabels).map { label in
            "\(label.name) \(Formatting.duration(label.totalNs)) ×\(label.count)" + (label.untimed > 0 ? " (\(label.untimed) without dur)" : "")
        }
        let more = labels.count > shownGroupLabels ? ", \(labels.count - shownGroupLabels) more" : ""
        return "; top labels by time: " + shown.joined(separator: ", ") + more
    }

    /// `View.prop (Wrapper) ×N` (`View.prop [changes] (Wrapper) ×N` when the write said what
    /// changed); `View (Observable) ×N` for writes that name no property (an `@Observable`
    /// model's change reaches the view without the property's name); `≈ …` when a hop of the
    /// evaluations' chains was inferred.
    static func cause(_ count: OriginCount) -> String {
        let wrapper = count.origin.wrapper.isEmpty ? "" : " (\(count.origin.wrapper))"
        let prop = count.origin.prop.isEmpty ? "" : ".\(count.origin.propertyText)"
        let mark = count.inference.isInferred ? "≈ " : ""
        return "\(mark)\(count.origin.view)\(prop)\(wrapper) ×\(count.count)"
    }

    /// `≈: top cause inferred (same-update-sole-root 2 views); evals/write counts recorded causes
    /// only`: what the table's `≈` means, nil when no shown view's top cause was inferred.
    static func inferredCauses(_ views: [ViewStats], of summary: TraceSummary) -> String? {
        guard summary.can(.cause) else { return nil }
        var byRule: [String: Int] = [:]
        for stats in views { if let rule = stats.causes.first?.inferredBy { byRule[rule, default: 0] += 1 } }
        guard !byRule.isEmpty else { return nil }
        let rules = byRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value) view\($0.value == 1 ? "" : "s")" }
        return "≈: top cause inferred (\(rules.joined(separator: ", "))); evals/write counts recorded causes only "
            + "(--recorded-only: recorded causes alone)"
    }

    /// The summary's kinds this reader does not know, as `kind ×N, …` (sorted by kind).
    /// How many `warning` events the runtime recorded (state modified during an update, a frame
    /// abandoned at the round limit); nil when none.
    static func runtimeWarnings(_ summary: TraceSummary) -> String? {
        guard let count = summary.kindCounts[EventKind.warning.name], count > 0 else { return nil }
        return "\(count) runtime warning\(count == 1 ? "" : "s") (kind \"warning\": see each event's view, prop and message)"
    }

    /// The kinds the reader does not know, by name, each with its count: `name ×N`, names terminal-safe.
    static func unknownKinds(_ summary: TraceSummary) -> String {
        summary.unknownKinds.sorted { $0.key < $1.key }.map { "\(TerminalText.sanitize($0.key)) ×\($0.value)" }.joined(separator: ", ")
    }

    /// `scenario (variant)` from the header, or the file name.
    static func title(_ summary: TraceSummary) -> String {
        guard let scenario = summary.header?.scenario else { return summary.file }
        return summary.header?.variant.map { "\(scenario) (\($0))" } ?? scenario
    }
}
