/// An interned string: a view path, property name, site or mark name known to a recorder.
///
/// NB: symbols are interned once (when a node mounts or a wrapper is declared), so recording an
/// event copies integers only.
public struct Symbol: Hashable, Sendable {
    /// The index in the recorder's symbol table; 0 means "absent".
    public var rawValue: UInt32

    /// The absent symbol: its field is not written.
    public static let none = Symbol(rawValue: 0)

    /// The symbol of a table's raw number.
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// One `tracer/1` event as the recorder stores it: a fixed-size record of integers (72 bytes).
///
/// The recorder fills `seq`, `ts` and `tid`; the caller sets the rest. Fields at their "absent"
/// value (0, `.none`, or -1 for `changed`) are not written.
public struct TraceEvent: Sendable {
    /// Strictly increasing per trace; `cause` refers to it.
    public var seq: UInt64 = 0
    /// Nanoseconds since the recorder started (ticks until the writer converts them).
    public var ts: UInt64 = 0
    /// The update transaction (0: none).
    public var tx: UInt64 = 0
    /// The `seq` of the event that led to this one (0: none).
    public var cause: UInt64 = 0
    /// `dur` on body evaluations; `count` on `dropped` events.
    public var dur: UInt64 = 0
    /// The view path.
    public var view: Symbol = .none
    /// The property written.
    public var prop: Symbol = .none
    /// The call site; on an `update-group`, its label (`name`).
    public var site: Symbol = .none
    /// `name` on marks, `message` on warnings.
    public var text: Symbol = .none
    /// The emitting thread's small id.
    public var tid: UInt16 = 0
    /// On a write, 1 or 0 (changed or not); on a body-eval, how many children differ; -1 absent.
    public var changed: Int16 = -1
    /// What happened.
    public var kind: EventKind
    /// Why a body ran or was skipped.
    public var reason: EvalReason = .none
    /// The wrapper of a write or a `state-init`.
    public var wrapper: WrapperKind = .none
    /// `hasDuration` and `durationInTicks`, as bits of one byte.
    ///
    /// NB: one byte, not two `Bool`s, so that `inputs` and `causes` both fit in the 8 bytes after
    /// the one-byte fields: the stride stays 72 bytes (`RuntimeSeveralCausesTests` pins it).
    @usableFromInline var durationFlags: UInt8 = 0
    /// On an `inputs-changed` body-eval: the list of the view's properties that differed, interned
    /// with `SymbolTable.intern(list:)` (`.none`: not recorded).
    public var inputs: Symbol = .none
    /// On a body-eval that several events led to: the `seq`s of all of them, the first equal to
    /// `cause`, interned with `SymbolTable.intern(causes:)` (`.none`: one cause, or none).
    public var causes: Symbol = .none

    /// An event of `kind`, every other field absent.
    @inlinable public init(kind: EventKind) { self.kind = kind }

    /// Whether `dur` is written (a body-eval of 0 ns still has a duration).
    @inlinable public var hasDuration: Bool {
        get { durationFlags & 1 != 0 }
        set { durationFlags = newValue ? durationFlags | 1 : durationFlags & ~1 }
    }

    /// Whether `dur` is in the recorder's ticks (`TraceRecorder.ticks()`), converted when written.
    @inlinable public var durationInTicks: Bool {
        get { durationFlags & 2 != 0 }
        set { durationFlags = newValue ? durationFlags | 2 : durationFlags & ~2 }
    }

    /// A `write` of `prop` in `view`.
    @inlinable
    public static func write(
        view: Symbol, prop: Symbol, wrapper: WrapperKind, changed: Bool?, site: Symbol, tx: UInt64
    ) -> TraceEvent {
        var event = TraceEvent(kind: .write)
        event.view = view
        event.prop = prop
        event.wrapper = wrapper
        event.changed = changed.map { $0 ? 1 : 0 } ?? -1
        event.site = site
        event.tx = tx
        return event
    }

    /// An event about `view` (invalidate, skip, mount, unmount) led to by `cause`.
    @inlinable
    public static func about(
        _ kind: EventKind, view: Symbol, cause: UInt64, tx: UInt64, reason: EvalReason = .none
    ) -> TraceEvent {
        var event = TraceEvent(kind: kind)
        event.view = view
        event.cause = cause
        event.tx = tx
        event.reason = reason
        return event
    }

    /// A `body-eval` of `view` that took `duration` ns and produced `changedChildren` differences,
    /// with what its body built, the inputs that differed and all its causes when the source knows them.
    @inlinable
    public static func bodyEval(
        view: Symbol, cause: UInt64, tx: UInt64, reason: EvalReason, duration: UInt64, changedChildren: Int,
        content: BodyContent? = nil, inputs: Symbol = .none, causes: Symbol = .none
    ) -> TraceEvent {
        var event = TraceEvent(kind: .bodyEval)
        event.inputs = inputs
        event.causes = causes
        event.view = view
        event.cause = cause
        event.tx = tx
        event.reason = reason
        event.dur = duration
        event.hasDuration = true
        event.changed = Int16(clamping: changedChildren)
        event.bodyContent = content
        return event
    }

