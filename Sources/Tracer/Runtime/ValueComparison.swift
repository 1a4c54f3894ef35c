/// Equality of arbitrary values, as the runtime needs it for writes and view inputs.
package enum ValueComparison {
    /// Whether a write from `old` to `new` changed the value: by `==` when `Equatable`, by
    /// identity for class references, by bytes for plain values (see `sameBytes`), nil when it
    /// cannot be told.
    package static func changed<Value>(from old: Value, to new: Value) -> Bool? {
        if let old = old as? any Equatable { return !isEqual(old, new) }
        if Value.self is AnyObject.Type || type(of: old as Any) is AnyObject.Type {
            return (old as AnyObject) !== (new as AnyObject)
        }
        return sameBytes(old, new).map(!)
    }

    /// `lhs == rhs` when `rhs` has `lhs`'s type.
    static func isEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
        guard let rhs = rhs as? T else { return false }
        return lhs == rhs
    }

    /// Whether two values of a plain type have the same bytes; nil when the type is not plain.
    ///
    /// Plain is what the standard library's `_isPOD` says: a type whose copies are bitwise copies
    /// — integers, floating-point numbers, `Bool`, `CGPoint`/`CGSize`/`CGRect`, SIMD vectors,
    /// and structs, tuples and enums made only of those. A type holding a class reference, a
    /// closure, an existential (`Any`, `any P`), a `String`, an `Array` or any other
    /// copy-on-write storage is not plain. As in SwiftUI, bytes are not `==`: `0.0` and `-0.0`
    /// differ, two `nan`s with the same bits are the same. Padding between fields is not compared.
    static func sameBytes(_ lhs: Any, _ rhs: Any) -> Bool? {
        func compare<T>(_ lhs: T) -> Bool? {
            guard _isPOD(T.self), let rhs = rhs as? T else { return nil }
            let same = withUnsafeBytes(of: lhs) { left in withUnsafeBytes(of: rhs) { right in left.elementsEqual(right) } }
            // NB: bytes that differ may differ in padding only (`Double?` fields leave 7 bytes unused).
            return same || samePlainFields(lhs, rhs)
        }
        return _openExistential(lhs, do: compare)
    }

    /// Whether two plain values whose bytes differ have the same fields, leaf by leaf: a leaf (a
    /// number, a `Bool`) whose bytes differ differs; a case without payload is compared by name.
    private static func samePlainFields(_ lhs: Any, _ rhs: Any) -> Bool {
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        guard !left.children.isEmpty || !right.children.isEmpty else {
            return left.displayStyle == .enum && String(describing: lhs) == String(describing: rhs)
                || left.displayStyle == .optional
        }
        guard left.children.count == right.children.count else { return false }
        for (l, r) in zip(left.children, right.children) where l.label != r.label || sameBytes(l.value, r.value) != true {
            return false
        }
        return true
    }

    /// Whether a child view is the same as its previous value, as SwiftUI compares a view: as any
    /// input (see `sameInput`: a plain view by its bytes, an `Equatable` one by its `==`, others
    /// field by field), and by its `==` whatever it holds under `.equatable()` / `EquatableView`
    /// (`byEquality`).
    static func sameView(_ new: any View, _ old: any View, byEquality: Bool) -> Bool {
        guard type(of: new) == type(of: old) else { return false }
        if byEquality, let new = new as? any Equatable { return isEqual(new, old) }
        return sameInput(new, old)
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
