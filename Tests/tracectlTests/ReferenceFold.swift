import Foundation
import Testing

/// What `report` and `graph` should say about a trace, worked out the plain way: every line parsed
/// with `JSONSerialization`, one pass in file order, dictionaries keyed by name, no splitting, no
/// interning, nothing of the production code. The property tests compare the commands with it.
///
/// The rules it spells out: a `cause` names an earlier `seq`; an event whose cause has a root write
/// has that root (a write without one is its own root); body time adds up saturating at
/// `Int64.max`; an evaluation is wasted when its `changed` is 0; an evaluation or skip caused by a
/// view's evaluation is on the edge from that view, else on the edge from its root write's
/// property, else on none; graph nodes write a row's `[id]` as `[*]`; a `why` path starts at its
/// root write's property, written with the site of that property's first root write.
struct ReferenceFold {
    /// A written property; its site is the first one written.
    struct Origin: Hashable {
        var view: String
        var prop: String
        var wrapper: String
    }

    /// One view's figures.
    struct View: Equatable {
        var evals = 0
        var skips = 0
        var wasted = 0
        var writes = 0
        var invalidations = 0
        var bodyTimeNs: Int64 = 0
        /// Evaluations with a `dur`: those `bodyTimeNs` sums.
        var timedEvals = 0
        /// Evaluations anywhere whose root write is a property of this view.
        var causedByWrites = 0
        /// This view's evaluations by root write.
        var causes: [Origin: Int] = [:]

        /// Evaluations caused per write to this view's properties; nil without writes.
        var evalsPerWrite: Double? { writes > 0 ? Double(causedByWrites) / Double(writes) : nil }
    }

    /// Evaluations, skips and body time along one edge.
    struct Edge: Equatable {
        var evals = 0
        var skips = 0
        /// The timed evaluations' body time; -1 (`null` in JSON) when the edge has evaluations and none is timed.
        var bodyTimeNs: Int64 = 0
    }

    private(set) var views: [String: View] = [:]
    private(set) var sites: [Origin: String] = [:]
    /// Each written property's place in the order of first writes.
    private(set) var firstWrites: [Origin: Int] = [:]
    /// Edges by `"view:NAME"` or `"source:VIEW.prop"` and the evaluated view's `"view:NAME"`.
    private(set) var edges: [[String]: Edge] = [:]
    /// Evaluations per cause path, written as `why` writes a path (`WhyText.path`).
    private(set) var pathEvals: [String: Int] = [:]
    /// Whether the header lists `values`.
    private(set) var recordsValues = false
    /// Per write path: its evaluations by their root write's value (`valueNote`).
    private(set) var pathValues: [String: [String: Int]] = [:]

    /// A chain so far: its root (a written property's text, `mount` of a view, or `n/a`) and its steps.
    struct Chain {
        var root: String
        var mountedView: String?
        var hops: [(view: String, text: String)] = []
        /// The root write's value (see `valueNote`); nil for other roots or a write without one.
        var value: String?

        /// The path's text: a mount of the chain's first view is written `mount`.
        var text: String {
            let start = mountedView.map { $0 == hops.first?.view ? "mount" : "mount of \($0)" } ?? root
            return ([start] + hops.map(\.text)).joined(separator: " → ")
        }
    }

