import Testing
import TraceAnalysis

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
    ]

    @Test("glob semantics", arguments: cases)
    func matching(_ pattern: String, _ path: String, _ matches: Bool) {
        #expect(ViewGlob(pattern).matches(path) == matches)
    }
}
