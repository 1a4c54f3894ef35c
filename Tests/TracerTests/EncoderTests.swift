import Foundation
import Testing
@testable import Tracer

@Suite("JSON-lines encoder")
struct EncoderTests {
    @Test("strings round-trip through JSONSerialization", arguments: [
        "plain", "quote \" inside", "back\\slash", "new\nline", "tab\tand\rreturn", "nul\u{0}byte",
        "bell\u{7}and\u{1F}unit", "del\u{7F}", "emoji 🧵👩‍💻", "é ü 中文", "</script>", "",
    ])
    func escapingRoundTrips(_ string: String) throws {
        var line: [UInt8] = Array("{\"s\":".utf8)
        JSONString.appendQuoted(string, to: &line)
        line.append(UInt8(ascii: "}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: String])
        #expect(object["s"] == string)
        #expect(!line.contains(0x0A), "a quoted string never contains a raw newline")
    }

    @Test("integers are written in decimal", arguments: [UInt64(0), 7, 10, 99, 1_000_000, UInt64.max])
    func decimals(_ value: UInt64) {
        var buffer: [UInt8] = []
        JSONLineEncoder.appendDecimal(value, to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == String(value))
    }

    /// 0, every power of ten and the number before it, and the largest: each digit count's edges.
    static let digitEdges: [UInt64] = [0, 1, 9] + (1...19).flatMap { exponent -> [UInt64] in
        let power = (0..<exponent).reduce(UInt64(1)) { value, _ in value * 10 }
        return [power - 1, power, power + 1]
    } + [UInt64.max - 1, UInt64.max]

    @Test("an event line's numbers are written exactly at every digit count", arguments: digitEdges)
    func eventLineDecimals(_ value: UInt64) {
        var event = TraceEvent(kind: .mark)
        event.seq = value
        event.ts = value / 3
        let line = String(decoding: SymbolTable().snapshot().lines([event]), as: UTF8.self)
        #expect(line.hasPrefix("{\"seq\":\(value),\"ts\":\(value / 3),\"tid\":0,\"kind\":\"mark\""), "\(line)")
    }

    @Test("an event line carries exactly the fields that are set")
    func eventLine() throws {
        let symbols = SymbolTable()
        let view = symbols.intern("MyView/Row[3]")
        let prop = symbols.intern("scroll\"Offset")
        let site = symbols.intern("Screens/My View.swift:12")
        var write = TraceEvent.write(view: view, prop: prop, wrapper: .viewStorage, changed: false, site: site, tx: 9)
        write.seq = 4
        write.ts = 1200
        write.tid = 2
        var body = TraceEvent.bodyEval(view: view, cause: 4, tx: 9, reason: .inputsChanged, duration: 0, changedChildren: 0)
        body.seq = 5
        let buffer = symbols.snapshot().lines([write, body])
        let lines = parseLines(String(decoding: buffer, as: UTF8.self))
        let first = try #require(lines[0])
        #expect(first["seq"] as? Int == 4 && first["ts"] as? Int == 1200 && first["tid"] as? Int == 2)
        #expect(first["kind"] as? String == "write" && first["wrapper"] as? String == "ViewStorage")
        #expect(first["view"] as? String == "MyView/Row[3]" && first["prop"] as? String == "scroll\"Offset")
        #expect(first["changed"] as? Bool == false && first["site"] as? String == "Screens/My View.swift:12")
        #expect(first["cause"] == nil && first["dur"] == nil && first["reason"] == nil)
        let second = try #require(lines[1])
        #expect(second["kind"] as? String == "body-eval" && second["reason"] as? String == "inputs-changed")
        #expect(second["dur"] as? Int == 0 && second["changed"] as? Int == 0 && second["cause"] as? Int == 4)
        #expect(second["prop"] == nil && second["wrapper"] == nil)
    }

    @Test("the meta header names schema, tool, scenario and variant")
    func metaHeader() throws {
        var buffer: [UInt8] = []
        JSONLineEncoder.appendMeta(TraceMetadata(scenario: "scroll-offset", variant: "state", pid: 42), to: &buffer)
        let meta = try #require(parseLines(String(decoding: buffer, as: UTF8.self)).first ?? nil)
        #expect(meta["kind"] as? String == "meta" && meta["schema"] as? String == TraceSchema.id)
        #expect(meta["scenario"] as? String == "scroll-offset" && meta["variant"] as? String == "state")
        #expect(meta["unit"] as? String == "ns" && meta["pid"] as? Int == 42)
    }
}