    /// The figures of `trace` (its text, the `meta` header first).
    init(trace: String) throws {
        var rootOfSeq: [Int64: Origin] = [:]
        var viewEvaluatedAt: [Int64: String] = [:]
        var chainOfSeq: [Int64: Chain] = [:]
        var rootSites: [Origin: String] = [:]
        for line in trace.split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if event["kind"] as? String == "meta" { recordsValues = (event["capabilities"] as? [String])?.contains("values") ?? false }
            if let seq = (event["seq"] as? NSNumber)?.int64Value, seq > 0, let chain = Self.chain(event, chainOfSeq, rootSites: &rootSites) {
                chainOfSeq[seq] = chain
                if event["kind"] as? String == "body-eval" {
                    pathEvals[chain.text, default: 0] += 1
                    if let value = chain.value { pathValues[chain.text, default: [:]][value, default: 0] += 1 }
                }
            }
            let kind = event["kind"] as? String ?? ""
            let view = event["view"] as? String ?? ""
            let seq = (event["seq"] as? NSNumber)?.int64Value
            let cause = (event["cause"] as? NSNumber)?.int64Value
            var root = cause.flatMap { rootOfSeq[$0] }
            switch kind {
            case "write":
                let origin = Origin(view: view, prop: event["prop"] as? String ?? "", wrapper: event["wrapper"] as? String ?? "")
                if sites[origin] == nil {
                    sites[origin] = event["site"] as? String ?? ""
                    firstWrites[origin] = firstWrites.count
                }
                views[view, default: View()].writes += 1
                root = root ?? origin
            case "invalidate":
                views[view, default: View()].invalidations += 1
            case "body-eval":
                let dur = (event["dur"] as? NSNumber)?.int64Value
                views[view, default: View()].evals += 1
                if let dur {
                    views[view]!.bodyTimeNs = Self.saturatingSum(views[view]!.bodyTimeNs, dur)
                    views[view]!.timedEvals += 1
                }
                if (event["changed"] as? NSNumber)?.int64Value == 0 { views[view]!.wasted += 1 }
                if let root {
                    views[view]!.causes[root, default: 0] += 1
                    views[root.view, default: View()].causedByWrites += 1
                }
                if let seq { viewEvaluatedAt[seq] = view }
                addEdge(to: view, cause: cause, root: root, evaluation: .some(dur), parents: viewEvaluatedAt)
            case "skip":
                views[view, default: View()].skips += 1
                addEdge(to: view, cause: cause, root: root, evaluation: nil, parents: viewEvaluatedAt)
            case "hitch", "update-group":
                root = nil
            default:
                break
            }
            if let root, let seq, seq > 0 { rootOfSeq[seq] = root }
        }
    }

    /// The chain `event` continues or starts, given the chains of earlier `seq`s: a mount starts
    /// one, a write without a known cause starts one, an evaluation or skip adds a step (to `n/a`
    /// when its cause is not known), a write with a known cause adds a step, anything else passes
    /// its cause's chain on.
    ///
    /// A root write is its property's (view, prop and wrapper): its text names the site of the
    /// property's first root write, which `rootSites` remembers.
    static func chain(_ event: [String: Any], _ chains: [Int64: Chain], rootSites: inout [Origin: String]) -> Chain? {
        let kind = event["kind"] as? String ?? ""
        let view = event["view"] as? String ?? ""
        let string = { (key: String) in event[key] as? String ?? "" }
        let caused = (event["cause"] as? NSNumber).flatMap { chains[$0.int64Value] }
        switch kind {
        case "mount":
            // NB: a mount whose cause is followed is a step of that chain; one without is a root.
            guard var chain = caused else { return Chain(root: "", mountedView: view) }
            chain.hops.append((view, "\(view) (mount)"))
            return chain
        case "write":
            guard var chain = caused else {
                let origin = Origin(view: view, prop: string("prop"), wrapper: string("wrapper"))
                if rootSites[origin] == nil { rootSites[origin] = string("site") }
                let details = [string("wrapper"), rootSites[origin] ?? ""].filter { !$0.isEmpty }
                let root = "\(view).\(string("prop"))" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
                return Chain(root: root, value: valueNote(event))
            }
            chain.hops.append((view, "\(view).\(string("prop")) (\(string("wrapper")))"))
            return chain
        case "body-eval", "skip":
            var chain = caused ?? Chain(root: "n/a")
            let reason = string("reason").isEmpty ? "n/a" : string("reason")
            chain.hops.append((view, kind == "skip" ? "\(view) (skip: \(reason))" : "\(view) (\(reason))"))
            return chain
        default:
            return caused
        }
    }

    /// How a root write's value counts: `pair`, `OLD`, `NEW` joined by NUL, `equal` (`changed`
    /// false), `cut` (changed, yet equal strings), `redacted` or `unavailable` (the marker); nil
    /// for a write with none of these.
    static func valueNote(_ event: [String: Any]) -> String? {
        if let marker = event["values"] as? String { return ["redacted", "unavailable"].contains(marker) ? marker : nil }
        let changed = event["changed"] as? Bool
        if changed == false { return "equal" }
        guard let old = event["old"] as? String, let new = event["new"] as? String else { return nil }
        if old == new && changed != nil { return "cut" }
        return "pair\u{0}\(old)\u{0}\(new)"
    }

    /// The root write with the most of `view`'s evaluations (the first written among equals) and
    /// their count.
    func topCause(of view: String) -> (origin: Origin, site: String, evals: Int)? {
        views[view]?.causes.map { (origin: $0.key, site: sites[$0.key] ?? "", evals: $0.value) }
            .min { ($1.evals, firstWrites[$0.origin]!) < ($0.evals, firstWrites[$1.origin]!) }
    }

    /// Adds an evaluation (its `dur`, nil when untimed) or a skip (nil) of `view` to its edge, if it is on one.
    private mutating func addEdge(to view: String, cause: Int64?, root: Origin?, evaluation: Int64??, parents: [Int64: String]) {
        guard !view.isEmpty, let cause else { return }
        let from: String
        if let parent = parents[cause], !parent.isEmpty {
            from = "view:" + Self.collapsed(parent)
        } else if let root {
            from = "source:" + Self.collapsed(root.view) + "." + root.prop
        } else {
            return
        }
        let key = [from, "view:" + Self.collapsed(view)]
        if let evaluation {
            var edge = edges[key, default: Edge()]
            if let dur = evaluation {
                edge.bodyTimeNs = Self.saturatingSum(max(edge.bodyTimeNs, 0), dur)
            } else if edge.evals == 0 {
                edge.bodyTimeNs = -1
            }
            edge.evals += 1
            edges[key] = edge
        } else {
            edges[key, default: Edge()].skips += 1
        }
    }

    /// `a + b`, or `Int64.max` when the sum would pass it.
    static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// `path` with every `[id]` written `[*]`.
    static func collapsed(_ path: String) -> String {
        path.replacingOccurrences(of: #"\[[^\]]*\]"#, with: "[*]", options: .regularExpression)
    }
}
