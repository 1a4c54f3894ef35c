import Foundation
import Testing
@testable import Tracer

/// A type that describes itself by its count, not its contents.
private struct Draft: TraceValueDescribing {
    var words: [String]
    var traceValueDescription: String { "\(words.count) words" }
}

private enum Theme: String { case light, dark }
private enum Level: Int { case low = 1, high = 2 }

/// A name field whose text the trace may show (it opts in), beside one it may not.
private struct NameForm: View {
    @State(values: .recorded) private var name = ""
    @State private var secret = ""
    @State private var draft = Draft(words: [])

    var body: some View {
        VStack {
            TextField("Name", text: $name)
            TextField("Secret", text: $secret)
            Button("Draft") { draft.words.append("word") }
        }
    }
}

@Suite("Write values: the cut, the allowlist, the opt-in")
struct ValueRecordingTests {
    @Test("the cut keeps whole characters and at most 64 bytes, the … included", arguments: [
        String(repeating: "a", count: 100), String(repeating: "😀", count: 30), String(repeating: "é", count: 40),
        String(repeating: "👨‍👩‍👧‍👦", count: 5), String(repeating: "日本", count: 20), "x" + String(repeating: "🇫🇷", count: 20),
    ])
    func cutAtCharacterBoundary(_ text: String) {
        let cut = ValueText(cutting: text).description
        #expect(cut.utf8.count <= ValueText.capacity)
        #expect(cut.hasSuffix("…"))
        let kept = String(cut.dropLast())
        #expect(kept.count >= 1)
        #expect(String(text.prefix(kept.count)) == kept, "the kept part is whole characters of the text")
        #expect(String(text.prefix(kept.count + 1)).utf8.count + 3 > ValueText.capacity, "no further character fits")
    }

    @Test("text of 64 bytes or fewer is kept whole", arguments: ["", "0.5", String(repeating: "é", count: 32)])
    func shortTextIsWhole(_ text: String) {
        #expect(ValueText(cutting: text).description == text)
    }

    @Test("allowed types are described without opting in")
    func allowedTypes() {
        let cases: [(Any, String)] = [
            (42, "42"), (UInt8(7), "7"), (2.5, "2.5"), (true, "true"), (Theme.dark, "dark"), (Level.high, "high"),
            (Int?.none as Any, "nil"), (Int?.some(3) as Any, "3"), (CGPoint(x: 1, y: 2), "(1.0, 2.0)"),
            (Draft(words: ["a", "b"]), "2 words"),
        ]
        for (value, text) in cases {
            #expect(ValueDescriber.text(of: value, recording: .allowedTypes)?.description == text)
        }
    }

    @Test("a chain of writes carries each write's own old and new texts, whatever text was kept from the last write")
    func chainedWritesCarryTheirOwnTexts() {
        // NB: equal values, a return to an earlier value, a write whose old value is not the last
        // new one, and a value whose bytes differ from an equal one's (-0.0).
        let writes: [(Double, Double)] = [(0.5, 1.5), (1.5, 1.5), (1.5, 0.5), (7.25, 1e300), (1e300, -0.0), (0.0, .infinity), (0.5, 0.5)]
        for (old, new) in writes {
            let expected = WriteValues.described(old: ValueText(cutting: "\(old)"), new: ValueText(cutting: "\(new)"))
            #expect(ValueDescriber.values(old: old, new: new, recording: .allowedTypes) == expected)
            #expect(ValueDescriber.values(old: CGFloat(old), new: CGFloat(new), recording: .allowedTypes) == expected)
        }
    }

