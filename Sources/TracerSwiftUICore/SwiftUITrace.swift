import Foundation
import Synchronization
import TracerCore

/// The SwiftUI adapter's process-wide recording: a session on the recorder `TRACER_OUTPUT` names,
/// whose `meta` header says `"source":"swiftui"` and lists what the adapter can produce.
@usableFromInline package enum SwiftUITrace {
    /// Optional environment variables naming the trace's scenario and variant in its header
    /// (`tracectl diff` labels its columns with them).
    package static let scenarioVariable = "TRACER_SCENARIO"
    /// The environment variable naming the variant in the header (`TRACER_VARIANT`).
    package static let variantVariable = "TRACER_VARIANT"

    /// What an adapter trace can contain: writes (with `changed` and `site`; an `@Observable`
    /// write has no site), timed body evaluations and marks, and `cause` links from a
    /// `@TracedState` write to its view's next evaluation and from an `@Observable` write to the
    /// evaluation of the body that observed it.
    ///
    /// NB: never `skip`, `invalidate` or `body-eval.changed` (SwiftUI does not expose them), nor
    /// `view-path` (a scope path starts at the outermost scope, not at the root); no `cause` from a
    /// parent's evaluation to its child's (SwiftUI does not say why a child ran).
    package static let capabilities: [TraceCapability] = [.write, .bodyEval, .mark, .duration, .writeChanges, .site, .cause]

    /// The `meta` header of an adapter trace.
    package static func metadata(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> TraceMetadata {
        TraceMetadata(
            scenario: environment[scenarioVariable], variant: environment[variantVariable],
            source: .swiftUI, capabilities: capabilities)
    }

    /// The session recording to `TRACER_OUTPUT`, or nil when it is unset.
    @usableFromInline package static let processSession: AdapterSession? = session(ProcessInfo.processInfo.environment)

    /// Whether `processSession` is set.
    @usableFromInline package static let hasProcessSession = processSession != nil

    /// How many recording scopes are open (`withScope`), in every task.
    @usableFromInline package static let openScopes = Atomic<Int>(0)

    /// The session of the recording scope the current task runs in (see `withScope`).
    @TaskLocal static var scopedSession: AdapterSession?

    /// The session a traced write or body records into: the recording scope's inside one, else
    /// `processSession`. With no scope open and `TRACER_OUTPUT` unset, every traced write and body
    /// costs a load of `openScopes` and one branch on `processSession`.
    @inlinable package static var session: AdapterSession? {
        openScopes.load(ordering: .relaxed) == 0 ? processSession : scopedSessionOrProcess()
    }

    /// Whether a traced write or body may record: a check that takes no reference to a session
    /// (no retain and release), for the paths that do nothing when recording is off.
    @inlinable package static var isRecording: Bool { hasProcessSession || openScopes.load(ordering: .relaxed) != 0 }

    /// The current task's scope session, else `processSession`: a task-local read, made only
    /// while some scope is open.
    @usableFromInline static func scopedSessionOrProcess() -> AdapterSession? { scopedSession ?? processSession }

    /// Runs `body` in a recording scope: the traced writes and bodies of the current task (and of
    /// the child tasks it creates, which inherit task-locals) record into `session`; those of other
    /// tasks, detached tasks, Dispatch queues and threads do not.
    package static func withScope<Result>(_ session: AdapterSession, _ body: () throws -> Result) rethrows -> Result {
        openScopes.add(1, ordering: .relaxed)
        defer { openScopes.subtract(1, ordering: .relaxed) }
        return try $scopedSession.withValue(session, operation: body)
    }

    /// Runs the asynchronous `body` in a recording scope (see the synchronous `withScope`).
    package static func withScope<Result>(
        _ session: AdapterSession, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        openScopes.add(1, ordering: .relaxed)
        defer { openScopes.subtract(1, ordering: .relaxed) }
        return try await $scopedSession.withValue(session, operation: body)
    }

    /// A session for `TRACER_OUTPUT` in `environment`; nil when unset or unusable (reported).
    package static func session(_ environment: [String: String]) -> AdapterSession? {
        TraceRecorder.fromEnvironment(environment, metadata: metadata(environment)).map(AdapterSession.init)
    }
}
