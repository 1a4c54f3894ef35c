import TracerCore
import TraceSupport

/// The words `why` writes for a path: its one-line form and its plain-language sentence.
public enum WhyText {
    /// The root and each step, `→` between: `MyView.offset (State, File.swift:12) → MyView (state)`.
    public static func path(_ key: WhyPathKey) -> String {
        ([root(key)] + key.hops.map(hop)).joined(separator: " → ")
    }

    /// The root's text: the written property with its wrapper and site, `mount`, or `n/a`.
    static func root(_ key: WhyPathKey) -> String {
        switch key.root {
        case .write(let view, let prop, let wrapper, let site, let changes):
            let details = [wrapper, site].filter { !$0.isEmpty }
            return "\(view).\(WriteOrigin.propertyText(prop, changes: changes))" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
        case .mount(let view):
            return view == key.hops.first?.view ? "mount" : "mount of \(view)"
        case .unknown:
            return "n/a"
        }
    }

    /// A step's text: `VIEW (reason)`, `VIEW (inputs-changed: a, b)` with the inputs that differed
    /// where recorded, `VIEW (skip: reason)`, `VIEW.prop (wrapper)` for a write, `VIEW (mount)`;
    /// `≈ ` before a step whose cause was inferred.
    static func hop(_ hop: WhyHop) -> String {
        let reason = (hop.detail.isEmpty ? "n/a" : hop.detail) + (hop.inputs.isEmpty ? "" : ": " + hop.inputs.joined(separator: ", "))
        let mark = hop.inferred == nil ? "" : "≈ "
        switch hop.kind {
        case .evaluation: return "\(mark)\(hop.view) (\(reason))"
        case .skip: return "\(mark)\(hop.view) (skip: \(reason))"
        case .write: return "\(hop.view).\(hop.detail)"
        case .mount: return "\(hop.view) (mount)"
        }
    }

    /// One sentence for `path`: what started it, what each step did, and what came of it.
    public static func sentence(_ path: WhyPath, availability: WhyAvailability) -> String {
        let figures = path.figures
        let shared = figures.shared > 0 ? " (+\(figures.shared) shared with other paths)" : ""
        let count = (figures.evals > 0 || figures.shared > 0 ? plural(figures.evals, "evaluation") : plural(figures.skips, "skip")) + shared
        var clauses = [rootClause(path.key)]
        for (index, step) in path.key.hops.enumerated() {
            clauses.append(hopClause(step, parent: index > 0 ? path.key.hops[index - 1] : nil))
        }
        if figures.evals > 0 { clauses.append(outcome(figures, availability: availability)) }
        return "\(count): " + clauses.joined(separator: "; ")
    }

    /// What started the chain.
    private static func rootClause(_ key: WhyPathKey) -> String {
        switch key.root {
        case .write(let view, let prop, let wrapper, let site, let changes):
            let file = site.lastIndex(of: "/").map { site[site.index(after: $0)...] } ?? site[...]
            let details = [wrapper.isEmpty ? "" : "@\(wrapper)", String(file)].filter { !$0.isEmpty }
            return "\(name(view)).\(WriteOrigin.propertyText(prop, changes: changes))" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))") + " changed"
        case .mount(let view):
            return "\(name(view)) was mounted"
        case .unknown:
            return "the cause is not recorded (n/a)"
        }
    }

    /// What one step did, `parent` being the step before it.
    private static func hopClause(_ step: WhyHop, parent: WhyHop?) -> String {
        let clause = recordedHopClause(step, parent: parent)
        return step.inferred.map { "\(clause) (inferred: \($0))" } ?? clause
    }

    /// What one step did, as if its cause were recorded.
    private static func recordedHopClause(_ step: WhyHop, parent: WhyHop?) -> String {
        switch (step.kind, step.detail) {
        case (.evaluation, "inputs-changed"):
            let inputs = step.inputs.isEmpty ? "" : " (\(step.inputs.joined(separator: ", ")))"
            return "\(parent.map { "\(name($0.view))'s body" } ?? "its parent") passed \(name(step.view)) new inputs\(inputs)"
        case (.evaluation, "initial"):
            return "\(name(step.view))'s body ran for the first time"
        case (.evaluation, let reason):
            return "\(name(step.view))'s body ran (\(reason.isEmpty ? "n/a" : reason))"
        case (.skip, let reason):
            return "\(name(step.view)) was skipped (\(reason.isEmpty ? "n/a" : reason))"
        case (.write, let detail):
            return "\(name(step.view)).\(detail) was written"
        case (.mount, _):
            return "\(name(step.view)) was mounted"
        }
    }

    /// Whether the evaluations' output changed.
    private static func outcome(_ figures: WhyFigures, availability: WhyAvailability) -> String {
        guard availability.wasted else { return "whether its output changed is not recorded (wasted: n/a)" }
        switch figures.wasted {
        case 0: return "its output changed every time"
        case figures.evals: return "its output did not change in any of them → \(figures.wasted) wasted"
        default: return "its output did not change in \(figures.wasted) of them → \(figures.wasted) wasted"
        }
    }

    /// What a path's root writes wrote, one line each: the most frequent old → new pairs (the
    /// rest counted as "+N more distinct"), then the evaluations whose write carried no pair
    /// (each count is of the path's evaluations, by the value of the write at their root);
    /// `quote` writes one value. Empty when no write carried values.
    static func valueLines(_ values: WhyValues, quote: (String) -> String) -> [String] {
        var lines: [String] = []
        if !values.pairs.isEmpty {
            let shown = values.pairs.prefix(WhyValues.shownPairs).map { "\(quote($0.old)) → \(quote($0.new)) ×\($0.count)" }
            let more = values.pairs.count - shown.count
            lines.append("old → new: " + shown.joined(separator: ", ") + (more > 0 ? " (+\(more) more distinct)" : ""))
        }
        if values.equal > 0 { lines.append("written with an equal value \(times(values.equal))") }
        if values.cutEqual > 0 { lines.append("differs after \(ValueText.capacity) bytes \(times(values.cutEqual))") }
        if values.redacted > 0 { lines.append("values redacted (\(plural(values.redacted, "evaluation")))") }
        if values.unavailable > 0 { lines.append("values unavailable (\(plural(values.unavailable, "evaluation")))") }
        return lines
    }

    /// What one write wrote, from its values counted once (see `WhyValueTally.init(_:)`): `"0" → "1"`
    /// as JSON strings, or what it carried instead; nil when it carried nothing.
    static func value(_ values: WhyValues) -> String? {
        if let pair = values.pairs.first {
            return JSONText.quoted(pair.old, embeddable: false) + " → " + JSONText.quoted(pair.new, embeddable: false)
        }
        if values.equal > 0 { return "written with an equal value" }
        if values.cutEqual > 0 { return "differs after \(ValueText.capacity) bytes" }
        if values.redacted > 0 { return "values redacted" }
        return values.unavailable > 0 ? "values unavailable" : nil
    }

    /// `count` and `time` or `times`.
    private static func times(_ count: Int) -> String { plural(count, "time") }

    /// A view path's last segment, written as its type and identity (`Row[a/b]`: a `/` inside
    /// `[…]` belongs to the identity).
    static func name(_ view: String) -> String {
        let bytes = view.utf8
        var scanner = ViewPathScanner()
        var start = bytes.startIndex
        for index in bytes.indices where scanner.role(of: bytes[index]) == .separator {
            start = bytes.index(after: index)
        }
        return start == bytes.startIndex ? view : String(view[start...])
    }

    /// `count` and `noun`, with an `s` unless it is one.
    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
