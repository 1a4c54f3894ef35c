import Foundation
import Testing
import TracerCore
import TracerSwiftUICore

/// A direction with raw values: an allowed type.
private enum Heading: String {
    case north, south
}

/// A selection that decides its own text: allowed, and shown as its count.
private struct Selection: TraceValueDescribing {
    var ids: Set<Int>
    var traceValueDescription: String { "\(ids.count) selected" }
}

/// A record of typed text: not allowed.
private struct Credentials {
    var user: String
    var password: String
}

/// What a write of one value type records, values on: `old` and `new`, or the `values` marker.
private struct ValueCase: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let record: @Sendable (AdapterSession, TracedDeclaration) -> Void
    let expected: [String: String]

    init<Value>(_ name: String, _ old: Value, _ new: Value, _ expected: [String: String]) {
        testDescription = name
        // NB: the values are made again in the closure, which must be Sendable.
        nonisolated(unsafe) let (old, new) = (old, new)
        record = { session, declaration in session.recordWrite(declaration, from: old, to: new) }
        self.expected = expected
    }
}

@Suite struct AdapterValuesTests {
    private static let cases: [ValueCase] = [
        ValueCase("Int", 1, 2, ["old": "1", "new": "2"]),
        ValueCase("Double", 0.5, 1.5, ["old": "0.5", "new": "1.5"]),
        ValueCase("Bool", false, true, ["old": "false", "new": "true"]),
        ValueCase("raw-value enum", Heading.north, Heading.south, ["old": "north", "new": "south"]),
        ValueCase("optional Int", Int?.none, Int?.some(3), ["old": "nil", "new": "3"]),
        ValueCase("CGPoint", CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 12), ["old": "(0.0, 0.0)", "new": "(0.0, 12.0)"]),
        ValueCase("TraceValueDescribing", Selection(ids: []), Selection(ids: [4, 9]), ["old": "0 selected", "new": "2 selected"]),
        ValueCase("String", "", "hunter2", ["values": "redacted"]),
        ValueCase("struct of strings", Credentials(user: "", password: ""), Credentials(user: "a", password: "b"), ["values": "redacted"]),
        ValueCase("[Int]", [Int](), [1], ["values": "redacted"]),
    ]

    @Test("values on, a write of a property that did not opt in carries old/new for an allowed type, else redacted",
          arguments: cases)
    private func allowlist(_ valueCase: ValueCase) {
        let recorded = RecordedSession(values: true)
        valueCase.record(recorded.session, FakeTracedProperty(name: "value").tracedDeclaration)
        let write = recorded.events("write").first ?? [:]
        let fields = write.filter { ["old", "new", "values"].contains($0.key) }.compactMapValues { $0 as? String }
        #expect(fields == valueCase.expected)
    }

    @Test("an opted-in 10,000-element array shows its count and first elements, cut at 64 bytes")
    func anOptedInCollectionIsCut() throws {
        let recorded = RecordedSession(values: true)
        let declaration = FakeTracedProperty(name: "items", values: .recorded).tracedDeclaration
        recorded.session.recordWrite(declaration, from: [Int](), to: Array(0..<10_000))
        let write = try #require(recorded.events("write").first)
        #expect(write["old"] as? String == "0 elements: []")
        let new = try #require(write["new"] as? String)
        #expect(new.hasPrefix("10000 elements: [0, 1, 2, "))
        #expect(new.hasSuffix("…"))
        #expect(new.utf8.count <= 64)
    }

    @Test("values off, a write carries no old, new or values field whatever its type")
    func valuesOffAddsNoField() {
        let recorded = RecordedSession(values: false)
        let declaration = FakeTracedProperty(name: "value", values: .recorded).tracedDeclaration
        recorded.session.recordWrite(declaration, from: 1, to: 2)
        recorded.session.recordWrite(declaration, from: "a", to: "b")
        let writes = recorded.events("write")
        #expect(writes.count == 2)
        #expect(writes.allSatisfy { $0["old"] == nil && $0["new"] == nil && $0["values"] == nil })
        #expect((recorded.lines.first?["capabilities"] as? [String])?.contains("values") == false)
    }

    @Test("values on, a model change carries unavailable and the header lists values")
    func aModelChangeIsUnavailable() {
        final class Store {}
        let recorded = RecordedSession(values: true)
        recorded.session.recordModelChange(of: Store(), property: "objectWillChange", wrapper: .published)
        #expect(recorded.events("write").first?["values"] as? String == "unavailable")
        #expect((recorded.lines.first?["capabilities"] as? [String])?.contains("values") == true)
    }
}
