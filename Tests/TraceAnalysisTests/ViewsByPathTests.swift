import Testing
@testable import TraceAnalysis
import TracerTestSupport

/// A glob's views are found in the range of paths that start with its literal prefix: the views
/// matching every path would find, in byte order of their paths.
@Suite("Budgets: views by path", .temporaryDirectory)
struct ViewsByPathTests {
    /// Paths on either side of the globs' prefixes, in no particular order.
    static let paths = [
        "Root/List/Row[1]", "Root/List", "Root/List/", "Root/Lis", "Root/List0", "Root/List.", "Root/Lisu",
        "Root/List/Row[1]/Cell", "Root/List/Row[12]", "Root/List/Row[2]", "Root/Listé", "Root/List*", "Root/List/Row*",
        "Root/List/Row?", #"Root/List/Row\"#, "Root", "Other/Root/List/Row[1]", "", "Root/List/Row[1]#2",
        "Root/List/Rov[1]", "Root/List/Rox",
    ]

    @Test("a glob finds the views a scan of every path finds, in byte order", arguments: [
        "Root/List/*", "Root/List/**", "Root/List", "Root/List/Row[1]", "Root/List/Row[?]", "Root/List*", #"Root/List\*"#,
        #"Root/List/Row\*"#, #"Root/List/Row\?"#, #"Root/List/Row\"#, "Root/Lis?", "**", "**/Row[1]", "*", "",
        "Root/List/Row[1]*", "Root/List/**/Cell", "*/List", "Root/Listé", "Nothing*", "Root/List/Row[1]#?",
    ])
    func sameViewsAsAScan(pattern: String) {
        let glob = ViewGlob(pattern)
        let views = ViewsByPath(Self.paths.map { ViewStats(view: $0) })
        var found: [String] = []
        views.forEach(matching: glob) { index, stats in
            #expect(views.stats[index].view == stats.view)
            found.append(stats.view)
        }
        #expect(found == Self.paths.filter(glob.matches).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test("a path is looked up as itself, not as the prefix of longer paths")
    func lookup() {
        let views = ViewsByPath(Self.paths.map { ViewStats(view: $0) })
        for path in Self.paths { #expect(views.stats(for: path)?.view == path) }
        for missing in ["Root/Li", "Root/List/Row[", "Zzz", "Root/List/Row[3]"] { #expect(views.stats(for: missing) == nil) }
    }

    @Test("the worst view and the offenders go by excess, then by name, across runs that lack some views")
    func rankingAcrossRuns() throws {
        // Body evaluations per view in each of three runs.
        let runs = try [["B/c": 1, "B/a": 1, "A/x": 1, "A/y": 3], ["A/y": 5, "A/z": 2, "B/b": 1], ["A/x": 2, "B/d": 1]].map {
            BudgetFigures(summary: try TestSupport.analyze(Self.trace(evaluations: $0)))
        }
        let budget = Budget(rules: [
            BudgetRule(view: "A/*", metric: .bodyEvals, max: 2, aggregate: .max, path: "$.rules[0]"),
            BudgetRule(view: "A/*", metric: .bodyEvals, max: 0, path: "$.rules[1]"),
            BudgetRule(view: "B/*", metric: .bodyEvals, max: 0, aggregate: .max, path: "$.rules[2]"),
            BudgetRule(view: "**", metric: .totalBodyEvals, max: 1, path: "$.rules[3]"),
        ])
        let check = try BudgetCheck.evaluate(budget, file: "b.json", traces: runs)
        // Maxima x 2, y 5, z 2; medians x 1, y 3, z 0.
        #expect(check.results[0].view == "A/y")
        #expect(check.results[0].offenders.map(\.view) == ["A/y"])
        #expect(check.results[1].offenders.map(\.view) == ["A/y", "A/x"])
        #expect(check.results[1].offenders.map(\.value) == [3, 1])
        // Ties (each B view at most 1) go by name; at most three offenders.
        #expect(check.results[2].view == "B/a")
        #expect(check.results[2].offenders.map(\.view) == ["B/a", "B/b", "B/c"])
        // A total's offenders are the first run's views adding most to it.
        #expect(check.results[3].found == 6)
        #expect(check.results[3].offenders.map(\.view) == ["A/y", "A/x", "B/a"])
    }

    /// A trace of `evaluations[view]` body evaluations of each view.
    private static func trace(evaluations: [String: Int]) -> String {
        var lines = [TestSupport.meta]
        for (view, count) in evaluations.sorted(by: { $0.key < $1.key }) {
            for _ in 0..<count {
                let seq = lines.count
                lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tid":1,"tx":\#(seq),"kind":"body-eval","view":"\#(view)","dur":1,"changed":1}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