    /// On a body-eval: what the body built (`built`, `extract`); nil when not recorded.
    ///
    /// NB: stored + 1 in the `prop` and `site` slots, which a body-eval leaves free (as `dur`
    /// holds a `dropped` event's count), so the record stays 72 bytes.
    @inlinable
    public var bodyContent: BodyContent? {
        get {
            guard kind == .bodyEval, prop.rawValue != 0 else { return nil }
            return BodyContent(built: Int(prop.rawValue - 1), extractable: Int(site.rawValue &- 1))
        }
        set {
            prop = Symbol(rawValue: newValue.map { UInt32(clamping: $0.built) &+ 1 } ?? 0)
            site = Symbol(rawValue: newValue.map { UInt32(clamping: $0.extractable) &+ 1 } ?? 0)
        }
    }
}

extension TraceEvent {
    /// The update group (1, 2, …) of an imported Instruments event; 0 for none.
    ///
    /// NB: stored in the `text` slot, which every kind but marks, warnings and hitches leaves
    /// free (`EventKind.hasText`), so the record stays 72 bytes.
    @inlinable
    public var group: UInt32 {
        get { kind.hasText ? 0 : text.rawValue }
        set { if !kind.hasText { text = Symbol(rawValue: newValue) } }
    }

    /// On a hitch: whether the system's work caused it.
    ///
    /// NB: stored in `changed`, which a hitch leaves free.
    @inlinable
    public var isSystem: Bool {
        get { kind == .hitch && changed > 0 }
        set { if kind == .hitch { changed = newValue ? 1 : -1 } }
    }
}

/// What one body evaluation built: the `built` and `extract` fields of a `body-eval`.
public struct BodyContent: Sendable, Equatable {
    /// View values the body built: each child down to the next user views, each modifier applied
    /// to one, each `.background`/`.overlay` content.
    public var built: Int
    /// Of those, the values in leaf content rebuilt with unchanged data although its output
    /// changed (a primitive without children, with its decorations), less one per such leaf: what
    /// extracting each into a view of its own would stop rebuilding on this evaluation.
    public var extractable: Int

    /// `built` view values, `extractable` of them in leaf content that extraction would stop rebuilding.
    @inlinable public init(built: Int, extractable: Int) {
        self.built = built
        self.extractable = extractable
    }
}

/// The fields of a trace's `meta` header beyond schema, tool and unit.
public struct TraceMetadata: Sendable, Equatable {
    /// The scenario recorded (`TRACER_SCENARIO`).
    public var scenario: String?
    /// The variant recorded (`TRACER_VARIANT`).
    public var variant: String?
    /// The recording process's id.
    public var pid: Int32
    /// The trace's origin; nil writes no `source` (a runtime trace).
    public var source: TraceProducer?
    /// What the source can produce, in this order; nil writes no `capabilities` (everything).
    public var capabilities: [TraceCapability]?
    /// Where an imported Instruments trace was recorded (nil fields are not written).
    public var recording: RecordingInfo

    /// A header with these fields.
    public init(
        scenario: String? = nil, variant: String? = nil, pid: Int32 = currentProcessID(),
        source: TraceProducer? = nil, capabilities: [TraceCapability]? = nil, recording: RecordingInfo = RecordingInfo()
    ) {
        self.scenario = scenario
        self.variant = variant
        self.pid = pid
        self.source = source
        self.capabilities = capabilities
        self.recording = recording
    }

    /// This header listing `capability` too: after those it lists, or after every capability a
    /// header without a list claims.
    public func listing(_ capability: TraceCapability) -> TraceMetadata {
        var copy = self
        let listed = capabilities ?? TraceCapability.allCases.filter(\.isImpliedWithoutList)
        copy.capabilities = listed.contains(capability) ? listed : listed + [capability]
        return copy
    }
}

/// Where and with what a trace was recorded, as an Instruments trace's table of contents says:
/// the `meta` header's `instruments`, `run`, `device` and `os`.
public struct RecordingInfo: Sendable, Hashable {
    /// The Instruments version (`27.0 (27A266a)`).
    public var instruments: String?
    /// The run of the trace document (1, 2, …).
    public var run: Int?
    /// The device's name and model (`iPhone 16 Pro`).
    public var device: String?
    /// The device's platform and OS version (`iOS 26.4.2`).
    public var os: String?
    /// The table the evaluations come from when it is not `swiftui-updates`
    /// (`SwiftUIFilteredUpdates`: they may be a filtered subset).
    public var bodyTable: String?

    /// What an Instruments recording says of itself, each field nil when its table of contents does not.
    public init(instruments: String? = nil, run: Int? = nil, device: String? = nil, os: String? = nil, bodyTable: String? = nil) {
        self.instruments = instruments
        self.run = run
        self.device = device
        self.os = os
        self.bodyTable = bodyTable
    }

    /// Whether nothing is known.
    public var isEmpty: Bool { instruments == nil && run == nil && device == nil && os == nil && bodyTable == nil }
}
