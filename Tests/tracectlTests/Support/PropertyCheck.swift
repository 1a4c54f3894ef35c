import Foundation
import Testing
import TracerTestSupport

/// The property every trace must have: `report`, `graph`, `advise`, `diff`, `check` and `why` give the
/// same JSON however the trace is read (the file by one reader, its bytes on standard input, five
/// split sets with steals), and `report`'s, `graph`'s and `why`'s figures are the reference fold's.
enum PropertyCheck {
    /// The commands compared; `TRACE` is the trace read each way, `VARIANT` and `BUDGET` files.
    static let commands: [[String]] = [
        ["report", "TRACE", "--format", "json"],
        ["graph", "TRACE", "--format", "json"],
        ["advise", "TRACE", "--format", "json", "--min-savings", "0"],
        ["diff", "TRACE", "VARIANT", "--format", "json"],
        ["check", "TRACE", "--budget", "BUDGET", "--format", "json"],
        ["why", "TRACE", "**", "--format", "json", "--top", "all"],
        ["why", "TRACE", "**", "--format", "json", "--top", "2"],
    ]

    /// Rules over figures the random traces have: counts, ratios, saturating times, marks, edges.
    static let budget = """
        {"schema":"tracer-budget/1","rules":[
          {"view":"**","metric":"body-evals","max":20},
          {"view":"**/Row[*]","metric":"wasted-evals","max":3,"level":"warn"},
          {"view":"**","metric":"total-body-evals","max":400},
          {"view":"**","metric":"evals-per-write","max":2},
          {"view":"**","metric":"body-time-total","max":"1s"},
          {"view":"**","metric":"body-time-p95","max":"5us"},
          {"view":"**","metric":"body-evals","max":4,"mark":"m1"},
          {"view":"**","metric":"edge-evals","max":30}
        ]}
        """

    /// What differs for the trace of `seed`, written with its variant and budget into `directory`
    /// (empty: nothing), and the steals the split reads made; `faulty`: with wasted evaluations
    /// counted off by one (`ReadHook.countsWastedOffByOne`).
    static func problems(seed: UInt64, in directory: String, faulty: Bool = false) throws -> (problems: [String], steals: Int) {
        let trace = RandomTrace(seed: seed).text
        let (path, variantPath, budgetPath) = ("\(directory)/trace-\(seed).jsonl", "\(directory)/variant-\(seed).jsonl", "\(directory)/budget.json")
        try trace.write(toFile: path, atomically: false, encoding: .utf8)
        try RandomTrace(seed: seed ^ 0xD1FF, maximumEvents: 400).text.write(toFile: variantPath, atomically: false, encoding: .utf8)
        try budget.write(toFile: budgetPath, atomically: false, encoding: .utf8)
        var problems: [String] = []
        var steals = 0
        var wholeOutputs: [String] = []
        for command in commands {
            let arguments = command.map { $0 == "VARIANT" ? variantPath : $0 == "BUDGET" ? budgetPath : $0 }
            let outputPath = command[0] == "check" ? nil : "\(directory)/out-\(seed).json"
            var whole = InProcessRun(status: 0, output: "", stderr: "")
            var wholeNamed = whole
            for variant in [ReadVariant.file, .standardInput] + ReadVariant.splits(seed: seed) {
                let (run, stolen) = try InProcessRun.run(arguments, trace: path, as: variant, outputPath: outputPath, faulty: faulty)
                steals += stolen
                let differs: Bool
                switch variant {
                case .file:
                    (whole, wholeNamed) = (run, run.named(path))
                    if ![0, 1].contains(run.status) { problems.append("\(command[0]): exit \(run.status): \(run.stderr)") }
                    continue
                case .standardInput:
                    // NB: the trace's name is the one thing standard input changes.
                    differs = run.named(path) != wholeNamed
                case .split:
                    differs = run != whole
                }
                if differs {
                    problems.append("\(command[0]) \(variant): not as the file read by one reader: \(firstDifference(wholeNamed.output, run.named(path).output))")
                }
            }
            wholeOutputs.append(whole.output)
        }
        problems += try ReferenceComparison.problems(report: wholeOutputs[0], graph: wholeOutputs[1], trace: trace)
        problems += try ReferenceComparison.pathProblems(why: wholeOutputs[5], trace: trace)
        problems += try ReferenceComparison.rankProblems(all: wholeOutputs[5], top: wholeOutputs[6], top: 2)
        return (problems, steals)
    }

