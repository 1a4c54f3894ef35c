/// Equality of arbitrary values, as the runtime needs it for writes and view inputs.
package enum ValueComparison {
    /// Whether a write from `old` to `new` changed the value: by `==` when `Equatable`, by
    /// identity for class references, nil when it cannot be told.
    package static func changed<Value>(from old: Value, to new: Value) -> Bool? {
        if let old = old as? any Equatable { return !isEqual(old, new) }
        if Value.self is AnyObject.Type || type(of: old as Any) is AnyObject.Type {
            return (old as AnyObject) !== (new as AnyObject)
        }
        return nil
    }

    /// `lhs == rhs` when `rhs` has `lhs`'s type.
    static func isEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
        guard let rhs = rhs as? T else { return false }
        return lhs == rhs
    }

    /// Whether two view inputs are the same, as SwiftUI compares a child view with its previous
    /// value: `Equatable` values by `==`; wrappers by their own rule (state by storage identity, a
    /// binding by storage identity and carried value); class references by identity; other
    /// structs, tuples, enums and optionals field by field; closures are always different.
    static func sameInput(_ lhs: Any, _ rhs: Any, depth: Int = 0) -> Bool {
        guard type(of: lhs) == type(of: rhs) else { return false }
        if let lhs = lhs as? any InputComparable { return lhs.isSameInput(as: rhs) }
        if let lhs = lhs as? any Equatable { return isEqual(lhs, rhs) }
        if type(of: lhs) is AnyObject.Type { return (lhs as AnyObject) === (rhs as AnyObject) }
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
