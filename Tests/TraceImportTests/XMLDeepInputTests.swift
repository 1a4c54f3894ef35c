import Testing
@testable import TraceImport
import TracerTestSupport

/// The XML scanner on 200,000 of a skipped or nested construct, run on a 512 KiB stack.
@Suite("XML scanner on 200,000 comments, instructions or elements, on a 512 KiB stack")
struct XMLDeepInputTests {
    /// How many constructs each input holds.
    static let count = 200_000

    /// The tables read from `xml`, or the error it gave.
    static func outcome(_ xml: String) throws -> String {
        try onSmallStack {
            do {
                return try readRows(xml, ["swiftui-updates": ["start"]]).tables.joined(separator: " ")
            } catch {
                return "\(error)"
            }
        }
    }

    @Test("comments and instructions in a row are skipped, inside the root and around it", arguments: [
        "<trace-query-result>\(String(repeating: "<!---->", count: count))</trace-query-result>",
        "<trace-query-result>\(String(repeating: "<?x?>", count: count))</trace-query-result>",
        "<trace-query-result>\(String(repeating: "<!-- c --><?x y?>\n", count: count))</trace-query-result>",
        "\(String(repeating: "<!---->\n", count: count))<trace-query-result/>\(String(repeating: "<?x?> ", count: count))",
    ])
    func skipped(xml: String) throws {
        #expect(try Self.outcome("<?xml version=\"1.0\"?>\n" + xml) == "")
    }

    @Test("elements nested 200,000 deep: refused at the first one too deep, with its position")
    func nested() throws {
        let xml = "<trace-query-result>\n" + String(repeating: "<a>", count: Self.count) + String(repeating: "</a>", count: Self.count)
            + "</trace-query-result>\n"
        #expect(try Self.outcome(xml) == "t.xml:2:\(3 * 65_535 + 1): elements nested more than 65536 deep")
    }
}
