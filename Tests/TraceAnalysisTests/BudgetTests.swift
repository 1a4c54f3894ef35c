import Foundation
import Testing
import Tracer
@testable import TraceAnalysis
import TracerTestSupport
import TraceSupport

@Suite("Budgets: files, evaluation, baselines, write-budget", .temporaryDirectory)
struct BudgetTests {
    static let budgets = TestSupport.packageRoot.appendingPathComponent("Fixtures/Budgets")
    static let scenarios = TestSupport.traces.appendingPathComponent("scenarios")

    static let badBudgets = FixtureFolder.names(in: budgets.appendingPathComponent("bad").path, suffix: ".json")

    /// The figures of the golden scenario trace `name` (e.g. `scroll-offset.state`).
    private func figures(_ name: String, for budget: Budget) throws -> BudgetFigures {
        try BudgetFigures.load(source: .file(Self.scenarios.appendingPathComponent("\(name).jsonl").path), for: budget)
    }

    private func budget(_ name: String) throws -> Budget {
        try Budget.load(path: Self.budgets.appendingPathComponent(name).path)
    }

    private func check(_ budgetName: String, _ traces: [String], baseline: String? = nil) throws -> BudgetCheck {
        let budget = try budget(budgetName)
        return try BudgetCheck.evaluate(
            budget, file: budgetName, traces: traces.map { try figures($0, for: budget) },
            baselines: try baseline.map { [try figures($0, for: budget)] } ?? [])
    }

    // MARK: Files

    @Test("every budget fixture parses", arguments: ["scroll-offset.json", "warn-only.json", "ratchet.json", "rendering-cycle.json", "times.json"])
    func fixturesParse(name: String) throws {
        #expect(try !budget(name).rules.isEmpty)
    }

