import Foundation
import TracerCore
import TracerTicks

/// The SwiftUI adapter's process-wide recording: a session on the recorder `TRACER_OUTPUT` names,
/// whose `meta` header says `"source":"swiftui"` and lists what the adapter can produce.
@usableFromInline package enum SwiftUITrace {
    /// Optional environment variables naming the trace's scenario and variant in its header
    /// (`tracectl diff` labels its columns with them).
    package static let scenarioVariable = "TRACER_SCENARIO"
    /// The environment variable naming the variant in the header (`TRACER_VARIANT`).
    package static let variantVariable = "TRACER_VARIANT"
    /// The environment variable that, set to `1`, makes `@Observable` writes name the properties
    /// that changed (`TRACER_OBSERVED_PROPERTIES`, see `AdapterSession.namesObservedProperties`).
    package static let observedPropertiesVariable = "TRACER_OBSERVED_PROPERTIES"

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

    /// The session recording to `TRACER_OUTPUT`, or nil when it is unset. Made on first use,
    /// which then takes the process's part out of `activity` when it is nil.
    @usableFromInline package static let processSession: AdapterSession? = {
        let recording = session(ProcessInfo.processInfo.environment)
        if recording == nil { tracer_swiftui_activity_add(-1) }
        return recording
    }()

    /// Who may record: 1 for `processSession` (until it is known to be nil), plus 2 for each
    /// recording scope open in any task (`withScope`).
    ///
    /// NB: a C global (`tracer_swiftui_activity`), initialised statically, whose relaxed load
    /// clang inlines into the app: one load, no call (a Swift global of this module would be
    /// reached through its addressor, a call). 1 alone means no scope is open: the session is then
    /// `processSession`, with no task-local read.
    @inlinable package static var activity: Int { tracer_swiftui_activity_load() }

    /// The session of the recording scope the current task runs in (see `withScope`).
    @TaskLocal static var scopedSession: AdapterSession?

    /// Whether a traced write or body may record: a check that takes no reference to a session
    /// (no retain and release) and makes none, for the paths that do nothing when recording is
    /// off: with `TRACER_OUTPUT` unset and no scope open, one load and one branch once the first
    /// traced call has found no session; true until then, and while recording.
    @inlinable package static var mayRecord: Bool { activity != 0 }

    /// The session a traced write or body records into: the recording scope's inside one, else
    /// `processSession`; nil (after the one load and branch of `mayRecord`) when neither.
    @inlinable package static var session: AdapterSession? {
        let active = activity
        guard active != 0 else { return nil }
        return active == 1 ? processSession : scopedSessionOrProcess()
    }

    /// The current task's scope session, else `processSession`: a task-local read, made only
    /// while some scope is open.
    @usableFromInline static func scopedSessionOrProcess() -> AdapterSession? { scopedSession ?? processSession }

    /// Runs `body` in a recording scope: the traced writes and bodies of the current task (and of
    /// the child tasks it creates, which inherit task-locals) record into `session`; those of other
    /// tasks, detached tasks, Dispatch queues and threads do not.
    package static func withScope<Result>(_ session: AdapterSession, _ body: () throws -> Result) rethrows -> Result {
        tracer_swiftui_activity_add(2)
        defer { tracer_swiftui_activity_add(-2) }
        return try $scopedSession.withValue(session, operation: body)
    }

    /// Runs the asynchronous `body` in a recording scope (see the synchronous `withScope`).
    package static func withScope<Result>(
        _ session: AdapterSession, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        tracer_swiftui_activity_add(2)
        defer { tracer_swiftui_activity_add(-2) }
        return try await $scopedSession.withValue(session, operation: body)
    }

    /// A session for `TRACER_OUTPUT` in `environment`; nil when unset or unusable (reported).
    package static func session(_ environment: [String: String]) -> AdapterSession? {
        TraceRecorder.fromEnvironment(environment, metadata: metadata(environment)).map { recorder in
            AdapterSession(recorder: recorder, namesObservedProperties: environment[observedPropertiesVariable] == "1")
        }
    }
}
