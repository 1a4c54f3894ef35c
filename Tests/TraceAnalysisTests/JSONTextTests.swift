import Foundation
import Testing
import TraceAnalysis
import TraceSupport

@Suite("JSON string literals")
struct JSONTextTests {
    static let samples = [
        "", "MyView/Row[3]", "quote \" backslash \\ slash /", "line\nbreak\r\ttab", "nul \u{0} bell \u{7} esc \u{1B} us \u{1F}",
        "</script><b>&amp;", "emoji 🎉 and CJK 漢字", "separators \u{2028} \u{2029}", "é\u{301} combining", "\u{E2}",
    ]

    @Test("every string round-trips through JSONSerialization, embeddable or not", arguments: samples)
    func roundTrip(_ text: String) throws {
        for embeddable in [true, false] {
            let literal = JSONText.quoted(text, embeddable: embeddable)
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            #expect(decoded == [text])
            #expect(!literal.unicodeScalars.dropFirst().dropLast().contains { $0.value < 0x20 })
            if embeddable {
                #expect(!literal.contains("<") && !literal.contains(">") && !literal.contains("&"))
                #expect(!literal.contains("\u{2028}") && !literal.contains("\u{2029}"))
            }
        }
    }
}
