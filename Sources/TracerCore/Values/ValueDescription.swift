import Synchronization

/// How the values of one type are described, found once per type: the dynamic casts of
/// `ValueDescriber.allowedText` run for the type's first write, not for every write.
///
/// NB: decided from the static type only when every value of it is described the same way (the
/// type conforms); optionals, existentials and other types stay `perValue`, described as before.
enum ValueDescription: @unchecked Sendable {
    /// Every value is allowed, its text the describer's (`String(describing:)`'s for it); the
    /// last text made is kept when the type is a plain value (a write's old value is most often
    /// the previous write's new one).
    case allowed(any AllowedText.Type, LastText?)
    /// An enum with raw values: its case names, kept per case.
    case enumCases(EnumCaseNames)
    /// Decided value by value (`ValueDescriber.text(of:recording:)`).
    case perValue

    /// The descriptions found, by type: one per value type the app writes (bounded by its source).
    private static let found = Mutex(FoundDescriptions())

    /// The description of `Value`'s values, `value` being one of them (for the first look).
    static func of<Value>(_ value: Value) -> ValueDescription {
        let key = ObjectIdentifier(Value.self)
        if let description = found.withLock({ $0[key] }) { return description }
        let description = find(for: value)
        found.withLock { $0[key] = description }
        return description
    }

    /// What a write from `old` to `new` (of the type this describes) carries: both texts, or
    /// `redacted` when either may not be shown.
    ///
    /// NB: builds the `WriteValues` itself, so that the two texts are not copied through a tuple.
    func values<Value>(old: Value, new: Value, recording: ValueRecording) -> WriteValues {
        switch self {
        case .allowed(let describer, let last?):
            return last.values(old: old, new: new) { ValueText(cutting: describer.text(of: $0)) }
        case .allowed(let describer, nil):
            return .described(old: ValueText(cutting: describer.text(of: old)), new: ValueText(cutting: describer.text(of: new)))
        case .enumCases(let names):
            return .described(old: ValueText(cutting: names.text(of: old)), new: ValueText(cutting: names.text(of: new)))
        case .perValue:
            guard let oldText = ValueDescriber.text(of: old, recording: recording),
                  let newText = ValueDescriber.text(of: new, recording: recording) else { return .redacted }
            return .described(old: oldText, new: newText)
        }
    }

    /// The casts of `ValueDescriber.allowedText`, in its order, on the type rather than a value.
    ///
    /// NB: `String(describing:)` of an integer, `Bool` or a floating-point number that is
    /// `CustomStringConvertible` is its `description` (none of them is `TextOutputStreamable` with
    /// another text).
    private static func find<Value>(for value: Value) -> ValueDescription {
        // NB: a `TraceValueDescribing` text may read more than the value's bytes: never kept.
        if let type = Value.self as? any TraceValueDescribing.Type { return .allowed(describer(type), nil) }
        let last = LastText.kept(for: Value.self)
        if let type = Value.self as? any BinaryInteger.Type { return .allowed(described(type), last) }
        if let type = Value.self as? any (BinaryFloatingPoint & CustomStringConvertible).Type { return .allowed(described(type), last) }
        if Value.self == Bool.self { return .allowed(DescribedText<Bool>.self, last) }
        if let raw = value as? any RawRepresentable, Value.self is any RawRepresentable.Type, _isPOD(Value.self),
           MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size, Mirror(reflecting: value).displayStyle == .enum,
           ValueDescriber.allowedText(raw) != nil {
            return .enumCases(EnumCaseNames())
        }
        return .perValue
    }

    private static func describer<T: TraceValueDescribing>(_: T.Type) -> any AllowedText.Type { SelfDescribedText<T>.self }
    private static func described<T: CustomStringConvertible>(_: T.Type) -> any AllowedText.Type { DescribedText<T>.self }
}

/// The descriptions found, by type: the last type looked up in each of 64 slots (chosen by its
/// metadata's address) in front of a dictionary, so that a repeated look-up hashes nothing.
struct FoundDescriptions {
    private var slots = [(type: ObjectIdentifier, description: ValueDescription)?](repeating: nil, count: 64)
    private var all: [ObjectIdentifier: ValueDescription] = [:]

    subscript(type: ObjectIdentifier) -> ValueDescription? {
        mutating get {
            let slot = Self.slot(of: type)
            if let entry = slots[slot], entry.type == type { return entry.description }
            guard let description = all[type] else { return nil }
            slots[slot] = (type, description)
            return description
        }
        set {
            all[type] = newValue
            slots[Self.slot(of: type)] = newValue.map { (type, $0) }
        }
    }

