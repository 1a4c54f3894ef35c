import Testing
@testable import TraceAnalysis
@testable import TraceFormat
import TracerTestSupport

@Suite("TraceAnalysis parser", .temporaryDirectory)
struct ParserTests {
    /// Lines that are valid JSON and valid events, with the view and seq they must yield.
    static let accepted: [(line: String, view: String, seq: Int64)] = [
        (#"{"seq":1,"ts":2,"kind":"skip","view":"A"}"#, "A", 1),
        ("  { \"seq\" : 1 , \"ts\" : 2 ,\t\"kind\" : \"skip\" , \"view\" : \"A\" }  ", "A", 1),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"A"}"# + "\r", "A", 1),
        (#"{"seq":1e2,"ts":2,"kind":"skip","view":"A"}"#, "A", 100),
        (#"{"seq":12.0,"ts":2,"kind":"skip","view":"A"}"#, "A", 12),
        (#"{"seq":-5,"ts":2,"kind":"skip","view":"A"}"#, "A", -5),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"A\"q\\b\/c\n\t\r\b\f"}"#, "A\"q\\b/c\n\t\r\u{8}\u{c}", 1),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"caf\u00e9 \u20AC"}"#, "café €", 1),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"\ud83d\ude00!"}"#, "😀!", 1),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"Ünïcødé/日本[1]"}"#, "Ünïcødé/日本[1]", 1),
        (#"{"seq":1,"x":{"a":[1,-2.5e-3,0.5E+7,true,false,null,{"b":[]},[],{}],"c":"d"},"ts":2,"kind":"skip","view":"A"}"#, "A", 1),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"A","extra":[ [ [ ] ] ],"n":-0,"m":0.0,"k":1E5}"#, "A", 1),
        (#"{"view":"A","kind":"skip","ts":2,"seq":7}"#, "A", 7),
        (#"{"s\u0065q":3,"ts":2,"kind":"skip","view":"A","scenario":"s","changed":0}"#, "A", 3),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"Long/View/Path/Segment[12345]/Child#2/Deeper"}"#, "Long/View/Path/Segment[12345]/Child#2/Deeper", 1),
    ]

    @Test("accepts every JSON form", arguments: accepted)
    func acceptsValidLines(_ line: String, _ view: String, _ seq: Int64) throws {
        let path = try TestSupport.temporaryTrace(TestSupport.meta + "\n" + line + "\n")
        var reader = try TraceReader(source: .file(path))
        _ = try reader.next()
        let event = try #require(try reader.next())
        #expect(event.kind == .skip)
        #expect(reader.viewName(event.view) == view)
        #expect(event.seq == seq)
        #expect(try reader.next() == nil)
    }

    /// Integers of every length from 1 to 19 digits (the parser reads digits 8 at a time), plain,
    /// negative, and with a fraction or exponent (exact, even beyond a double's 53 bits).
    static let integers: [(text: String, value: Int64)] = (1...19).flatMap { length -> [(String, Int64)] in
        let digits = String("1234567890987654321".prefix(length))
        let value = Int64(digits)!
        return [(digits, value), ("-" + digits, -value), (digits + ".0", value), (digits + "e0", value), (digits + "0E-1", value)]
    } + [("9223372036854775807", .max), ("-9223372036854775808", .min), ("9.223372036854775807e18", .max), ("1.5e1", 15), ("-0.0", 0)]

    @Test("reads integers of every length, plain or with a fraction or exponent", arguments: integers)
    func readsIntegers(_ text: String, _ value: Int64) throws {
        for line in [#"{"seq":\#(text),"ts":2,"kind":"skip","view":"A"}"#, #"{"ts":2,"kind":"skip","view":"A","seq":\#(text)}"#] {
            let path = try TestSupport.temporaryTrace(TestSupport.meta + "\n" + line + "\n")
            var reader = try TraceReader(source: .file(path))
            _ = try reader.next()
            let event = try #require(try reader.next())
            #expect(event.seq == value, "\(line)")
        }
    }

    /// Invalid lines (as line 2) with the column and message they must be rejected with.
    static let rejected: [(line: String, column: Int, message: String)] = [
        (#"{"seq":1,"ts":2 "kind":"skip","view":"A"}"#, 17, "expected ',' or '}' after a field"),
        (#"{"seq":1,}"#, 10, "expected a string key"),
        (#"{,}"#, 2, "expected a string key or '}'"),
        (#"{"seq" 1}"#, 8, "expected ':' after a key"),
        (#"{"seq":}"#, 8, "expected a value"),
        (#"["seq"]"#, 1, "expected '{' to start an event"),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"A"} x"#, 43, "expected the end of the line after the event's '}'"),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"A"#, 40, "expected '\"' to close the string"),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"A\x"}"#, 40, #"expected an escape: \" \\ \/ \b \f \n \r \t or \uXXXX"#),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"A\u12G4"}"#, 42, "expected 4 hex digits after '\\u'"),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"\ud83dx"}"#, 45, "expected a low surrogate '\\uDC00'-'\\uDFFF' after a high surrogate"),
        (#"{"seq":1,"ts":2,"kind":"skip","view":"\ude00"}"#, 39, "expected a high surrogate before a low surrogate"),
        ("{\"seq\":1,\"ts\":2,\"kind\":\"skip\",\"view\":\"A\u{1}\"}", 40, "expected an escape such as '\\n' or '\\u001f' for a control character in a string"),
        (#"{"seq":-,"ts":2}"#, 9, "expected a digit"),
        (#"{"seq":1.,"ts":2}"#, 10, "expected a digit"),
        (#"{"seq":1e,"ts":2}"#, 10, "expected a digit"),
        (#"{"seq":1,"x":tru}"#, 14, "expected 'true'"),
        (#"{"seq":1,"x":[1 2]}"#, 17, "expected ',' or ']' after an array element"),
        (#"{"seq":1,"x":{"a" 1}}"#, 19, "expected ':' after a key"),
        (#"{"seq":"1","ts":2,"kind":"skip","view":"A"}"#, 8, #"expected an integer for "seq""#),
        (#"{"seq":1.5,"ts":2,"kind":"skip","view":"A"}"#, 8, #"expected an integer for "seq""#),
        (#"{"seq":0123456789,"ts":2,"kind":"skip","view":"A"}"#, 9, "expected ',' or '}' after a field"),
        (#"{"seq":9223372036854775808,"ts":2,"kind":"skip","view":"A"}"#, 8, #"expected an integer for "seq""#),
        (#"{"seq":1.05e1,"ts":2,"kind":"skip","view":"A"}"#, 8, #"expected an integer for "seq""#),
        (#"{"seq":1e400,"ts":2,"kind":"skip","view":"A"}"#, 8, #"expected an integer for "seq""#),
        (#"{"seq":12345678.,"ts":2,"kind":"skip","view":"A"}"#, 17, "expected a digit"),
        (#"{"seq":1,"ts":2,"kind":"skip","view":7}"#, 38, #"expected a string for "view""#),
        (#"{"seq":1,"ts":2,"kind":"body-eval","view":"A","changed":"no"}"#, 57, #"expected a boolean or an integer for "changed""#),
        (#"{"seq":1,"ts":2,"kind":3}"#, 24, #"expected a string for "kind""#),
        (#"{"seq":1,"ts":2,"kind":"write","prop":"p"}"#, 24, #"expected a "view" field (required on "write" events)"#),
        (#"{"seq":1,"ts":2}"#, 1, #"expected a "kind" field"#),
        (#"{"seq":1,"ts":2,"kind":"write","view":"A","old":12,"new":"13"}"#, 49, #"expected a string for "old""#),
        (#"{"seq":1,"ts":2,"kind":"write","view":"A","values":null}"#, 52, #"expected a string for "values""#),
        (#"{"seq":1,"ts":2,"kind":"body-eval","view":"A","inputs":"offset"}"#, 56, #"expected an array of strings for "inputs""#),
        (#"{"seq":1,"ts":2,"kind":"body-eval","view":"A","inputs":["offset",3]}"#, 66, #"expected an array of strings for "inputs""#),
        (#"{"seq":1,"ts":2,"kind":"body-eval","view":"A","inputs":["offset" "x"]}"#, 66, "expected ',' or ']' after an array element"),
        (#"{"seq":1,"ts":2,"kind":"body-eval","view":"A","causes":1}"#, 56, #"expected an array of integers for "causes""#),
        (#"{"seq":1,"ts":2,"kind":"body-eval","view":"A","causes":[1,"2"]}"#, 59, #"expected an array of integers for "causes""#),
        (#"{"seq":1,"ts":2,"kind":"body-eval","view":"A","causes":[1 2]}"#, 59, "expected ',' or ']' after an array element"),
        (#"{"seq":1,"ts":2,"kind":"body-eval","view":"A","causes":[1.5]}"#, 57, #"expected an array of integers for "causes""#),
    ]

    @Test("rejects invalid lines with line, column and message", arguments: rejected)
    func rejectsInvalidLines(_ line: String, _ column: Int, _ message: String) throws {
        let diagnostic = try #require(try TestSupport.failure(TestSupport.meta + "\n" + line + "\n"))
        #expect(diagnostic.line == 2)
        #expect(diagnostic.column == column)
        #expect(diagnostic.message == message)
        #expect(diagnostic.severity == .error)
    }

    @Test("rejects nesting deeper than the limit without recursion")
    func rejectsDeepNesting() throws {
        // NB: the innermost empty array does not open a level.
        let depth = EventParser.maximumDepth + 2
        let line = #"{"x":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let diagnostic = try #require(try TestSupport.failure(TestSupport.meta + "\n" + line + "\n"))
        #expect(diagnostic.message == "expected at most \(EventParser.maximumDepth) levels of nesting")
    }

    @Test("blank lines are skipped and line numbers still count them")
    func blankLines() throws {
        let text = TestSupport.meta + "\n\n   \n\r\n" + #"{"seq":1,"ts":2,"kind":"mark","name":"m"}"# + "\n"
        let path = try TestSupport.temporaryTrace(text)
        var reader = try TraceReader(source: .file(path))
        _ = try reader.next()
        let mark = try #require(try reader.next())
        #expect(mark.line == 5)
        #expect(reader.string(mark.name) == "m")
    }

    @Test("lenient mode skips invalid lines, counts them and keeps the first few")
    func lenientMode() throws {
        let bad = #"{"seq":1,}"#
        let good = #"{"seq":2,"ts":2,"kind":"skip","view":"A"}"#
        let text = ([TestSupport.meta] + Array(repeating: bad, count: 12) + [good]).joined(separator: "\n") + "\n"
        let summary = try TestSupport.analyze(text, lenient: true)
        #expect(summary.invalidLineCount == 12)
        #expect(summary.invalidLines.count == 10)
        #expect(summary.invalidLines.first?.line == 2)
        #expect(summary.invalidLines.first?.column == 10)
        #expect(summary.stats(for: "A")?.skips == 1)
    }

    @Test("a line of 10 MB is read in one piece")
    func tenMegabyteLine() throws {
        let padding = String(repeating: "x", count: 10 << 20)
        let text = TestSupport.meta + "\n" + #"{"seq":1,"ts":2,"kind":"skip","view":"A","blob":""# + padding + "\"}\n"
            + #"{"seq":2,"ts":3,"kind":"skip","view":"A"}"# + "\n"
        let summary = try TestSupport.analyze(text)
        #expect(summary.stats(for: "A")?.skips == 2)
        #expect(summary.lineCount == 3)
    }

    /// Lines read one after another by one reader, each with a key that looks like the one the
    /// previous line had in its place, or with whitespace around it (the reader guesses each
    /// separator and key from the order it last saw).
    static let keyOrderChanges: [(line: String, seq: Int64, ts: Int64, view: String)] = [
        (#"{"seq":1,"ts":2,"kind":"skip","view":"A"}"#, 1, 2, "A"),
        (#"{"seq":2,"tsx":9,"ts":3,"kind":"skip","view":"B"}"#, 2, 3, "B"),
        (#"{"seq":3,"ts" :4,"kind":"skip","view":"C"}"#, 3, 4, "C"),
        (#"{"seq":4,"t\u0073":5,"kind":"skip","view":"D"}"#, 4, 5, "D"),
        (#"{"seqq":9,"seq":5,"t":9,"ts":6,"kind":"skip","view":"E"}"#, 5, 6, "E"),
        (#"{"view":"F","kind":"skip","ts":7,"seq":6}"#, 6, 7, "F"),
        (#"{"seq":7,"ts":8,"kind":"skip","view":"G","wrapper":"x","wrappers":1}"#, 7, 8, "G"),
        (#"{"seq":8,"ts":9,"kind":"skip","view":"H","wrappers":1,"wrapper":"x"}"#, 8, 9, "H"),
        (#"{ "seq":9, "ts":10 ,"kind":"skip","view":"I"}"#, 9, 10, "I"),
        (#"{"seq":10,"ts":11,"kind":"skip","view":"J"}"#, 10, 11, "J"),
        (#"{"seq":11 , "ts":12,\#t"kind":"skip","view":"K" }"#, 11, 12, "K"),
        (#"{"seq":12,"ts":13,"kind":"skip","view":"L"}"#, 12, 13, "L"),
    ]

    @Test("keys are read alike whatever order the previous lines had")
    func keyOrderChangesBetweenLines() throws {
        let text = ([TestSupport.meta] + Self.keyOrderChanges.map(\.line)).joined(separator: "\n") + "\n"
        var reader = try TraceReader(source: .file(try TestSupport.temporaryTrace(text)))
        _ = try reader.next()
        for expected in Self.keyOrderChanges {
            let event = try #require(try reader.next())
            #expect(event.seq == expected.seq, "\(expected.line)")
            #expect(event.ts == expected.ts, "\(expected.line)")
            #expect(reader.viewName(event.view) == expected.view, "\(expected.line)")
            #expect(event.has(.wrapper) == expected.line.contains(#""wrapper":"#), "\(expected.line)")
        }
        #expect(try reader.next() == nil)
    }

    @Test("view names are interned by bytes: one id per distinct path")
    func interning() throws {
        let views = (0..<3000).map { "Root/Row[\($0 % 1000)]" }
        let lines = views.enumerated().map { #"{"seq":\#($0.offset + 1),"ts":1,"kind":"skip","view":"\#($0.element)"}"# }
        let path = try TestSupport.temporaryTrace(([TestSupport.meta] + lines).joined(separator: "\n") + "\n")
        var reader = try TraceReader(source: .file(path))
        var seen: [ViewID: String] = [:]
        while let event = try reader.next() {
            guard event.kind == .skip else { continue }
            let name = reader.viewName(event.view)
            #expect(seen[event.view, default: name] == name)
            seen[event.view] = name
        }
        #expect(reader.viewCount == 1000)
    }

    /// Strings around the lengths the reader treats differently: empty, within one word, exactly
    /// one word, within two, two words and longer.
    static let stringLengths = [0, 1, 7, 8, 9, 15, 16, 17, 24, 40]

    @Test("strings of every length are interned whole: one id per distinct string, the same id again", arguments: stringLengths)
    func internsStringsOfLength(_ length: Int) throws {
        let base = String(repeating: "p", count: length)
        // NB: alike but for the last byte, or one byte longer or shorter.
        let alike = [base, base + "q", length > 0 ? String(base.dropLast()) + "q" : "r", length > 0 ? String(base.dropLast()) : "s"]
        let props = alike + alike.reversed() + alike
        let lines = props.enumerated().map { index, prop in
            #"{"seq":\#(index + 1),"ts":1,"kind":"write","view":"V\#(prop)","prop":"\#(prop)","wrapper":"State","changed":true}"#
        }
        let path = try TestSupport.temporaryTrace(([TestSupport.meta] + lines).joined(separator: "\n") + "\n")
        var reader = try TraceReader(source: .file(path))
        var propIDs: [String: SymbolID] = [:]
        var viewIDs: [String: ViewID] = [:]
        _ = try reader.next()
        for prop in props {
            let event = try #require(try reader.next())
            #expect(reader.string(event.prop) == prop)
            #expect(reader.viewName(event.view) == "V" + prop)
            #expect(propIDs[prop, default: event.prop] == event.prop)
            #expect(viewIDs[prop, default: event.view] == event.view)
            propIDs[prop] = event.prop
            viewIDs[prop] = event.view
        }
        #expect(Set(propIDs.values).count == Set(alike).count)
        #expect(Set(viewIDs.values).count == Set(alike).count)
    }

    @Test("a write's values are read and interned as strings: old, new (escapes and a cut included) and the marker; the header's values capability is noted")
    func values() throws {
        let cut = String(repeating: "x", count: 61) + "…"
        let header = #"{"kind":"meta","schema":"tracer/1","unit":"ns","capabilities":["write","values"]}"#
        let lines = [
            #"{"seq":1,"ts":2,"kind":"write","view":"A","prop":"p","changed":true,"old":"a\"b","new":"\#(cut)"}"#,
            #"{"seq":2,"ts":3,"kind":"write","view":"A","prop":"p","changed":true,"values":"redacted"}"#,
            #"{"seq":3,"ts":4,"kind":"write","view":"A","prop":"p","changed":true,"old":"\#(cut)","new":"a\"b"}"#,
        ]
        var reader = try TraceReader(source: .file(try TestSupport.temporaryTrace(([header] + lines).joined(separator: "\n") + "\n")))
        _ = try reader.next()
        #expect(reader.header?.can(.values) == true)
        let first = try #require(try reader.next())
        #expect(first.has(.old) && first.has(.new) && !first.has(.values))
        #expect(reader.string(first.old) == "a\"b" && reader.string(first.new) == cut)
        let marked = try #require(try reader.next())
        #expect(!marked.has(.old) && !marked.has(.new) && reader.string(marked.valuesMarker) == "redacted")
        let third = try #require(try reader.next())
        #expect(third.old == first.new && third.new == first.old)
        var plain = try TraceReader(source: .file(try TestSupport.temporaryTrace(TestSupport.meta + "\n")))
        _ = try plain.next()
        #expect(plain.header?.can(.values) == false)
    }

    @Test("an evaluation's inputs are read as one string of the names joined by \", \"; an empty list as none")
    func inputs() throws {
        let lines = [
            #"{"seq":1,"ts":2,"kind":"body-eval","view":"A","reason":"inputs-changed","inputs":["offset", "title\u0021"]}"#,
            #"{"seq":2,"ts":3,"kind":"body-eval","view":"A","reason":"inputs-changed","inputs":[ ]}"#,
        ]
        var reader = try TraceReader(source: .file(try TestSupport.temporaryTrace(([TestSupport.meta] + lines).joined(separator: "\n") + "\n")))
        _ = try reader.next()
        let named = try #require(try reader.next())
        #expect(named.has(.inputs) && reader.string(named.inputs) == "offset, title!")
        let empty = try #require(try reader.next())
        #expect(empty.has(.inputs) && empty.inputs == 0)
    }
}
