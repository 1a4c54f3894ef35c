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

    /// The session recording to `TRACER_OUTPUT`, or nil when it is unset: then every traced write
    /// and body costs one branch on this value.
    @usableFromInline package static let session: AdapterSession? = {
        let recording = SwiftUITrace.session(ProcessInfo.processInfo.environment)
        if recording == nil { mayRecord.store(false, ordering: .relaxed) }
        return recording
    }()

    /// False once `session` is known to be nil: a check that takes no reference to the session and
    /// no lazy initialisation, for the paths that do nothing when recording is off; true until
    /// then, and while recording (the session is then asked).
    ///
    /// NB: an atomic with a constant initial value is initialised statically, so the check is a
    /// load (a lazy `static let` costs a `swift_once` check on every access).
    @usableFromInline package static let mayRecord = Atomic<Bool>(true)

    /// A session for `TRACER_OUTPUT` in `environment`; nil when unset or unusable (reported).
    package static func session(_ environment: [String: String]) -> AdapterSession? {
        TraceRecorder.fromEnvironment(environment, metadata: metadata(environment)).map(AdapterSession.init)
    }
}
