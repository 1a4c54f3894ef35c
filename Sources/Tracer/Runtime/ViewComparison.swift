/// How the runtime compares view values and their inputs; `ValueComparison` (TracerCore) holds
/// the value equality it shares with the SwiftUI adapter.
extension ValueComparison {
    /// Whether a child view is the same as its previous value, as SwiftUI compares a view: as any
    /// input (see `sameInput`: a plain view by its bytes, an `Equatable` one by its `==`, others
    /// field by field), and by its `==` whatever it holds under `.equatable()` / `EquatableView`
    /// (`byEquality`).
    static func sameView(_ new: any View, _ old: any View, byEquality: Bool) -> Bool {
        guard type(of: new) == type(of: old) else { return false }
        if byEquality, let new = new as? any Equatable { return isEqual(new, old) }
        return sameInput(new, old)
    }

    /// The stored properties of a view that differ from its previous value's, by name (a
    /// wrapper's without its `_`), each compared as `sameInput` compares it; empty when the view
    /// is compared by its `==` (`byEquality`) or its type changed, which name no property.
    static func differingInputs(_ new: any View, _ old: any View, byEquality: Bool) -> [String] {
        guard !byEquality || !(new is any Equatable), type(of: new) == type(of: old) else { return [] }
        return zip(Mirror(reflecting: new).children, Mirror(reflecting: old).children).compactMap { new, old in
            guard let label = new.label, !sameInput(new.value, old.value, depth: 1) else { return nil }
            return label.hasPrefix("_") ? String(label.dropFirst()) : label
        }
    }

    /// Whether two view inputs are the same, as SwiftUI compares a view's stored properties:
    /// wrappers by their own rule (state by storage identity, a binding by storage identity and
    /// carried value); plain values by their bytes, whatever their `==` says; other `Equatable`
    /// values by `==`; class references by identity; other structs, tuples, enums and optionals
    /// field by field; closures are always different.
    ///
    /// NB: AttributeGraph's default comparison (`equatableUnlessPOD`): `==` is trusted only for a
    /// type that is not plain; `.equatable()` asks for it on a plain type too.
    static func sameInput(_ lhs: Any, _ rhs: Any, depth: Int = 0) -> Bool {
        guard type(of: lhs) == type(of: rhs) else { return false }
        if let lhs = lhs as? any InputComparable { return lhs.isSameInput(as: rhs) }
        if let same = sameBytes(lhs, rhs) { return same }
        if let lhs = lhs as? any Equatable { return isEqual(lhs, rhs) }
        if type(of: lhs) is AnyObject.Type { return (lhs as AnyObject) === (rhs as AnyObject) }
        return sameFields(lhs, rhs, depth: depth)
    }

    /// Whether two values of one type have the same fields (`sameInput` on each).
    private static func sameFields(_ lhs: Any, _ rhs: Any, depth: Int) -> Bool {
        // NB: past this depth a value is deemed different rather than risk unbounded reflection.
        guard depth < 32 else { return false }
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        switch left.displayStyle {
        case nil:
            return false  // a closure (or an opaque value): never equal
        case .enum:
            guard left.children.count == right.children.count,
                  left.children.first?.label == right.children.first?.label else { return false }
            if left.children.isEmpty { return String(describing: lhs) == String(describing: rhs) }
        default:
            guard left.children.count == right.children.count else { return false }
        }
        for (l, r) in zip(left.children, right.children) where !sameInput(l.value, r.value, depth: depth + 1) {
            return false
        }
        return true
    }
}

/// A value with its own rule for "same input" (property wrappers inside view values).
protocol InputComparable {
    /// Whether `other` (a value of the same type) stands for the same input as `self`.
    func isSameInput(as other: Any) -> Bool
}
