import Foundation
import Scenarios
import TraceAnalysis
import TraceImport
import TracerCore

/// The degrade harness: a runtime trace (which records every cause) stripped to what a source
/// records, the cause inference run on it, and each inferred hop compared with the recorded one.
///
/// A hop is the event an evaluation's cause leads to once invalidations, state inits, mounts and
/// the writes from outside the graph (a lazy stack's `viewport`) are passed through (what none of
/// the sources records): its parent's evaluation, or the write that invalidated it; and the
/// evaluation's reason. An inferred hop is right when both equal
/// the recorded hop's.
enum DegradeHarness {
    /// What a source records of a runtime trace.
    struct Shape: Sendable, CustomStringConvertible {
        /// The source's name, as the table shows it.
        let name: String
        /// The header's `source` and `capabilities`.
        let source: String
        let capabilities: [String]
        /// Whether the source keeps marks, `tx` and an evaluation's `reason` without a cause.
        let keepsMarks: Bool
        let keepsTransactions: Bool
        let keepsReasons: Bool
        /// Whether view paths are kept whole (else each is its flat type name).
        var keepsPaths = false
        /// Whether an `inputs-changed` evaluation keeps the `inputs` the runtime names.
        ///
        /// NB: no source but the runtime records them: the adapter compares no inputs, and
        /// `_printChanges` and Instruments print `@self` or a type, never an input's name.
        var keepsInputs = false
        /// Whether a write's link to its evaluation is the legacy import's (`LegacyUpdates`: the
        /// one evaluation of its view in its update, each event given its update as `tx`) rather
        /// than the recorded one. Such a source records a write as a property row of each view it
        /// reached (the owner's `@State`, a child's `Binding`, an observer's object), so each
        /// write becomes one row per view whose evaluation it caused.
        var linksByUpdate = false
        /// Whether an evaluation several writes led to lists them all as `causes` (the first its
        /// `cause`), as the `_printChanges` import does for a line naming several properties.
        var keepsCauses = false

        /// What the stripped trace's `seq`s are multiplied by: room for a write's rows, the
        /// `k`-th at the write's `seq` × this + `k`.
        var seqScale: Int64 { linksByUpdate ? 64 : 1 }

        var description: String { name }

        /// The SwiftUI adapter: writes, timed evaluations and marks, flat type names, `cause`
        /// from a write to the evaluation it invalidated; no `tx`, invalidations, skips or mounts.
        static let adapter = Shape(
            name: "adapter", source: "swiftui", capabilities: ["write", "body-eval", "mark", "dur", "write.changed", "cause"],
            keepsMarks: true, keepsTransactions: false, keepsReasons: false)
        /// `_printChanges()`: one line per evaluation with its reason and `tx`, the writes its
        /// changed properties name (their evaluation's cause), flat type names.
        static let printChanges = Shape(
            name: "_printChanges", source: "printChanges", capabilities: ["write", "body-eval", "cause", "write.changed"],
            keepsMarks: false, keepsTransactions: true, keepsReasons: true, keepsCauses: true)
        /// Instruments' legacy View Body and View Properties: timed evaluations and property writes,
        /// flat type names, no `tx`; the import links each write to the one evaluation of its view
        /// in its update and writes the update as `tx`.
        static let instrumentsLegacy = Shape(
            name: "Instruments legacy", source: "instruments-legacy", capabilities: ["write", "body-eval", "dur", "cause"],
            keepsMarks: false, keepsTransactions: false, keepsReasons: false, linksByUpdate: true)

        /// The adapter with nested traced bodies, which it names under their parent: the shape
        /// the *same update, nested* rule reads.
        static let adapterNested = Shape(
            name: "adapter, nested bodies", source: "swiftui", capabilities: adapter.capabilities,
            keepsMarks: true, keepsTransactions: false, keepsReasons: false, keepsPaths: true)

        static let all = [adapter, printChanges, instrumentsLegacy, adapterNested]
    }

    /// An evaluation's hop: the `seq` its cause leads to and its reason.
    struct Hop: Equatable {
        var parent: Int64
        var reason: String
    }

