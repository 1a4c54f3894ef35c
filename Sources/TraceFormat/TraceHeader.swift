import TracerCore

/// What a trace's `meta` header says.
public struct TraceHeader: Sendable, Hashable {
    public var schema: String?
    public var tool: String?
    public var scenario: String?
    public var variant: String?
    public var unit: String?
    public var pid: Int64?
    /// The `source` field as written (`runtime`, `swiftui`, `printChanges`, `logChanges`, or a
    /// newer writer's); nil for a header without one, which is a runtime trace.
    public var source: String?
    /// The capabilities the header lists (spellings this reader does not know are left out);
    /// nil when it lists none, which means every one.
    public var capabilities: Set<TraceCapability>?
    /// Where an imported Instruments trace was recorded: Instruments version, run, device, OS.
    public var recording = RecordingInfo()
    /// Whether `capabilities` lists `values`: writes carry `old`/`new` or a marker. A capability
    /// that counts only when listed: without it, values were not recorded.
    package var recordsValues = false

    /// A header with the given fields.
    package init(
        schema: String? = nil, tool: String? = nil, scenario: String? = nil, variant: String? = nil,
        unit: String? = nil, pid: Int64? = nil, source: String? = nil, capabilities: Set<TraceCapability>? = nil,
        recording: RecordingInfo = RecordingInfo()
    ) {
        self.recording = recording
        self.schema = schema
        self.tool = tool
        self.scenario = scenario
        self.variant = variant
        self.unit = unit
        self.pid = pid
        self.source = source
        self.capabilities = capabilities
    }

    /// Whether the trace's source can produce `capability` (a header listing none can produce
    /// all but those added since, `TraceCapability.isImpliedWithoutList`).
    public func can(_ capability: TraceCapability) -> Bool {
        capabilities?.contains(capability) ?? capability.isImpliedWithoutList
    }

    /// Whether the trace comes from Instruments (`instruments`, `instruments-legacy`), whose
    /// evaluations may lack `dur`.
    public var isInstruments: Bool { source.flatMap(TraceProducer.init(rawValue:))?.isInstruments ?? false }

    /// The warning that the traces `file` (with this header) and `otherFile` were recorded on
    /// another device, OS or Instruments version, or nil when neither differs.
    package func recordingWarning(_ file: String, comparedWith other: TraceHeader?, _ otherFile: String) -> String? {
        guard let other else { return nil }
        let differences = recordingDifferences(from: other)
        guard !differences.isEmpty else { return nil }
        return "\(file) and \(otherFile) were recorded differently (\(differences.joined(separator: ", "))); their figures may not compare"
    }

    /// How `other` was recorded differently (`device iPhone 16 vs iPhone 15`), one phrase per
    /// field both headers state and that differs; empty when none does.
    package func recordingDifferences(from other: TraceHeader) -> [String] {
        let mine = recording, theirs = other.recording
        let fields: [(String, String?, String?)] = [
            ("device", mine.device, theirs.device), ("OS", mine.os, theirs.os),
            ("Instruments", mine.instruments, theirs.instruments),
        ]
        return fields.compactMap { name, left, right in
            guard let left, let right, left != right else { return nil }
            return "\(name) \(left) vs \(right)"
        }
    }
}
