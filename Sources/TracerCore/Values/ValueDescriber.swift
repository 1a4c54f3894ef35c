/// Describes written values for `write` events: the allowlist and the bounded text.
///
/// NB: describing reads at most a bounded part of any value: a collection's count and its first
/// elements, a struct's first fields, a string's first bytes, stopping once the text holds
/// more than `ValueText.capacity` bytes. Class instances are named, never looked into (another
/// thread may be mutating them).
package enum ValueDescriber {
    /// What a write from `old` to `new` carries when values are recorded: both texts when the
    /// values may be shown (`recording`, the type), `redacted` otherwise.
    ///
    /// NB: which description applies is found once per type (`ValueDescription`): a write of an
    /// allowed type costs its two texts, not the casts that choose them.
    package static func values<Value>(old: Value, new: Value, recording: ValueRecording) -> WriteValues {
        ValueDescription.of(old).values(old: old, new: new, recording: recording)
    }

    /// The text of `value`; nil when its type is not allowed and `recording` does not opt in.
    package static func text(of value: Any, recording: ValueRecording) -> ValueText? {
        if let allowed = allowedText(value) { return ValueText(cutting: allowed) }
        guard recording == .recorded else { return nil }
        var text = BoundedText()
        text.describe(value)
        return ValueText(cutting: text.string)
    }

    /// The text of a value of an allowed type; nil for any other (an optional of an allowed
    /// type is allowed).
    static func allowedText(_ value: Any) -> String? {
        if let value = value as? any TraceValueDescribing { return value.traceValueDescription }
        // NB: each cast yields the value itself, out of any optional the cast looked through.
        if let number = value as? any BinaryInteger { return String(describing: number) }
        if let number = value as? any BinaryFloatingPoint { return String(describing: number) }
        if let flag = value as? Bool { return String(describing: flag) }
        if let raw = value as? any RawRepresentable, isAllowedRawValue(raw) { return String(describing: raw) }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return nil }
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return allowedText(wrapped)
    }

    /// Whether a raw-representable value may be shown: an enum's case (its raw values are
    /// literals of the source), or another type whose raw value is a number or `Bool`.
    private static func isAllowedRawValue<Raw: RawRepresentable>(_ value: Raw) -> Bool {
        let raw: Any = value.rawValue
        return Mirror(reflecting: value).displayStyle == .enum
            || raw is any BinaryInteger || raw is any BinaryFloatingPoint || raw is Bool
    }
}

/// Text built from a value of any type until it exceeds `ValueText.capacity` bytes.
struct BoundedText {
    private(set) var string = ""
    private var isFull: Bool { string.utf8.count > ValueText.capacity }

    /// Appends `value`'s text: what is allowed as such, strings as they are, collections as
    /// their count and first elements, structs, tuples and enum payloads field by field.
    mutating func describe(_ value: Any) {
        guard !isFull else { return }
        if let allowed = ValueDescriber.allowedText(value) { return append(allowed) }
        if let text = value as? any StringProtocol { return append(text) }
        if let character = value as? Character { return append(String(character)) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?, .set?, .dictionary?:
            append("\(mirror.children.count) elements: [")
            describe(mirror.children, pairs: mirror.displayStyle == .dictionary)
            append("]")
        case .optional?:
            if let wrapped = mirror.children.first?.value { describe(wrapped) } else { append("nil") }
        case .class?:
            append("\(type(of: value)) instance")
        case .enum?:
            guard let payload = mirror.children.first else { return append(String(describing: value)) }
            append("\(payload.label ?? "")(")
            let fields = Mirror(reflecting: payload.value)
            if fields.displayStyle == .tuple { describe(fields.children, pairs: false) } else { describe(payload.value) }
            append(")")
        case .struct?, .tuple?:
            append(mirror.displayStyle == .tuple ? "(" : "\(type(of: value))(")
            describe(mirror.children, pairs: false)
            append(")")
        default:
            append(String(describing: value))
        }
    }

    /// Appends the children's texts separated by commas (`label: value` when labelled; `key:
    /// value` for a dictionary's pairs), stopping once full.
    private mutating func describe(_ children: Mirror.Children, pairs: Bool) {
        for (index, child) in children.enumerated() {
            guard !isFull else { return }
            if index > 0 { append(", ") }
            if pairs, let pair = pairValue(child.value) {
                describe(pair.key)
                append(": ")
                describe(pair.value)
            } else {
                if let label = child.label, !label.hasPrefix(".") { append("\(label): ") }
                describe(child.value)
            }
        }
    }

    /// A dictionary element's key and value, from its two-field mirror.
    private func pairValue(_ element: Any) -> (key: Any, value: Any)? {
        let fields = Array(Mirror(reflecting: element).children.prefix(2))
        guard fields.count == 2 else { return nil }
        return (fields[0].value, fields[1].value)
    }

    /// Appends `text`'s first `ValueText.scanLimit` bytes at most.
    ///
    /// NB: a scalar cut there is repaired as U+FFFD, past the capacity: the final cut never keeps it.
    private mutating func append(_ text: some StringProtocol) {
        string += String(decoding: text.utf8.prefix(ValueText.scanLimit), as: UTF8.self)
    }
}