    /// One evaluation of the runtime trace.
    struct Evaluation {
        var seq: Int64
        /// The recorded hop (nil when the chain reaches no event: a mount without a cause).
        var recorded: Hop?
        /// Whether it is its view's first evaluation: the first of its path in the trace, or one
        /// the runtime records as `initial` (a view mounted again after it was unmounted).
        var isFirst: Bool
        /// Whether its chain passes through a write from outside the graph (see `isExternal`).
        var isExternallyCaused = false
    }

    /// The integer field `key` of `event` (`seq`, `cause`), nil when it has none.
    static func integer(_ event: [String: Any], _ key: String) -> Int64? { (event[key] as? NSNumber)?.int64Value }

    /// The runtime trace's lines as objects, and its evaluations with their recorded hops.
    static func evaluations(_ events: [[String: Any]]) -> [Evaluation] {
        var bySeq: [Int64: [String: Any]] = [:]
        for event in events { if let seq = integer(event, "seq") { bySeq[seq] = event } }
        var seen = Set<String>()
        var result: [Evaluation] = []
        for event in events where event["kind"] as? String == "body-eval" {
            guard let seq = integer(event, "seq") else { continue }
            let view = event["view"] as? String ?? ""
            let (cause, isExternallyCaused) = hop(from: integer(event, "cause"), bySeq)
            result.append(Evaluation(
                seq: seq, recorded: cause.map { Hop(parent: $0, reason: event["reason"] as? String ?? "") },
                isFirst: seen.insert(view).inserted || event["reason"] as? String == "initial", isExternallyCaused: isExternallyCaused))
        }
        return result
    }

    /// The event the cause `seq` leads to once invalidations, state inits, mounts and writes from
    /// outside the graph are passed through (no source records them), and whether it passed one
    /// of those writes.
    static func hop(from seq: Int64?, _ bySeq: [Int64: [String: Any]]) -> (seq: Int64?, isExternal: Bool) {
        var (cause, passedExternal) = (seq, false)
        while let seq = cause, let parent = bySeq[seq], !["body-eval", "write", "skip"].contains(parent["kind"] as? String ?? "") || isExternal(parent) {
            passedExternal = passedExternal || isExternal(parent)
            cause = integer(parent, "cause")
        }
        return (cause, passedExternal)
    }

    /// Whether `event` is a write from outside the graph (the runtime's lazy-stack `viewport`),
    /// which no other source records.
    static func isExternal(_ event: [String: Any]) -> Bool {
        event["kind"] as? String == "write" && event["wrapper"] as? String == "External"
    }

    /// `events` as `shape` records them: the `tracer/1` lines of the stripped trace.
    static func strip(_ events: [[String: Any]], to shape: Shape, hops: [Int64: Hop]) -> [String] {
        let writes = Set(events.compactMap { $0["kind"] as? String == "write" ? integer($0, "seq") : nil })
        var bySeq: [Int64: [String: Any]] = [:]
        for event in events { if let seq = integer(event, "seq") { bySeq[seq] = event } }
        var kinds: Set<String> = ["write", "body-eval"]
        if shape.keepsMarks { kinds.insert("mark") }
        let lines = [line(["kind": "meta", "schema": "tracer/1", "source": shape.source, "capabilities": shape.capabilities, "unit": "ns"])]
        let reached = shape.linksByUpdate ? viewsReached(events, hops: hops) : [:]
        var keptEvents: [[String: Any]] = []
        for event in events {
            guard let kind = event["kind"] as? String, kinds.contains(kind), !isExternal(event), let seq = integer(event, "seq") else { continue }
            var kept: [String: Any] = ["seq": seq * shape.seqScale, "kind": kind]
            for key in ["name", "prop", "wrapper", "changed", "site", "dur", "ts"] { if let value = event[key] { kept[key] = value } }
            if let view = event["view"] as? String { kept["view"] = shape.keepsPaths ? view : flatTypeName(view) }
            if shape.keepsTransactions, let tx = event["tx"] { kept["tx"] = tx }
            if kind == "body-eval" {
                // NB: every other source records the link from a write to the evaluation it invalidated.
                if !shape.linksByUpdate, let hop = hops[seq], writes.contains(hop.parent) {
                    (kept["cause"], kept["reason"]) = (hop.parent, hop.reason)
                    // NB: the writes among the recorded causes, the cause first, as the `_printChanges` import lists a line's properties.
                    let later = (event["causes"] as? [NSNumber] ?? []).compactMap { Self.hop(from: $0.int64Value, bySeq).seq }
                        .filter { $0 != hop.parent && writes.contains($0) }
                    if shape.keepsCauses, !later.isEmpty { kept["causes"] = [hop.parent] + later }
                } else if shape.keepsReasons, let reason = event["reason"] {
                    kept["reason"] = reason
                }
                if shape.keepsInputs, event["reason"] as? String == "inputs-changed", let inputs = event["inputs"] { kept["inputs"] = inputs }
            }
            if kind == "write", shape.linksByUpdate {
                for (offset, view) in (reached[seq] ?? [kept["view"] as? String ?? ""]).enumerated() {
                    kept["seq"] = seq * shape.seqScale + Int64(offset)
                    kept["view"] = view
                    keptEvents.append(kept)
                }
                continue
            }
            keptEvents.append(kept)
        }
        if shape.linksByUpdate { linkByUpdate(&keptEvents) }
        return lines + keptEvents.map(line)
    }

