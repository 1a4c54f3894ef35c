import TraceAnalysis
import TracerCore
import TracerSwiftUICore

/// What records a scope's events: Tracer's runtime or the SwiftUI adapter.
public enum RedrawSource: Sendable {
    /// Tracer's own views: a `ViewGraph` made inside the scope without a recorder records into it.
    case runtime
    /// `TracerSwiftUI`'s traced properties and bodies (on Linux, against the stand-in SwiftUI),
    /// run by the scope's task: writes and timed evaluations, no skips, invalidations or wasted
    /// evaluations (SwiftUI does not expose them).
    case swiftUI

    /// The `meta` header of the source's traces.
    var metadata: TraceMetadata {
        switch self {
        case .runtime: TraceMetadata()
        case .swiftUI: SwiftUITrace.metadata([:])
        }
    }
}

/// Where one scope's events go: a recorder into memory, the scope's own, or (to show what a
/// global session does) one shared by every scope given it.
///
/// NB: a recorder of its own per scope is what isolates parallel tests: nothing is filtered
/// afterwards, so the recording path is the recorder's, and a scope's events are in order.
package final class RedrawTarget: Sendable {
    /// The recorder the scope binds.
    let recorder: TraceRecorder
    /// Where its lines go.
    let sink: MemorySink
    /// The adapter's session on `recorder`, for a `.swiftUI` scope.
    let adapter: AdapterSession?
    /// Whether the scope made the recorder (and so closes it), rather than sharing one.
    let isOwned: Bool

    /// A recorder into memory for `source`; `owned`: closed by the one scope it serves.
    private init(_ source: RedrawSource, owned: Bool) {
        sink = MemorySink()
        // NB: values are never recorded in a scope: a test's figures do not depend on TRACER_VALUES.
        recorder = TraceRecorder(sink: sink, metadata: source.metadata, values: false)
        adapter = source == .swiftUI ? AdapterSession(recorder: recorder) : nil
        isOwned = owned
    }

    /// The target of one scope.
    static func own(_ source: RedrawSource) -> RedrawTarget { RedrawTarget(source, owned: true) }

    /// One target for every scope given it, as a process-wide session would be: each scope then
    /// sees every event recorded so far, its own and the other scopes'. For tests that show why
    /// scopes have their own.
    package static func shared(_ source: RedrawSource) -> RedrawTarget { RedrawTarget(source, owned: false) }

    /// Runs `body` with the scope bound: the runtime's recorder, and the adapter's session when
    /// the source is the adapter.
    func run(_ body: () throws -> Void) throws {
        try RecordingScope.$recorder.withValue(adapter == nil ? recorder : nil) {
            if let adapter { try SwiftUITrace.withScope(adapter, body) } else { try body() }
        }
    }

    /// Runs the asynchronous `body` with the scope bound (see `run(_:)`).
    func run(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void) async throws {
        try await RecordingScope.$recorder.withValue(adapter == nil ? recorder : nil) {
            if let adapter { try await SwiftUITrace.withScope(adapter, body) } else { try await body() }
        }
    }

    /// Closes a shared recorder once its scopes are done.
    package func close() { recorder.close() }

    /// The events recorded so far, every one written out (closing an own recorder).
    func finish() throws -> Redraws {
        if isOwned { recorder.close() } else { recorder.flush() }
        return try Redraws(trace: sink.bytes)
    }
}

extension Redraws {
    /// Records the events of `body` in memory (no file, no environment variable) and returns them
    /// with their figures, cause paths and edges.
    ///
    /// Isolation: the events of the scope's task tree are recorded. With `.runtime`, every event
    /// of a `ViewGraph` made inside the scope (without a recorder of its own), whichever thread
    /// writes its state; with `.swiftUI`, every traced write and body the scope's task runs, and
    /// its child tasks (`async let`, task groups, `Task { }`). Not caught: a `ViewGraph` made
    /// outside the scope, and adapter work run on a detached task, a Dispatch queue, another
    /// thread or a later run-loop turn (an update SwiftUI makes after the closure returned).
    public static func record(_ source: RedrawSource = .runtime, _ body: () throws -> Void) throws -> Redraws {
        try record(into: .own(source), body)
    }

    /// Records the events of the asynchronous `body` in memory (see the synchronous `record`).
    public static func record(
        _ source: RedrawSource = .runtime, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
    ) async throws -> Redraws {
        try await record(into: .own(source), body)
    }

    /// Records the events of `body` into `target`.
    package static func record(into target: RedrawTarget, _ body: () throws -> Void) throws -> Redraws {
        do { try target.run(body) } catch {
            _ = try? target.finish()
            throw error
        }
        return try target.finish()
    }

    /// Records the events of the asynchronous `body` into `target`.
    package static func record(
        into target: RedrawTarget, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
    ) async throws -> Redraws {
        do { try await target.run(body) } catch {
            _ = try? target.finish()
            throw error
        }
        return try target.finish()
    }
}
