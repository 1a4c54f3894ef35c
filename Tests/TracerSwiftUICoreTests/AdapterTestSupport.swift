import Foundation
import TracerCore
import TracerSwiftUICore

/// A traced property wrapper as the adapter's SwiftUI wrappers are: it only knows its declaration.
struct FakeTracedProperty: TracedProperty {
    let tracedDeclaration: TracedDeclaration

    init(
        _ wrapper: TracedWrapper = .state, name: StaticString? = nil, values: ValueRecording = .allowedTypes,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        tracedDeclaration = TracedDeclaration(wrapper: wrapper, name: name, values: values, fileID: fileID, line: line)
    }
}

/// A session recording into memory, and the events it recorded.
struct RecordedSession {
    let sink = MemorySink()
    let session: AdapterSession

    /// A session whose recorder records values when `values` is true (never from the environment),
    /// naming the properties of `@Observable` writes when `namesObservedProperties` is.
    init(values: Bool = false, namesObservedProperties: Bool = false) {
        session = AdapterSession(
            recorder: TraceRecorder(sink: sink, metadata: SwiftUITrace.metadata([:]), values: values),
            namesObservedProperties: namesObservedProperties)
    }

    /// The header and events recorded so far, as JSON objects.
    var lines: [[String: Any]] {
        session.recorder.flush()
        return sink.lines.map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    /// The recorded events of `kind`.
    func events(_ kind: String) -> [[String: Any]] { lines.filter { $0["kind"] as? String == kind } }
}

/// Busy-waits `nanoseconds` on the monotonic clock (a body that takes a known time).
func spin(_ nanoseconds: UInt64) {
    let start = DispatchTime.now().uptimeNanoseconds
    while DispatchTime.now().uptimeNanoseconds - start < nanoseconds {}
}