    /// The flat names of the views whose evaluations each write caused (its recorded hop), by the
    /// write's `seq`, in order of their first evaluation.
    static func viewsReached(_ events: [[String: Any]], hops: [Int64: Hop]) -> [Int64: [String]] {
        var reached: [Int64: [String]] = [:]
        for event in events where event["kind"] as? String == "body-eval" {
            guard let seq = integer(event, "seq"), let write = hops[seq]?.parent else { continue }
            let view = flatTypeName(event["view"] as? String ?? "")
            if reached[write]?.contains(view) != true { reached[write, default: []].append(view) }
        }
        return reached
    }

    /// Links each write of `events` (in trace order) to the evaluation the legacy import would,
    /// and gives every event its update as `tx` (`LegacyUpdates`): an evaluation several writes
    /// link to has the first as its `cause` and all of them as its `causes`.
    static func linkByUpdate(_ events: inout [[String: Any]]) {
        let rows = events.indices.map { index in
            (kind: events[index]["kind"] as? String == "write" ? LegacyUpdates.Kind.write : .evaluation, view: events[index]["view"] as? String ?? "")
        }
        let result = LegacyUpdates.link(rows)
        var causes: [Int: [Any]] = [:]
        for index in events.indices {
            events[index]["tx"] = result.updates[index]
            guard let linked = result.links[index], let seq = events[index]["seq"] else { continue }
            causes[linked, default: []].append(seq)
            guard events[linked]["cause"] == nil else { continue }
            let wrapper = WrapperKind.allCases.first { $0.name == events[index]["wrapper"] as? String } ?? .none
            events[linked]["cause"] = seq
            events[linked]["reason"] = LegacyUpdates.reason(of: wrapper).name
        }
        for (evaluation, seqs) in causes where seqs.count > 1 { events[evaluation]["causes"] = seqs }
    }

    /// A view path's last segment without its `[id]` or `#n`: the type name a source without
    /// view paths records.
    static func flatTypeName(_ path: String) -> String {
        var depth = 0
        var start = path.startIndex
        for index in path.indices {
            switch path[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "/" where depth == 0: start = path.index(after: index)
            default: break
            }
        }
        return String(path[start...].prefix { $0 != "[" && $0 != "#" })
    }

    /// One JSON line.
    private static func line(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}

extension DegradeHarness {
    /// What the inference made of one evaluation of a stripped trace.
    struct Inferred {
        var outcome: InferenceOutcome
        /// Its hop after the inference: recorded, inferred, or nil (unknown).
        var hop: Hop?
    }

