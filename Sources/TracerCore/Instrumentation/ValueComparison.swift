/// Equality of arbitrary values, as a write's `changed` field needs it (the runtime and the adapter).
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
    package static func isEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
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
    package static func sameBytes(_ lhs: Any, _ rhs: Any) -> Bool? {
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
}
