import Foundation
import Testing
import TraceAnalysis
import TraceSupport
import TracerCore

@Suite("JSON string literals")
struct JSONTextTests {
    static let samples = [
        "", "MyView/Row[3]", "quote \" backslash \\ slash /", "line\nbreak\r\ttab", "nul \u{0} bell \u{7} esc \u{1B} us \u{1F}",
        "</script><b>&amp;", "emoji 🎉 and CJK 漢字", "separators \u{2028} \u{2029}", "é\u{301} combining", "\u{E2}",
        "backspace \u{8} form feed \u{C} delete \u{7F}",
    ]

    @Test("every string round-trips through JSONSerialization, embeddable or not", arguments: samples)
    func roundTrip(_ text: String) throws {
        for embeddable in [true, false] {
            let literal = JSONText.quoted(text, embeddable: embeddable)
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            #expect(decoded == [text])
            #expect(!literal.unicodeScalars.dropFirst().dropLast().contains { $0.value < 0x20 || $0.value == 0x7F })
            if embeddable {
                #expect(!literal.contains("<") && !literal.contains(">") && !literal.contains("&"))
                #expect(!literal.contains("\u{2028}") && !literal.contains("\u{2029}"))
            }
        }
    }

    @Test("NaN and the infinities are null in JSON, n/a in text; a figure too large for its decimals is its digits")
    func nonFiniteNumbers() {
        var writer = JSONWriter()
        writer.beginArray()
        for value in [Double.nan, .infinity, -.infinity, 1.5, 1e300] { writer.number(value) }
        writer.endArray()
        #expect(writer.text == "[null,null,null,1.5,1e+300]")
        #expect(JSONText.decimal(.nan) == "n/a" && JSONText.decimal(-.infinity, places: 1) == "n/a")
        #expect(JSONText.decimal(9.3e18, places: 2) == "9300000000000000000")
        #expect(JSONText.decimal(-1e300, places: 6) == "-1e+300")
        #expect(JSONText.decimal(2.5, places: 1) == "2.5")
    }

    @Test("one escaper writes event lines, reports and pages alike: \\b, \\f and DEL as \\u007f, with or without the embeddable escapes")
    func oneEscapingRule() {
        let text = "a\u{8}b\u{C}c\u{7F}d\u{1}\"\\\n\r\t<&>"
        let plain = #""a\bb\fc\u007fd\u0001\"\\\n\r\t<&>""#
        #expect(String(decoding: JSONString.quoted(text), as: UTF8.self) == plain)
        #expect(JSONText.quoted(text, embeddable: false) == plain)
        #expect(JSONText.quoted(text) == #""a\bb\fc\u007fd\u0001\"\\\n\r\t\u003c\u0026\u003e""#)
        var writer = JSONWriter(embeddable: true)
        writer.string(text)
        #expect(writer.text == JSONText.quoted(text))
    }
}
