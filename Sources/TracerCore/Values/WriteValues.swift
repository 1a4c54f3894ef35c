/// What a `write` event says about the values written, when the recorder records values.
public enum WriteValues: Sendable, Equatable {
    /// Nothing: values are not recorded (the event has no `old`, `new` or `values` field).
    case none
    /// The old and new values' texts (`old`, `new`).
    case described(old: ValueText, new: ValueText)
    /// Not described: the type is not allowed and the property did not opt in (`"values":"redacted"`).
    case redacted
    /// Not known to the source (`"values":"unavailable"`): e.g. an `@Observable` mutation, whose
    /// notification names neither the property nor the value.
    case unavailable
}

/// How a `write` event's values are stored: in the event, which of the `WriteValues` cases; the
/// texts themselves in the recorder's side table.
public enum WriteValuesState: UInt8, Sendable {
    /// Values are not recorded: the event carries no value field.
    case none
    /// The texts are in the recorder's side table: the event carries `old` and `new`.
    case described
    /// The type is not allowed and the property did not opt in: `"values":"redacted"`.
    case redacted
    /// The source cannot know the value: `"values":"unavailable"`.
    case unavailable

    /// The `values` marker's spelling; nil when the event carries none.
    public var marker: String? {
        switch self {
        case .redacted: "redacted"
        case .unavailable: "unavailable"
        case .none, .described: nil
        }
    }
}

extension TraceEvent {
    /// On a write: what it says about its values.
    ///
    /// NB: stored in `dur`, which a write without a duration leaves free (as a body-eval's `prop`
    /// and `site` hold its content), so the record stays 72 bytes.
    @inlinable
    public var valuesState: WriteValuesState {
        get {
            guard kind == .write, !hasDuration, dur <= UInt64(WriteValuesState.unavailable.rawValue) else { return .none }
            return WriteValuesState(rawValue: UInt8(dur)) ?? .none
        }
        set { if kind == .write && !hasDuration { dur = UInt64(newValue.rawValue) } }
    }
}

extension WriteValues {
    /// The state a write event stores for these values.
    public var state: WriteValuesState {
        switch self {
        case .none: .none
        case .described: .described
        case .redacted: .redacted
        case .unavailable: .unavailable
        }
    }
}

/// A write's two value texts, as the recorder's side table holds them.
public struct WriteValuePair: Sendable, Equatable {
    /// The value before the write.
    public var old: ValueText
    /// The value after the write.
    public var new: ValueText

    /// The pair of `old` and `new`.
    public init(old: ValueText, new: ValueText) {
        self.old = old
        self.new = new
    }
}