    /// Each evaluation of the stripped trace `lines`, by `seq`, as the inference leaves it.
    static func infer(_ lines: [String]) throws -> [Int64: Inferred] {
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var reader = try TraceReader(source: .bytes(bytes, name: "degraded"), options: TraceReadOptions(threads: 1))
        var inference = CauseInference(&reader)
        var found: [(seq: Int64, outcome: UInt8, cause: Int64?, reason: SymbolID)] = []
        while try reader.advance() {
            inference.catchUp(with: reader)
            reader.withCurrent { event in
                inference.apply(&event)
                guard event.kind == .bodyEval else { return }
                found.append((event.seq, event.inference, event.has(.cause) ? event.cause : nil, event.has(.reason) ? event.reason : 0))
            }
        }
        var result: [Int64: Inferred] = [:]
        for evaluation in found {
            result[evaluation.seq] = Inferred(
                outcome: InferenceOutcome(rawValue: evaluation.outcome) ?? .notInferred,
                hop: evaluation.cause.map { Hop(parent: $0, reason: evaluation.reason == 0 ? "" : reader.string(evaluation.reason)) })
        }
        return result
    }

    /// Precision and coverage of one source over a set of traces.
    struct Score {
        /// Inferred hops per rule, and how many equal the recorded ones.
        var inferred: [InferenceOutcome: Int] = [:]
        var right: [InferenceOutcome: Int] = [:]
        /// Links the source's import made by a rule of its own (`Shape.linksByUpdate`), and how
        /// many equal the recorded hops.
        var linked = 0
        var linkedRight = 0
        /// Evaluations, and those without a cause after the inference (unknown).
        var evaluations = 0
        var unknown = 0
        /// Inferred hops of evaluations whose runtime trace records no cause: not judged.
        var unjudged = 0
        /// Evaluations left unknown, by the abstaining outcome.
        var abstained: [InferenceOutcome: Int] = [:]
        /// Evaluations that are not their view's first and whose runtime trace records a cause,
        /// and those of them with a cause after the inference.
        var eligible = 0
        var covered = 0
        /// Evaluations (not a view's first) caused through a write from outside the graph: no
        /// source records that write, so their cause is not there to infer; counted apart.
        var externallyCaused = 0

        /// Inferred hops equal to the recorded ones, in percent (nil when none was inferred).
        func precision(_ rule: InferenceOutcome) -> Double? {
            guard let count = inferred[rule], count > 0 else { return nil }
            return Double(right[rule, default: 0]) * 100 / Double(count)
        }

        /// The import's own links equal to the recorded hops, in percent (nil when it made none).
        var linkPrecision: Double? { linked > 0 ? Double(linkedRight) * 100 / Double(linked) : nil }

        /// Evaluations without a cause after the inference, in percent of all.
        var unknownShare: Double? { evaluations > 0 ? Double(unknown) * 100 / Double(evaluations) : nil }

        /// Evaluations (not a view's first) that have a cause, recorded or inferred, in percent.
        var coverage: Double? { eligible > 0 ? Double(covered) * 100 / Double(eligible) : nil }

        /// Adds `other`'s counts.
        mutating func add(_ other: Score) {
            inferred.merge(other.inferred, uniquingKeysWith: +)
            right.merge(other.right, uniquingKeysWith: +)
            abstained.merge(other.abstained, uniquingKeysWith: +)
            unjudged += other.unjudged
            linked += other.linked
            linkedRight += other.linkedRight
            evaluations += other.evaluations
            unknown += other.unknown
            eligible += other.eligible
            externallyCaused += other.externallyCaused
            covered += other.covered
        }
    }