    @Test("strings, collections and structs are described only when the property opts in")
    func otherTypesNeedTheOptIn() {
        let values: [Any] = ["typed text", ["a": "b"], [1, 2, 3], Character("x"), Set(["s"])]
        for value in values {
            #expect(ValueDescriber.text(of: value, recording: .allowedTypes) == nil)
            #expect(ValueDescriber.text(of: value, recording: .recorded) != nil)
        }
        #expect(ValueDescriber.text(of: "typed text", recording: .recorded)?.description == "typed text")
        #expect(ValueDescriber.text(of: [1, 2, 3], recording: .recorded)?.description == "3 elements: [1, 2, 3]")
        #expect(ValueDescriber.values(old: "a", new: "b", recording: .allowedTypes) == .redacted)
    }

    @Test("a 10,000-element array and a 1 MB string are described by their start (and the array's count)")
    func largeValuesAreCut() {
        let array = ValueDescriber.text(of: Array(0..<10_000), recording: .recorded)?.description ?? ""
        #expect(array.hasPrefix("10000 elements: [0, 1, 2, 3"))
        #expect(array.utf8.count <= ValueText.capacity && array.hasSuffix("…"))
        let string = ValueDescriber.text(of: String(repeating: "ab", count: 500_000), recording: .recorded)?.description ?? ""
        #expect(string == String(repeating: "ab", count: 30) + "a…")
    }

    @Test("a write's texts are escaped JSON: quotes, backslashes and control characters read back as written")
    func escapedTexts() throws {
        let sink = MemorySink()
        let recorder = TraceRecorder(sink: sink, values: true)
        let text = "say \"hi\"\\\n\u{1}"
        let values = ValueDescriber.values(old: "", new: text, recording: .recorded)
        recorder.record(.write(view: recorder.intern("V"), prop: recorder.intern("p"), wrapper: .state, changed: true, site: .none, tx: 1), values: values)
        recorder.close()
        let write = try #require(sink.lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(write["old"] as? String == "")
        #expect(write["new"] as? String == text)
    }

    @Test("values on: the header lists values; a write recorded without values says they are unavailable")
    func recorderWithValues() throws {
        let sink = MemorySink()
        let recorder = TraceRecorder(sink: sink, values: true)
        recorder.record(.write(view: recorder.intern("V"), prop: recorder.intern("Model"), wrapper: .observable, changed: nil, site: .none, tx: 1))
        recorder.close()
        #expect(sink.lines.first?.contains(#""values"]"#) == true)
        #expect(sink.lines.last?.hasSuffix(#","values":"unavailable"}"#) == true)
    }

    @Test("values off: no old, new or values field, and no capabilities list, even when values are given")
    func recorderWithoutValues() {
        let sink = MemorySink()
        let recorder = TraceRecorder(sink: sink, values: false)
        let values = ValueDescriber.values(old: 1, new: 2, recording: .allowedTypes)
        recorder.record(.write(view: recorder.intern("V"), prop: recorder.intern("p"), wrapper: .state, changed: true, site: .none, tx: 1), values: values)
        recorder.close()
        #expect(sink.lines.first?.contains("capabilities") == false)
        #expect(sink.lines.last?.contains("\"old\"") == false && sink.lines.last?.contains("\"values\"") == false)
    }

    @Test("an opted-in String property shows its values; one not opted in carries the marker")
    func optedInStringShowsItsValues() throws {
        let harness = RecordingGraph(values: true)
        harness.graph.mount(NameForm())
        try harness.graph.type("Ada", intoFieldTitled: "Name")
        try harness.graph.type("hunter2", intoFieldTitled: "Secret")
        try harness.graph.tap(buttonTitled: "Draft")
        let names = harness.events(.write).filter { $0.prop == "name" }
        #expect(!names.isEmpty)
        #expect(names.first?.fields["old"] as? String == "")
        #expect(names.last?.fields["new"] as? String == "Ada")
        let secrets = harness.events(.write).filter { $0.prop == "secret" }
        #expect(!secrets.isEmpty)
        #expect(secrets.allSatisfy { $0.fields["values"] as? String == "redacted" && $0.fields["new"] == nil })
        let drafts = harness.events(.write).filter { $0.prop == "draft" }
        #expect(drafts.map { $0.fields["new"] as? String } == ["1 words"])
    }
}
