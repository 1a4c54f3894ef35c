import TracerCore

/// How writes of one value type tell whether the value changed, found once per declaration so that
/// a write costs an `==`, not the dynamic casts `ValueComparison` needs.
///
/// NB: `@unchecked Sendable` for the detector's metatype: a stateless enum's, safe to share.
struct ChangeDetection: @unchecked Sendable {
    /// The value type the detector compares.
    let valueType: ObjectIdentifier
    private let detector: (any ChangeDetector.Type)?

    /// The detection for `Value`: `==` when it is `Equatable`, else `ValueComparison`'s rule.
    init<Value>(for _: Value.Type) {
        valueType = ObjectIdentifier(Value.self)
        detector = (Value.self as? any Equatable.Type).map { Self.detector(for: $0) }
    }

    /// Whether a write from `old` to `new` changed the value; nil when it cannot be told.
    func changed<Value>(from old: Value, to new: Value) -> Bool? {
        // NB: a generic view's declaration holds values of several types; only its own is compared.
        guard let detector, valueType == ObjectIdentifier(Value.self) else {
            return ValueComparison.changed(from: old, to: new)
        }
        return detector.changed(from: old, to: new)
    }

    private static func detector<T: Equatable>(for _: T.Type) -> any ChangeDetector.Type { EquatableChange<T>.self }
}

/// Compares two values of a type known to the conforming type.
protocol ChangeDetector {
    /// Whether `new` differs from `old`; `Value` must be the detector's own type.
    static func changed<Value>(from old: Value, to new: Value) -> Bool
}

/// `!=` on an `Equatable` type.
enum EquatableChange<T: Equatable>: ChangeDetector {
    static func changed<Value>(from old: Value, to new: Value) -> Bool {
        withUnsafePointer(to: old) { old in
            withUnsafePointer(to: new) { new in
                UnsafeRawPointer(old).assumingMemoryBound(to: T.self).pointee
                    != UnsafeRawPointer(new).assumingMemoryBound(to: T.self).pointee
            }
        }
    }
}
