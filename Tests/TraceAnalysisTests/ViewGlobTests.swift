import Testing
@testable import TraceAnalysis
import TracerTestSupport

@Suite("ViewGlob")
struct ViewGlobTests {
    static let cases: [(pattern: String, path: String, matches: Bool)] = [
        ("Screen", "Screen", true),
        ("Screen", "Screen/Header", false),
        ("Screen/*", "Screen/Header", true),
        ("Screen/*", "Screen/List/Row[1]", false),
        ("Screen/**", "Screen/List/Row[1]", true),
        ("Screen/**", "Screen", false),
        ("**/Row[1]", "Row[1]", true),
        ("**/Row[1]", "Screen/List/Row[1]", true),
        ("**/Row[1]", "Screen/List/Row[12]", false),
        ("**/Row[*]", "Screen/List/Row[12]", true),
        ("Screen/List/Row[?]", "Screen/List/Row[7]", true),
        ("Screen/List/Row[?]", "Screen/List/Row[70]", false),
        ("*Row*", "Screen/Row", false),
        ("**Row*", "Screen/MyRow#2", true),
        ("Screen/**/Cell", "Screen/Cell", true),
        ("Screen/**/Cell", "Screen/A/B/Cell", true),
        ("Screen/**/Cell", "Screen/A/BCell", false),
        (#"A\*"#, "A*", true),
        (#"A\*"#, "AB", false),
        ("Café/*", "Café/Ü", true),
        ("", "", true),
        ("", "A", false),
        ("*/Row[1]", "A/Row[1]", true),
        ("*/Row[1]", "A/B/Row[1]", false),
        ("**/Row[1]", "XRow[1]", false),
        ("A*A", "A", false),
        ("A*A", "AA", true),
        ("A**", "A", true),
        ("?", "", false),
        // A `/` inside a segment's `[id]` is part of the id: `*` inside `[…]` runs to its `]`, no further.
        ("A[*]", "A[x]/B[y]", false),
        ("A[*]/B[*]", "A[x]/B[y]", true),
        ("A[**]", "A[x]/B[y]", false),
        ("FileDetailView[*]", "FileDetailView[site/style]", true),
        ("**/FileDetailView[*]", "Root/FileDetailView[site/style]", true),
        ("Root/*", "Root/FileDetailView[site/style]", true),
        ("Root/*/Leaf", "Root/A[x/y]/Leaf", true),
        ("Root/*/Leaf", "Root/A[x]/B/Leaf", false),
        ("A[*]", "A[x[1]/y]", true),
        ("A[?]", "A[/]", true),
        ("A/?", "A//", false),
    ]

    @Test("glob semantics", arguments: cases)
    func matching(_ pattern: String, _ path: String, _ matches: Bool) {
        #expect(ViewGlob(pattern).matches(path) == matches)
    }

    @Test("every reader splits a path as the glob does: a `/` inside `[id]` is no separator", arguments: [
        ("Root/FileDetailView[site/style]/Text", ["Root", "FileDetailView[site/style]", "Text"]),
        ("A[x[1]/y]/B", ["A[x[1]/y]", "B"]),
        ("A]/B", ["A]", "B"]),
    ])
    func splitting(path: String, segments: [String]) {
        #expect(FlameSample.frames(ofView: path) == segments)
        #expect(WhyText.name(path) == segments.last)
        for (index, segment) in segments.enumerated() {
            let pattern = (segments[..<index].map(ViewGlob.escape) + ["*"] + segments[(index + 1)...].map(ViewGlob.escape)).joined(separator: "/")
            #expect(ViewGlob(pattern).matches(path), "\(pattern) should match \(path) (segment \(segment))")
        }
    }

}

/// A glob without wildcards is looked up, not matched against every view.
@Suite(.temporaryDirectory) struct ViewGlobLiteralTests {
    @Test("literal paths: the path a wildcard-free glob names, nil with a wildcard", arguments: [
        ("MyView", "MyView"), ("List/Row[3]#2", "List/Row[3]#2"), (#"List/Row\*"#, "List/Row*"),
        ("*", nil), ("**/Row", nil), ("Row?", nil),
    ] as [(String, String?)])
    func literalPath(pattern: String, path: String?) {
        #expect(ViewGlob(pattern).literalPath == path)
    }

    @Test("literal prefixes: the bytes before the first wildcard", arguments: [
        ("Root/List/*", "Root/List/"), (#"A\*B*"#, "A*B"), ("**", ""), ("A?", "A"), ("Screen", "Screen"), ("**/Row", ""),
    ])
    func literalPrefix(pattern: String, prefix: String) {
        #expect(ViewGlob(pattern).literalPrefix == Array(prefix.utf8))
    }

    @Test("a budget of literal rules checks each view through the lookup, as a scan would")
    func literalRulesMatchTheScan() throws {
        let summary = try TestSupport.analyze([
            TestSupport.meta,
            #"{"seq":1,"ts":1,"tid":1,"tx":1,"kind":"body-eval","view":"A/Row*","dur":1,"changed":1}"#,
            #"{"seq":2,"ts":2,"tid":1,"tx":1,"kind":"body-eval","view":"A/Row1","dur":1,"changed":1}"#,
        ].joined(separator: "\n") + "\n")
        let budget = Budget(rules: [
            BudgetRule(view: #"A/Row\*"#, metric: .bodyEvals, max: 0, path: "$.rules[0]"),
            BudgetRule(view: "A/Row*", metric: .bodyEvals, max: 0, path: "$.rules[1]"),
        ])
        let check = try BudgetCheck.evaluate(budget, file: "b.json", traces: [BudgetFigures(summary: summary)])
        #expect(check.results[0].offenders.map(\.view) == ["A/Row*"])
        #expect(Set(check.results[1].offenders.map(\.view)) == ["A/Row*", "A/Row1"])
    }
}