    /// The score of `shape` on the runtime trace `normalised` (a scenario variant's lines).
    static func score(_ normalised: String, shape: Shape) throws -> Score {
        let events = try normalised.split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
        let truth = evaluations(events)
        var hops: [Int64: Hop] = [:]
        for evaluation in truth { if let hop = evaluation.recorded { hops[evaluation.seq] = hop } }
        // NB: the stripped trace's seqs are scaled (`Shape.seqScale`); its evaluations and hops are mapped back.
        var inferred: [Int64: Inferred] = [:]
        for (seq, result) in try infer(strip(events, to: shape, hops: hops)) {
            var mapped = result
            mapped.hop?.parent /= shape.seqScale
            inferred[seq / shape.seqScale] = mapped
        }
        var score = Score()
        for evaluation in truth {
            guard let result = inferred[evaluation.seq] else { continue }
            score.evaluations += 1
            if result.hop == nil { score.unknown += 1 }
            if shape.linksByUpdate, result.outcome == .notInferred, result.hop != nil {
                score.linked += 1
                if result.hop == evaluation.recorded { score.linkedRight += 1 }
            }
            if result.outcome.isInferred && evaluation.recorded == nil {
                // NB: the runtime recorded no cause (a lazy row's mount has none): nothing to compare with.
                score.unjudged += 1
            } else if result.outcome.isInferred {
                score.inferred[result.outcome, default: 0] += 1
                if result.hop == evaluation.recorded { score.right[result.outcome, default: 0] += 1 }
            } else if result.outcome != .notInferred {
                score.abstained[result.outcome, default: 0] += 1
            }
            // NB: where the runtime recorded no cause (a mount of a lazy row has none) there is no truth to miss.
            guard !evaluation.isFirst, evaluation.recorded != nil else { continue }
            guard !evaluation.isExternallyCaused else {
                score.externallyCaused += 1
                continue
            }
            score.eligible += 1
            if result.hop != nil { score.covered += 1 }
        }
        return score
    }
}

extension DegradeHarness {
    /// Every built-in scenario variant, `SCENARIO.VARIANT`.
    static var traces: [String] {
        ScenarioCatalog.all.flatMap { scenario in scenario.variants.map { "\(scenario.name).\($0.name)" } }
    }

    /// The harness's table, in Markdown: per source and rule, the hops inferred and their
    /// precision; per source, the coverage over all traces and each trace's, and every abstention.
    static func table(_ scores: [(shape: Shape, traces: [(name: String, score: Score)])]) -> String {
        func percent(_ value: Double?) -> String { value.map { String(format: "%.1f %%", $0) } ?? "n/a" }
        var output = "| source | rule | inferred hops | equal to the recorded | precision |\n|---|---|---:|---:|---:|\n"
        for (shape, traces) in scores {
            var total = Score()
            for trace in traces { total.add(trace.score) }
            if shape.linksByUpdate {
                output += "| \(shape.name) | the import's link (one evaluation of the view in the update) | \(total.linked) | \(total.linkedRight) | "
                    + "\(percent(total.linkPrecision)) |\n"
            }
            for rule in InferenceOutcome.rules {
                output += "| \(shape.name) | \(rule.rule) | \(total.inferred[rule, default: 0]) | \(total.right[rule, default: 0]) | "
                    + "\(percent(total.precision(rule))) |\n"
            }
        }
        output += "\n| source | coverage (evaluations not a view's first, of a recorded cause, that have one) | unknown (of all evaluations) | "
            + "not judged | caused from outside the graph (not eligible) | abstentions |\n|---|---:|---:|---:|---:|---|\n"
        for (shape, traces) in scores {
            var total = Score()
            for trace in traces { total.add(trace.score) }
            let abstentions = InferenceOutcome.abstentions.map { "\($0.rule): \($0.abstention) ×\(total.abstained[$0, default: 0])" }
            output += "| \(shape.name) | \(total.covered) of \(total.eligible) = \(percent(total.coverage)) | "
                + "\(total.unknown) of \(total.evaluations) = \(percent(total.unknownShare)) | \(total.unjudged) | \(total.externallyCaused) | "
                + "\(abstentions.joined(separator: "; ")) |\n"
        }
        output += "\n| trace | " + scores.map(\.shape.name).joined(separator: " | ") + " |\n|---|" + scores.map { _ in "---:|" }.joined() + "\n"
        for (index, name) in (scores.first?.traces.map(\.name) ?? []).enumerated() {
            output += "| \(name) | " + scores.map { percent($0.traces[index].score.coverage) }.joined(separator: " | ") + " |\n"
        }
        return output
    }
}
