import Tracer

/// One way of writing a scenario's screen, with what it demonstrates.
public struct ScenarioVariant: Sendable, Equatable {
    /// The name `--variant` takes (`state`, `view-storage`, …).
    public let name: String
    /// One line on what this variant does differently.
    public let summary: String

    /// A variant called `name`.
    public init(_ name: String, _ summary: String) {
        self.name = name
        self.summary = summary
    }
}

/// A seed example written against Tracer and driven by a scripted, deterministic interaction.
public struct Scenario: Sendable {
    /// The name `tracectl record` takes (`scroll-offset`, …).
    public let name: String
    /// The seed document it reproduces (`seed 000`), or `screen pattern` for a common screen's pattern.
    public let seed: String
    /// One line on what it shows.
    public let summary: String
    /// Its variants, in the order they are recorded; a scenario without variants has one called `default`.
    public let variants: [ScenarioVariant]
    /// Mounts the variant's root in `session.graph` and plays the interaction.
    let script: @Sendable (_ variant: String, _ session: ScenarioSession) throws(ViewGraphError) -> Void

    /// A scenario whose `script` plays each of `variants`.
    init(
        name: String, seed: String, summary: String, variants: [ScenarioVariant],
        script: @escaping @Sendable (_ variant: String, _ session: ScenarioSession) throws(ViewGraphError) -> Void
    ) {
        self.name = name
        self.seed = seed
        self.summary = summary
        self.variants = variants
        self.script = script
    }

    /// The variant called `name`, if this scenario has one.
    public func variant(named name: String) -> ScenarioVariant? { variants.first { $0.name == name } }

    /// Records `variant` into `sink`: a `meta` header naming scenario and variant, then the events
    /// of the interaction on a deterministic clock; with `values` (by default when
    /// `TRACER_VALUES=1`), writes carry their values. Closes the sink when done.
    public func record(variant: String, to sink: any TraceSink, values: Bool = TraceRecorder.valuesRequested()) throws(ScenarioError) {
        guard self.variant(named: variant) != nil else {
            throw .unknownVariant(scenario: name, variant: variant, known: variants.map(\.name))
        }
        let session = ScenarioSession(scenario: name, variant: variant, sink: sink, values: values)
        defer { session.recorder.close() }
        try run(variant, on: session)
        session.recorder.flush()
        if let failure = session.recorder.sinkFailure {
            throw .sinkFailed(failure.description)
        }
    }

    /// Plays `variant` into the recording scope the current task runs in (`RecordingScope`, as
    /// TracerTesting's `Redraws.record` binds it): the same events as `record`, on the scope's clock.
    public func play(variant: String) throws(ScenarioError) {
        guard self.variant(named: variant) != nil else {
            throw .unknownVariant(scenario: name, variant: variant, known: variants.map(\.name))
        }
        guard let recorder = RecordingScope.recorder else {
            throw .interactionFailed(scenario: name, variant: variant, reason: "not inside a recording scope")
        }
        try run(variant, on: ScenarioSession(recorder: recorder))
    }

    /// Runs the script of `variant` on `session`.
    private func run(_ variant: String, on session: ScenarioSession) throws(ScenarioError) {
        do {
            try script(variant, session)
        } catch {
            throw .interactionFailed(scenario: name, variant: variant, reason: error.description)
        }
    }
}

/// Why a scenario could not be recorded.
public enum ScenarioError: Error, Equatable, CustomStringConvertible {
    case unknownScenario(String, known: [String])
    case unknownVariant(scenario: String, variant: String, known: [String])
    case interactionFailed(scenario: String, variant: String, reason: String)
    case sinkFailed(String)

    public var description: String {
        switch self {
        case .unknownScenario(let name, let known):
            "unknown scenario '\(name)'; expected one of: \(known.joined(separator: ", "))"
        case .unknownVariant(let scenario, let variant, let known):
            "scenario '\(scenario)' has no variant '\(variant)'; expected one of: \(known.joined(separator: ", "))"
        case .interactionFailed(let scenario, let variant, let reason):
            "scenario '\(scenario)' variant '\(variant)' failed: \(reason)"
        case .sinkFailed(let reason):
            "could not write the trace: \(reason)"
        }
    }
}

/// The graph, recorder and clock one scenario recording runs on.
public final class ScenarioSession: Sendable {
    /// One frame at 120 Hz, in ns.
    public static let frameInterval: UInt64 = 8_333_333

    /// The deterministic clock (the recorder's, unless the session plays into a recording scope):
    /// every reading advances it by 1 µs, every frame by `frameInterval`, and each body
    /// evaluation by `costPerViewValue` per view value it builds.
    public let clock: ManualClock
    /// What a body pays for each view value it builds (see `SimulatedBodyCost`): 1 µs.
    public static let costPerViewValue: UInt64 = 1_000
    /// The recorder the graph emits into.
    public let recorder: TraceRecorder
    // NB: ViewGraph is driven from the one thread running the script; the session never crosses threads.
    nonisolated(unsafe) public let graph: ViewGraph

    /// A session recording `scenario`'s `variant` into `sink` on a deterministic clock.
    convenience init(scenario: String, variant: String, sink: any TraceSink, values: Bool) {
        let clock = ManualClock(step: 1_000)
        self.init(
            recorder: TraceRecorder(
                sink: sink, metadata: TraceMetadata(scenario: scenario, variant: variant), clock: .manual(clock), values: values),
            clock: clock)
    }

    /// A session on `recorder`; `clock` is the recorder's when it is manual (the simulated body
    /// cost advances it), else a clock of the session's own that only the script reads.
    init(recorder: TraceRecorder, clock: ManualClock = ManualClock(step: 1_000)) {
        self.clock = clock
        self.recorder = recorder
        graph = ViewGraph(recorder: recorder)
        graph.simulatedBodyCost = SimulatedBodyCost(clock: clock, nanosecondsPerViewValue: Self.costPerViewValue)
    }

    /// Records a `mark` event that opens the interaction step `name`.
    public func mark(_ name: String) { _ = recorder.mark(name) }

    /// Lets one 120 Hz frame pass on the clock.
    public func nextFrame() { clock.advance(by: Self.frameInterval) }

    /// Marks `launch` and mounts `root`.
    public func launch<Root: View>(_ root: Root) {
        mark("launch")
        graph.mount(root)
    }

    /// Marks `step`, then plays one frame per element of `inputs`: the clock moves a frame and
    /// `frame` runs with the element.
    public func play<Inputs: Sequence>(
        _ step: String, _ inputs: Inputs, frame: (Inputs.Element) throws(ViewGraphError) -> Void
    ) throws(ViewGraphError) {
        mark(step)
        for input in inputs {
            nextFrame()
            try frame(input)
        }
    }

    /// Selects `value` in the first mounted list whose path ends with `suffix` (one frame).
    public func select(_ value: Any?, inListEndingWith suffix: String) throws(ViewGraphError) {
        guard let path = graph.paths.first(where: { $0.hasSuffix(suffix) }) else {
            throw .noView(matching: "a list at …\(suffix)")
        }
        try graph.select(value, listAt: path)
    }
}