    private static func slot(of type: ObjectIdentifier) -> Int { Int(truncatingIfNeeded: UInt(bitPattern: type) &>> 4) & 63 }
}

/// The text of a value of a type known to the conforming type.
protocol AllowedText {
    /// The text of `value`; `Value` must be the conforming type's own.
    static func text<Value>(of value: Value) -> String
}

/// `description`, for an allowed type whose `String(describing:)` it is.
enum DescribedText<T: CustomStringConvertible>: AllowedText {
    static func text<Value>(of value: Value) -> String { retyped(value, as: T.self).description }
}

/// `traceValueDescription`, for a type adopting `TraceValueDescribing`.
enum SelfDescribedText<T: TraceValueDescribing>: AllowedText {
    static func text<Value>(of value: Value) -> String { retyped(value, as: T.self).traceValueDescription }
}

/// `value`, whose type is `T`, as a `T`.
private func retyped<Value, T>(_ value: Value, as _: T.Type) -> T {
    withUnsafePointer(to: value) { UnsafeRawPointer($0).assumingMemoryBound(to: T.self).pointee }
}

/// The last text made for a value of one plain type (`_isPOD`, at most 16 bytes), by its bytes:
/// equal bytes are an equal value, whose text is the same.
final class LastText: Sendable {
    /// The last value's bytes and text.
    ///
    /// NB: a struct with a flag, not an optional tuple: a look-up copies the text alone.
    private struct Last {
        var bytes = ValueBytes()
        var text = ValueText(cutting: "")
        var isSet = false
    }

    private let last = Mutex(Last())

    /// A keeper for `Value`'s texts; nil when its values are not plain bytes of at most 16.
    static func kept<Value>(for _: Value.Type) -> LastText? {
        _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<ValueBytes>.size ? LastText() : nil
    }

    /// The write's values from `old` to `new`: for each, the last text when it is the last value,
    /// else `make`'s; `new`'s is kept (a write's old value is most often the previous write's new one).
    ///
    /// NB: both looked up under one lock, `new`'s kept under a second one when it was made.
    func values<Value>(old: Value, new: Value, _ make: (Value) -> ValueText) -> WriteValues {
        let oldBytes = ValueBytes(old), newBytes = ValueBytes(new)
        let (oldKept, newKept) = last.withLock { last -> (ValueText?, ValueText?) in
            guard last.isSet else { return (nil, nil) }
            return (last.bytes == oldBytes ? last.text : nil, last.bytes == newBytes ? last.text : nil)
        }
        if let newKept { return .described(old: oldKept ?? make(old), new: newKept) }
        let oldText = oldKept ?? make(old)
        let newText = newBytes == oldBytes ? oldText : make(new)
        last.withLock { $0 = Last(bytes: newBytes, text: newText, isSet: true) }
        return .described(old: oldText, new: newText)
    }
}

/// A plain value's bytes, zero past its size.
struct ValueBytes: Equatable {
    private var words: (UInt64, UInt64) = (0, 0)

    /// No value's bytes: zero.
    init() {}

    /// The bytes of `value`, a plain value of at most 16 bytes (`LastText.kept(for:)`).
    ///
    /// NB: stored in place (`storeBytes`, which may be unaligned): no pointer to a copy of the value.
    init<Value>(_ value: Value) {
        withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: value, as: Value.self) }
    }

    static func == (lhs: ValueBytes, rhs: ValueBytes) -> Bool { lhs.words == rhs.words }
}

/// The case names of one enum with raw values, by the case's bytes.
///
/// NB: the enum is a plain value of at most 8 bytes (`_isPOD`), so equal bytes are the same case;
/// at most `capacity` names are kept (an enum has that few cases; past it, each text is made).
final class EnumCaseNames: Sendable {
    private static let capacity = 256
    private let names = Mutex<[UInt64: String]>([:])

    /// The case name of `value` (`String(describing:)`).
    func text<Value>(of value: Value) -> String {
        var bits: UInt64 = 0
        withUnsafeBytes(of: value) { bytes in withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: bytes) } }
        if let name = names.withLock({ $0[bits] }) { return name }
        let name = String(describing: value)
        names.withLock { names in if names.count < Self.capacity { names[bits] = name } }
        return name
    }
}