    /// Where `a` and `b` first differ, with some context.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        let index = zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
        let context = { (bytes: [UInt8]) in String(decoding: bytes[max(0, index - 60)..<min(bytes.count, index + 60)], as: UTF8.self) }
        return "at byte \(index): …\(context(x))… vs …\(context(y))…"
    }
}

/// The reference fold's figures against those `report` and `graph` printed.
enum ReferenceComparison {
    /// What differs between `report`'s and `graph`'s JSON of `trace` and the reference fold.
    static func problems(report: String, graph: String, trace: String) throws -> [String] {
        let reference = try ReferenceFold(trace: trace)
        var problems: [String] = []
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let views = try #require(document["views"] as? [[String: Any]])
        let listed = reference.views.filter { $0.value.evals + $0.value.skips + $0.value.invalidations + $0.value.writes > 0 }
        let names = views.compactMap { $0["view"] as? String }
        if Set(names) != Set(listed.keys) { problems.append("report lists \(names.sorted()), the reference \(listed.keys.sorted())") }
        for object in views {
            guard let name = object["view"] as? String, let expected = reference.views[name] else { continue }
            problems += viewProblems(name, object, expected, reference.topCause(of: name))
        }
        problems += try edgeProblems(graph, reference.edges)
        return problems
    }

    /// What differs between `why`'s paths (JSON, every view) and the reference fold: each view's
    /// paths must sum to its evaluations, wasted evaluations and skips, and each path's evaluations
    /// must be the reference's for that path.
    static func pathProblems(why: String, trace: String) throws -> [String] {
        let reference = try ReferenceFold(trace: trace)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(why.utf8)) as? [String: Any])
        var problems: [String] = []
        var found: [String: Int] = [:]
        for view in document["views"] as? [[String: Any]] ?? [] {
            let name = view["view"] as? String ?? ""
            let paths = view["paths"] as? [[String: Any]] ?? []
            let expected = reference.views[name] ?? ReferenceFold.View()
            let sums = ["evals", "wasted", "skips"].map { key in paths.compactMap { int($0[key]) }.reduce(0, +) }
            if sums != [Int64(expected.evals), Int64(expected.wasted), Int64(expected.skips)] {
                problems.append("why \(name): paths sum to \(sums), the reference \([expected.evals, expected.wasted, expected.skips])")
            }
            for path in paths where int(path["evals"]) ?? 0 > 0 { found[path["path"] as? String ?? "", default: 0] += Int(int(path["evals"]) ?? 0) }
            problems += paths.flatMap { valueProblems($0, reference) }
        }
        if found != reference.pathEvals {
            let keys = Set(found.keys).union(reference.pathEvals.keys).filter { found[$0] != reference.pathEvals[$0] }.sorted()
            problems += keys.prefix(5).map { "why path \($0): \(found[$0] ?? 0) evaluations, the reference \(reference.pathEvals[$0] ?? 0)" }
        }
        return problems
    }

    /// What is wrong with `why`'s ranking: every path (`all`) must come in order of evaluations,
    /// then skips, descending, then first example, ascending; the document cut at `top` must show
    /// the first `top` of them and sum the rest in `omitted`.
    static func rankProblems(all: String, top: String, top limit: Int) throws -> [String] {
        let views = { (text: String) throws -> [[String: Any]] in
            try #require((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["views"] as? [[String: Any]])
        }
        let (every, cut) = (try views(all), try views(top))
        guard every.count == cut.count else { return ["why --top \(limit): \(cut.count) views, --top all \(every.count)"] }
        var problems: [String] = []
        for (whole, shown) in zip(every, cut) {
            let name = whole["view"] as? String ?? ""
            let paths = whole["paths"] as? [[String: Any]] ?? []
            let rank = { (path: [String: Any]) in
                [-(int(path["evals"]) ?? 0), -(int(path["skips"]) ?? 0), int((path["examples"] as? [Any])?.first) ?? .max]
            }
            if !zip(paths, paths.dropFirst()).allSatisfy({ rank($0.0).lexicographicallyPrecedes(rank($0.1)) }) {
                problems.append("why \(name): paths not ranked by evaluations, skips and first example")
            }
            let first = (shown["paths"] as? [[String: Any]] ?? []).map { $0["path"] as? String ?? "" }
            if first != paths.prefix(limit).map({ $0["path"] as? String ?? "" }) {
                problems.append("why \(name) --top \(limit): shows \(first), --top all starts \(paths.prefix(limit).map { $0["path"] as? String ?? "" })")
            }
            let rest = paths.dropFirst(limit)
            let omitted = shown["omitted"] as? [String: Any]
            let expected: [Int64]? = rest.isEmpty ? nil : [Int64(rest.count)] + ["evals", "wasted", "skips", "bodyTimeNs"].map { key in
                // NB: a path none of whose evaluations is timed has no body time (null): the rest sums the
                // others', and has none itself when every path with evaluations is such a path.
                let counted = key == "bodyTimeNs" ? rest.filter { (int($0["evals"]) ?? 0) > 0 } : Array(rest)
                let values = counted.map { int($0[key]) }
                if key == "bodyTimeNs" && !values.isEmpty && values.allSatisfy({ $0 == nil }) { return -1 }
                return key != "bodyTimeNs" && values.contains(nil) ? -1
                    : values.compactMap { $0 }.reduce(0) { $0.addingReportingOverflow($1).overflow ? .max : $0 + $1 }
            }
            let found = omitted.map { omitted in ["paths", "evals", "wasted", "skips", "bodyTimeNs"].map { int(omitted[$0]) ?? -1 } }
            if found != expected { problems.append("why \(name) --top \(limit): omitted \(found ?? []), the rest of --top all sums to \(expected ?? [])") }
        }
        return problems
    }

    /// What differs between a path's `values` in `why`'s JSON and the reference's: null unless the
    /// trace records values and the root is a write; else the five most frequent pairs (ties by
    /// old, then new), the distinct pairs and the evaluations of each other kind.
    private static func valueProblems(_ path: [String: Any], _ reference: ReferenceFold) -> [String] {
        let text = path["path"] as? String ?? ""
        let isWrite = (path["root"] as? [String: Any])?["kind"] as? String == "write"
        guard reference.recordsValues && isWrite else {
            return path["values"] is NSNull ? [] : ["why path \(text): values where the reference has none"]
        }
        let notes = reference.pathValues[text] ?? [:]
        let pairs = notes.compactMap { note, count -> (old: String, new: String, count: Int)? in
            let parts = note.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            return parts.count == 3 && parts[0] == "pair" ? (parts[1], parts[2], count) : nil
        }.sorted { ($1.count, $0.old, $0.new) < ($0.count, $1.old, $1.new) }
        let expected = pairs.prefix(5).map { "\($0.old)→\($0.new)×\($0.count)" }
            + ["distinct \(pairs.count)"] + ["equal", "cut", "redacted", "unavailable"].map { "\($0) \(notes[$0] ?? 0)" }
        let values = path["values"] as? [String: Any] ?? [:]
        let found = (values["pairs"] as? [[String: Any]] ?? []).map { "\($0["old"] as? String ?? "?")→\($0["new"] as? String ?? "?")×\(int($0["count"]) ?? -1)" }
            + ["distinct \(int(values["distinctPairs"]) ?? -1)"]
            + zip(["equal", "cut", "redacted", "unavailable"], ["equal", "differsAfterCut", "redacted", "unavailable"]).map { "\($0) \(int(values[$1]) ?? -1)" }
        return found == expected ? [] : ["why path \(text): values \(found), the reference \(expected)"]
    }

    /// `value` as a JSON integer, if it is one.
    private static func int(_ value: Any?) -> Int64? { (value as? NSNumber)?.int64Value }

    /// What differs between view `name`'s object in `report`'s JSON and the reference's figures.
    private static func viewProblems(
        _ name: String, _ object: [String: Any], _ expected: ReferenceFold.View,
        _ top: (origin: ReferenceFold.Origin, site: String, evals: Int)?
    ) -> [String] {
        var problems: [String] = []
        let time = object["bodyTimeNs"] as? [String: Any]
        let figures: [(String, Int64?, Int64)] = [
            ("bodyEvals", int(object["bodyEvals"]), Int64(expected.evals)), ("skips", int(object["skips"]), Int64(expected.skips)),
            ("wastedEvals", int(object["wastedEvals"]), Int64(expected.wasted)), ("writes", int(object["writes"]), Int64(expected.writes)),
            ("invalidations", int(object["invalidations"]), Int64(expected.invalidations)),
            ("evalsCausedByWrites", int(object["evalsCausedByWrites"]), Int64(expected.causedByWrites)),
            ("bodyTimeNs.count", int(time?["count"]), Int64(expected.timedEvals)),
            ("bodyTimeNs.total", int(time?["total"]) ?? -1, expected.timedEvals == 0 && expected.evals > 0 ? -1 : expected.bodyTimeNs),
        ]
        for (figure, found, wanted) in figures where found != wanted {
            problems.append("\(name): \(figure) \(found.map(String.init) ?? "missing"), the reference \(wanted)")
        }
        let ratio = (object["evalsPerWrite"] as? NSNumber)?.doubleValue
        if (ratio == nil) != (expected.evalsPerWrite == nil) || abs((ratio ?? 0) - (expected.evalsPerWrite ?? 0)) > 0.00005 + 1e-12 {
            problems.append("\(name): evalsPerWrite \(ratio.map { "\($0)" } ?? "null"), the reference \(expected.evalsPerWrite.map { "\($0)" } ?? "null")")
        }
        let first = (object["causes"] as? [[String: Any]])?.first
        let found = first.map { "\($0["view"] ?? "").\($0["prop"] ?? "") \($0["wrapper"] ?? "") \($0["site"] ?? "") \(int($0["evals"]) ?? -1)" }
        let wanted = top.map { "\($0.origin.view).\($0.origin.prop) \($0.origin.wrapper) \($0.site) \($0.evals)" }
        if found != wanted { problems.append("\(name): top cause \(found ?? "none"), the reference \(wanted ?? "none")") }
        return problems
    }

    /// What differs between `graph`'s JSON edges (by their ends' kinds and names) and the reference's.
    private static func edgeProblems(_ graph: String, _ expected: [[String]: ReferenceFold.Edge]) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(graph.utf8)) as? [String: Any])
        var names: [Int64: String] = [:]
        for node in document["nodes"] as? [[String: Any]] ?? [] {
            guard let id = int(node["id"]), let kind = node["kind"] as? String, let name = node["name"] as? String else { continue }
            names[id] = "\(kind):\(name)"
        }
        var found: [[String]: ReferenceFold.Edge] = [:]
        for edge in document["edges"] as? [[String: Any]] ?? [] {
            let key = [names[int(edge["from"]) ?? -1] ?? "?", names[int(edge["to"]) ?? -1] ?? "?"]
            found[key] = ReferenceFold.Edge(
                evals: Int(int(edge["evals"]) ?? -1), skips: Int(int(edge["skips"]) ?? -1), bodyTimeNs: int(edge["bodyTimeNs"]) ?? -1)
        }
        guard found != expected else { return [] }
        let keys = Set(found.keys).union(expected.keys).filter { found[$0] != expected[$0] }.sorted { $0.joined() < $1.joined() }
        return keys.prefix(5).map { "graph edge \($0[0]) → \($0[1]): \(found[$0].map { "\($0)" } ?? "none"), the reference \(expected[$0].map { "\($0)" } ?? "none")" }
    }
}