    @Test("the JSON Schema names exactly the keys and values the parser accepts")
    func schemaInSync() throws {
        let url = TestSupport.packageRoot.appendingPathComponent("Fixtures/tracer-budget.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let top = try #require(schema["properties"] as? [String: Any])
        #expect(Set(top.keys) == BudgetReader.topLevelKeys)
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let rule = try #require((definitions["rule"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(rule.keys) == BudgetReader.ruleKeys)
        func enumeration(_ object: Any?) -> Set<String> { Set(((object as? [String: Any])?["enum"] as? [String]) ?? []) }
        #expect(enumeration(rule["metric"]) == Set(BudgetMetric.allCases.map(\.rawValue)))
        #expect(enumeration(rule["level"]) == Set(BudgetLevel.allCases.map(\.rawValue)))
        #expect(enumeration(definitions["aggregate"]) == Set(RunAggregate.allCases.map(\.rawValue)))
        #expect((top["schema"] as? [String: Any])?["const"] as? String == Budget.schema)
        #expect((top["rules"] as? [String: Any])?["minItems"] as? Int == 1)
    }

    /// The JSON Schema's pattern at `path` (keys and array indices) as a regular expression.
    private func schemaPattern(_ path: [Any]) throws -> NSRegularExpression {
        let url = TestSupport.packageRoot.appendingPathComponent("Fixtures/tracer-budget.schema.json")
        var node: Any = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        for step in path {
            if let key = step as? String { node = try #require((node as? [String: Any])?[key]) }
            if let index = step as? Int { node = try #require((node as? [Any])?[index]) }
        }
        return try NSRegularExpression(pattern: try #require((node as? [String: Any])?["pattern"] as? String))
    }

    @Test("durations and percentages: the parser accepts exactly what the JSON Schema's patterns accept", arguments: [
        "2ms", "1.5ms", " 2 ms ", "20µs", "20us", "500ns", "1s", "0s", "1e3ms", "0x10ms", "inf s", "nan ms", ".5ms", "5.ms",
        "+1ms", "-1ms", "2\nms", "2\tms", "2 fortnights", "ms", "10", "1_000ns", "١ms",
    ])
    func durationGrammar(text: String) throws {
        let pattern = try schemaPattern(["$defs", "limit", "anyOf", 1])
        let schemaAccepts = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        #expect((DurationText.parse(text) != nil) == schemaAccepts)
        let rule = #"{"schema":"tracer-budget/1","rules":[{"metric":"body-time-p95","max":\#(JSONText.quoted(text, embeddable: false))}]}"#
        #expect(((try? Budget.parse(Array(rule.utf8), file: "b")) != nil) == schemaAccepts)
    }

    @Test("percentages: the parser accepts exactly what the JSON Schema's pattern accepts", arguments: [
        "10%", "2.5%", "0%", "1e3%", "-10%", "+5%", " 5%", "inf%", "nan%", "0x10%", ".5%", "5.%", "%", "ten%",
    ])
    func percentageGrammar(text: String) throws {
        let pattern = try schemaPattern(["$defs", "rule", "properties", "maxIncrease", "anyOf", 0])
        let schemaAccepts = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        let rule = #"{"schema":"tracer-budget/1","rules":[{"metric":"body-evals","maxIncrease":\#(JSONText.quoted(text, embeddable: false))}]}"#
        #expect(((try? Budget.parse(Array(rule.utf8), file: "b")) != nil) == schemaAccepts)
    }

    @Test("each bad budget file fails with its position, JSON path and message", arguments: badBudgets)
    func badBudget(name: String) throws {
        let url = Self.budgets.appendingPathComponent("bad/\(name)")
        let expected = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("expected"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(expected.first == "exit 2")
        let bytes = Array(try Data(contentsOf: url))
        do throws(BudgetError) {
            _ = try Budget.parse(bytes, file: name)
            Issue.record("\(name) was accepted")
        } catch {
            #expect(error.description == expected.dropFirst().first)
        }
    }

    // MARK: Evaluation

    @Test("a run read without offender causes follows cause chains only for a rule that reads them")
    func causesOnlyWhereNeeded() throws {
        let path = Self.scenarios.appendingPathComponent("scroll-offset.state.jsonl").path
        let counts = try Budget.parse(Array(#"{"schema":"tracer-budget/1","rules":[{"view":"**","metric":"body-evals","max":1}]}"#.utf8), file: "b")
        let ratio = try Budget.parse(Array(#"{"schema":"tracer-budget/1","rules":[{"view":"**","metric":"evals-per-write","max":1}]}"#.utf8), file: "b")
        let full = try BudgetFigures.load(source: .file(path), for: counts).summary
        let lean = try BudgetFigures.load(source: .file(path), for: counts, offenderCauses: false).summary
        let ratioRead = try BudgetFigures.load(source: .file(path), for: ratio, offenderCauses: false).summary
        #expect(full.views.contains { !$0.causes.isEmpty && $0.evalsCausedByWrites > 0 })
        #expect(lean.views.allSatisfy { $0.causes.isEmpty && $0.evalsCausedByWrites == 0 })
        #expect(lean.views.map(\.view) == full.views.map(\.view))
        #expect(lean.views.map { $0.counts[.bodyEvals] } == full.views.map { $0.counts[.bodyEvals] })
        #expect(ratioRead.views == full.views)
    }

    @Test("scroll-offset budget: view-storage passes, state fails its error rules and warns on the warn rule")
    func passAndFail() throws {
        let pass = try check("scroll-offset.json", ["scroll-offset.view-storage"])
        // NB: the golden traces have no `dur`: the body-time rule has no figure and is skipped, never passed at 0 ns.
        #expect(pass.results.map(\.status) == [.pass, .pass, .pass, .pass, .pass, .skipped, .off])
        #expect(pass.exitStatus == 0)
        let fail = try check("scroll-offset.json", ["scroll-offset.state"])
        #expect(fail.results.map(\.status) == [.fail, .warn, .fail, .fail, .fail, .skipped, .off])
        #expect(fail.exitStatus == 1)
        let first = fail.results[0]
        #expect(first.message == "MyView body-evals: expected ≤ 3, found 241")
        #expect(first.offenders.first?.causes.first?.origin.prop == "scrollContentOffset")
        // The mark rule counts only the events after "scroll-down" and before "scroll-up": 120 per view.
        #expect(fail.results[3].found == 120)
        #expect(fail.results[3].offenders.map(\.view) == ["MyView", "MyView/MyScrollView"])
    }

    @Test("mark figures come from the parallel pass: a file split in two gives the one-thread figures")
    func markViewsSplit() throws {
        // 400 transactions; from the 5th on, a mark every 10 named a, b, a, b…: `a` covers 20
        // intervals of 10, `b` 19 of 10 and the last 5; the first 5 are in no interval.
        var lines = [TestSupport.meta]
        var seq = 0
        for tx in 0..<400 {
            if tx % 10 == 5 {
                seq += 1
                lines.append(#"{"seq":\#(seq),"ts":\#(seq),"kind":"mark","name":"\#((tx / 10) % 2 == 0 ? "a" : "b")"}"#)
            }
            seq += 3
            lines.append(#"{"seq":\#(seq - 2),"ts":\#(seq),"tx":\#(tx),"kind":"write","view":"Screen","prop":"y","wrapper":"State","changed":true}"#)
            lines.append(#"{"seq":\#(seq - 1),"ts":\#(seq),"tx":\#(tx),"kind":"body-eval","view":"Screen","cause":\#(seq - 2),"dur":\#(tx),"changed":\#(tx % 2)}"#)
            lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tx":\#(tx),"kind":"skip","view":"Screen/Row","cause":\#(seq - 1)}"#)
        }
        let path = try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")
        let single = try TraceAnalyzer.analyze(
            source: .file(path), options: .init(read: TraceReadOptions(threads: 1), markViews: .countsAndBodyTimes))
        let split = try TraceAnalyzer.analyze(
            source: .file(path), options: .init(read: TraceReadOptions(threads: 2), minimumSplitSize: 1, markViews: .countsAndBodyTimes))
        #expect(split.markViews == single.markViews)
        for (name, transactions) in [("a", 200), ("b", 195)] {
            let views = try #require(single.markViews[name])
            #expect(views.keys.sorted() == ["Screen", "Screen/Row"])
            let screen = try #require(views["Screen"]), row = try #require(views["Screen/Row"])
            let screenCounts: [Int] = [screen.bodyEvals, screen.wastedEvals, screen.writes, screen.skips]
            let rowCounts: [Int] = [row.bodyEvals, row.wastedEvals, row.writes, row.skips]
            #expect(screenCounts == [transactions, transactions / 2, transactions, 0])
            #expect(rowCounts == [0, 0, 0, transactions])
            #expect(screen.bodyTime.count == transactions)
        }
        // Counts alone leave the body times out, and are otherwise the same.
        let counts = try TraceAnalyzer.analyze(
            source: .file(path), options: .init(read: TraceReadOptions(threads: 2), minimumSplitSize: 1, markViews: .counts))
        #expect(counts.markViews["a"]?["Screen"]?.bodyEvals == 200)
        #expect(counts.markViews["a"]?["Screen"]?.bodyTime.count == 0)
        let unasked = try TraceAnalyzer.analyze(source: .file(path), options: .init(read: TraceReadOptions(threads: 2), minimumSplitSize: 1))
        #expect(unasked.markViews.isEmpty, "only when asked for")
    }

    @Test("warnings alone pass (exit 0)")
    func warnOnly() throws {
        let check = try check("warn-only.json", ["scroll-offset.view-storage"])
        #expect(check.results.map(\.status) == [.pass, .warn, .warn])
        #expect(check.exitStatus == 0)
        #expect(BudgetCheckRenderer.verdict(check) == "PASS with warnings: 0 failed, 2 warned, 1 passed, 0 off, 0 skipped")
    }

    @Test("scenario and variant filters: rules of another scenario are skipped, globs match paths")
    func filters() throws {
        let extracted = try check("rendering-cycle.json", ["rendering-cycle.extracted"])
        #expect(extracted.results.map(\.status) == [.pass, .pass, .pass, .warn])
        #expect(extracted.results[0].view == "ViewRenderingCycle/ZStack/ScrollView/VStack/Counter")
        // In the "count" interval the owner and Counter are evaluated on each of the 5 taps.
        #expect(extracted.results[3].found == 5)
        let inline = try check("rendering-cycle.json", ["rendering-cycle.inline"])
        #expect(inline.results.map(\.status) == [.skipped, .skipped, .pass, .skipped])
        #expect(inline.results[0].note == "no trace of scenario 'rendering-cycle', variant 'extracted'")
    }

    @Test("repeated runs combine per rule: median, max and min", arguments: [
        (RunAggregate.median, 5.0), (.max, 9.0), (.min, 1.0),
    ])
    func repeatedRuns(aggregate: RunAggregate, expected: Double) throws {
        let runs = try [1, 9, 5].map { evaluations in
            BudgetFigures(summary: try TestSupport.analyze(trace(writes: evaluations, fanOut: 1)))
        }
        let budget = Budget(aggregate: aggregate, rules: [BudgetRule(view: "A", metric: .bodyEvals, max: 4, path: "$.rules[0]")])
        let check = try BudgetCheck.evaluate(budget, file: "b", traces: runs)
        #expect(check.results[0].found == expected)
        #expect(check.results[0].status == (expected > 4 ? .fail : .pass))
    }

    @Test("a view missing from a run counts 0 for a count metric and contributes no figure to a ratio")
    func missingViewInARun() throws {
        // A is written twice with 2 evaluations per write, then once with 3; the third run lacks A.
        let runs = try [trace(writes: 2, fanOut: 2), trace(writes: 1, fanOut: 3), trace(writes: 4, fanOut: 1, view: "B")].map {
            BudgetFigures(summary: try TestSupport.analyze($0))
        }
        let budget = Budget(aggregate: .min, rules: [
            BudgetRule(view: "A", metric: .evalsPerWrite, min: 2, path: "$.rules[0]"),
            BudgetRule(view: "A", metric: .bodyEvals, min: 1, path: "$.rules[1]"),
            BudgetRule(view: "A", metric: .evalsPerWrite, max: 2.5, aggregate: .median, path: "$.rules[2]"),
            BudgetRule(view: "A", metric: .bodyTimeP95, max: 100, aggregate: .max, path: "$.rules[3]"),
        ])
        let check = try BudgetCheck.evaluate(budget, file: "b", traces: runs)
        #expect(check.results.map(\.found) == [2, 0, 2.5, 10])
        #expect(check.results.map(\.status) == [.pass, .fail, .pass, .pass])
        // No run has a figure at all: the rule is skipped and says why, never checked against 0.
        let none = try BudgetCheck.evaluate(
            Budget(rules: [BudgetRule(view: "B", metric: .evalsPerWrite, min: 1, path: "$.rules[0]")]), file: "b",
            traces: [runs[0]])
        #expect(none.results[0].status == .skipped)
        #expect(none.results[0].note == "no evals-per-write figure for a view matching B")
    }

    @Test("a view without evaluations has no body-time percentile, a view without writes no evals-per-write")
    func figuresOfNothing() throws {
        let figures = BudgetFigures(summary: try TestSupport.analyze(trace(writes: 3, fanOut: 1, skipping: "A/Child")))
        let budget = Budget(rules: [
            BudgetRule(view: "A/Child", metric: .bodyTimeP95, min: 1, path: "$.rules[0]"),
            BudgetRule(view: "A/Child", metric: .evalsPerWrite, min: 1, path: "$.rules[1]"),
            BudgetRule(view: "A/Child", metric: .skips, min: 3, path: "$.rules[2]"),
        ])
        let check = try BudgetCheck.evaluate(budget, file: "b", traces: [figures])
        #expect(check.results.map(\.status) == [.skipped, .skipped, .pass])
        #expect(check.results[2].found == 3)
    }

    @Test("a baseline limits each view to its baseline figure plus the increase")
    func baseline() throws {
        let same = try check("ratchet.json", ["scroll-offset.state"], baseline: "scroll-offset.state")
        #expect(same.results.map(\.status) == [.pass, .pass])
        let worse = try check("ratchet.json", ["scroll-offset.state"], baseline: "scroll-offset.view-storage")
        #expect(worse.results.map(\.status) == [.fail, .fail])
        #expect(worse.results[0].expected == "≤ 3.30 (baseline 3 +10%)")
        #expect(worse.results[1].expected == "≤ 8 (baseline 6 +2)")
        let better = try check("ratchet.json", ["scroll-offset.view-storage"], baseline: "scroll-offset.state")
        #expect(better.exitStatus == 0)
        #expect(throws: BudgetError.self) { try check("ratchet.json", ["scroll-offset.state"]) }
    }

    @Test("a budget written from a trace passes on it; one more evaluation fails it", arguments: [0.0, 10.0])
    func writeBudgetRoundTrip(headroom: Double) throws {
        let summary = try TestSupport.analyze(trace(writes: 20, fanOut: 1))
        let text = BudgetWriter.budget(from: summary, headroom: headroom)
        let budget = try Budget.parse(Array(text.utf8), file: "written.json")
        #expect(budget.rules.map(\.metric) == [.bodyEvals, .wastedEvals, .totalBodyEvals])
        #expect(try BudgetCheck.evaluate(budget, file: "written.json", traces: [BudgetFigures(summary: summary)]).exitStatus == 0)
        let limit = Int((20 * (1 + headroom / 100)).rounded(.up))
        let worse = try TestSupport.analyze(trace(writes: limit + 1, fanOut: 1))
        let check = try BudgetCheck.evaluate(budget, file: "written.json", traces: [BudgetFigures(summary: worse)])
        #expect(check.results.map(\.status) == [.fail, .pass, .fail])
    }

    @Test("write-budget escapes glob characters in view paths")
    func writtenGlobsAreLiteral() throws {
        #expect(ViewGlob.escape("List/Row[*]?") == "List/Row[\\*]\\?")
        #expect(ViewGlob(ViewGlob.escape("A/Row[*]")).matches("A/Row[*]"))
        #expect(!ViewGlob(ViewGlob.escape("A/Row[*]")).matches("A/Row[1]"))
    }

    // MARK: Swift API

    @Test("a Swift test can gate an in-memory trace recorded from views")
    func inMemoryTrace() throws {
        let sink = MemorySink()
        let recorder = TraceRecorder(sink: sink, metadata: TraceMetadata(scenario: "api"), clock: .manual(ManualClock(step: 1)))
        let graph = ViewGraph(recorder: recorder)
        graph.mount(Counter())
        for _ in 0..<4 { try graph.tap(buttonTitled: "Add") }
        recorder.close()
        let budget = try Budget.parse(Array(#"""
            {"schema":"tracer-budget/1","rules":[
              {"view":"Counter","metric":"body-evals","max":5},
              {"view":"Counter/VStack/Label","metric":"body-evals","max":1,"level":"warn"}]}
            """#.utf8), file: "inline")
        let check = try budget.check(trace: sink.bytes, name: "counter")
        #expect(check.results.map(\.found) == [5, 5])
        #expect(check.results.map(\.status) == [.pass, .warn])
        #expect(check.exitStatus == 0)
    }

    // MARK: Renderers

    @Test("GitHub workflow commands escape %, CR, LF and other control characters, and in properties also : and ,")
    func githubEscaping() {
        #expect(BudgetCheckRenderer.escapeData("50% a\r\nb:c,d") == "50%25 a%0D%0Ab:c,d")
        #expect(BudgetCheckRenderer.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        #expect(BudgetCheckRenderer.escapeData("Row\u{1B}[2J\u{0}\u{7}\u{202E}") == "Row\\u{1B}[2J\\u{0}\\u{7}\\u{202E}")
        #expect(BudgetCheckRenderer.escapeProperty("t\u{1B}:") == "t\\u{1B}%3A")
    }

    @Test("the GitHub annotation points at the repository path of the top cause's declaration site")
    func githubAnnotation() throws {
        let check = try check("scroll-offset.json", ["scroll-offset.state"])
        let sources = SourceIndex(paths: ["Fixtures/Scenarios/ScrollOffset.swift", "Sources/App/Other.swift"])
        let lines = BudgetCheckRenderer.githubCommands(check, sources: sources).split(separator: "\n")
        #expect(lines.count == 5, "four failed rules and one warning")
        #expect(lines[0].hasPrefix(
            "::error file=Fixtures/Scenarios/ScrollOffset.swift,line=62,title=Tracer budget $.rules[0]::MyView body-evals: expected ≤ 3, found 241%0A"))
        #expect(lines[1].hasPrefix("::warning file=Fixtures/Scenarios/ScrollOffset.swift,line=62,"))
        // A site that maps to no file of the repository names none (GitHub could not attach it).
        let unmapped = BudgetCheckRenderer.githubCommands(check, sources: SourceIndex(paths: ["Sources/App/Other.swift"]))
        #expect(unmapped.split(separator: "\n").first?.hasPrefix("::error title=Tracer budget $.rules[0]::") == true)
        #expect(!unmapped.contains("file="))
    }

    @Test("sites map to the unique *.swift file of their name under the source root; the module folder breaks ties", arguments: [
        ("Screen.swift:3", "Sources/App/Screen.swift:3"),
        ("App/Screen.swift:3", "Sources/App/Screen.swift:3"),
        ("App/Row.swift:5", "Sources/App/Views/Row.swift:5"),
        ("Kit/Row.swift:5", "Sources/Kit/Row.swift:5"),
        ("Row.swift:5", nil),
        ("Other/Row.swift:5", nil),
        ("Missing.swift:1", nil),
        ("Screen.swift", nil),
        ("Screen.swift:zero", nil),
    ] as [(String, String?)])
    func sourceIndex(site: String, expected: String?) throws {
        let root = URL(fileURLWithPath: temporaryDirectory())
        let files = [
            "Sources/App/Screen.swift", "Sources/App/Views/Row.swift", "Sources/Kit/Row.swift", "Sources/App/notes.txt",
            ".build/debug/Screen.swift", ".build-ci/checkouts/App/Screen.swift", ".git/Screen.swift",
        ]
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("// \(file)\n".utf8).write(to: url)
        }
        let index = try #require(SourceIndex(root: root.path))
        #expect(index.location(ofSite: site).map { "\($0.path):\($0.line)" } == expected)
        #expect(SourceIndex(root: root.appendingPathComponent("Sources/App/Screen.swift").path) == nil, "a file is no source root")
    }

    @Test("the job-summary table stays one row per rule when a view name holds a newline, a backtick or a pipe")
    func markdownEscaping() throws {
        let view = "Row`1`|x\ny"
        let quoted = JSONText.quoted(view, embeddable: false)
        let text = [
            TestSupport.meta,
            #"{"seq":1,"tx":1,"kind":"body-eval","view":\#(quoted),"dur":5,"changed":1}"#,
            #"{"seq":2,"tx":1,"kind":"body-eval","view":"Plain","dur":5,"changed":1}"#,
        ].joined(separator: "\n") + "\n"
        let budget = Budget(rules: [
            BudgetRule(view: "Row*", metric: .bodyEvals, max: 0, path: "$.rules[0]"),
            BudgetRule(view: "Plain", metric: .bodyEvals, max: 0, mark: "a|b`c", path: "$.rules[1]"),
        ])
        let check = try BudgetCheck.evaluate(budget, file: "b", traces: [BudgetFigures(summary: try TestSupport.analyze(text))])
        let rows = BudgetCheckRenderer.markdown(check, budget: "b|`c`.json").split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(rows.count == 2 + check.results.count)
        for row in rows {
            // Cells are split by the pipes that are not escaped.
            let cells = row.replacingOccurrences(of: "\\|", with: "").split(separator: "|", omittingEmptySubsequences: false)
            #expect(cells.count == 7, "\(row)")
        }
        #expect(rows[2].contains(" ``Row`1`\\|x\\u{A}y`` "), "\(rows[2])")
        #expect(rows[3].contains("body-evals @a\\|b\\`c"), "\(rows[3])")
    }

    @Test("Markdown cells: ordinary text unchanged; inline syntax, pipes and line breaks escaped", arguments: [
        ("Screen.scrollOffset (State) ×2", "Screen.scrollOffset (State) ×2"),
        ("my_trace.jsonl", "my_trace.jsonl"),
        ("List/Row[1].isOn (State) ×2", "List/Row[1].isOn (State) ×2"),
        ("_count *x* [a](b) <i> &amp; a|b ~~s~~ c\\d `e`", "\\_count \\*x\\* [a\\](b) &lt;i&gt; \\&amp; a\\|b \\~\\~s\\~\\~ c\\\\d \\`e\\`"),
        ("a\nb\u{1}", "a\\\\u{A}b\\\\u{1}"),
    ])
    func markdownCell(text: String, expected: String) {
        #expect(Formatting.markdown(text) == expected)
    }

    @Test("Markdown code spans: fenced past any backtick run, padded at a backtick edge", arguments: [
        ("Screen/List/Row[1]", "`Screen/List/Row[1]`"),
        ("a`b", "``a`b``"),
        ("`a``", "``` `a`` ```"),
        ("a|b\nc", "`a\\|b\\u{A}c`"),
        (" a ", "`  a  `"),
    ])
    func markdownCode(text: String, expected: String) {
        #expect(Formatting.markdownCode(text) == expected)
    }

    /// A trace in which `view` is written `writes` times, each write evaluating it `fanOut` times
    /// (10 ns each), and `skipping` (if given) skipped once per write.
    private func trace(writes: Int, fanOut: Int, view: String = "A", skipping: String? = nil) -> String {
        var lines = [TestSupport.meta]
        var seq = 0
        for tx in 1...writes {
            seq += 1
            let write = seq
            lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tx":\#(tx),"kind":"write","view":"\#(view)","prop":"n","wrapper":"State","changed":true,"site":"A.swift:3"}"#)
            for _ in 0..<fanOut {
                seq += 1
                lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tx":\#(tx),"kind":"body-eval","view":"\#(view)","changed":1,"cause":\#(write),"reason":"state","dur":10}"#)
            }
            if let skipping {
                seq += 1
                lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tx":\#(tx),"kind":"skip","view":"\#(skipping)","cause":\#(write),"reason":"inputs-equal"}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A counter whose label is its own view: re-evaluated whenever the count changes.
private struct Counter: View {
    @State private var count = 0

    var body: some View {
        VStack {
            Label(count: count)
            Button("Add") { count += 1 }
        }
    }
}

private struct Label: View {
    let count: Int

    var body: some View { Text("\(count)") }
}
