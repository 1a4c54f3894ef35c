import Synchronization

/// How the values of one type are described, found once per type: the dynamic casts of
/// `ValueDescriber.allowedText` run for the type's first write, not for every write.
///
/// NB: decided from the static type only when every value of it is described the same way (the
/// type conforms); optionals, existentials and other types stay `perValue`, described as before.
enum ValueDescription: @unchecked Sendable {
    /// Every value is allowed, its text the describer's (`String(describing:)`'s for it).
    case allowed(any AllowedText.Type)
    /// An enum with raw values: its case names, kept per case.
    case enumCases(EnumCaseNames)
    /// Decided value by value (`ValueDescriber.text(of:recording:)`).
    case perValue

    /// The descriptions found, by type: one per value type the app writes (bounded by its source).
    private static let found = Mutex<[ObjectIdentifier: ValueDescription]>([:])

    /// The description of `Value`'s values, `value` being one of them (for the first look).
    static func of<Value>(_ value: Value) -> ValueDescription {
        let key = ObjectIdentifier(Value.self)
        if let description = found.withLock({ $0[key] }) { return description }
        let description = find(for: value)
        found.withLock { $0[key] = description }
        return description
    }

    /// The text of `value` (of the type this describes); nil when it may not be shown.
    func text<Value>(of value: Value, recording: ValueRecording) -> ValueText? {
        switch self {
        case .allowed(let describer): ValueText(cutting: describer.text(of: value))
        case .enumCases(let names): ValueText(cutting: names.text(of: value))
        case .perValue: ValueDescriber.text(of: value, recording: recording)
        }
    }

    /// The casts of `ValueDescriber.allowedText`, in its order, on the type rather than a value.
    ///
    /// NB: `String(describing:)` of an integer, `Bool` or a floating-point number that is
    /// `CustomStringConvertible` is its `description` (none of them is `TextOutputStreamable` with
    /// another text).
    private static func find<Value>(for value: Value) -> ValueDescription {
        if let type = Value.self as? any TraceValueDescribing.Type { return .allowed(describer(type)) }
        if let type = Value.self as? any BinaryInteger.Type { return .allowed(described(type)) }
        if let type = Value.self as? any (BinaryFloatingPoint & CustomStringConvertible).Type { return .allowed(described(type)) }
        if Value.self == Bool.self { return .allowed(DescribedText<Bool>.self) }
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
