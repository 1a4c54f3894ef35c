extension Binding where Value: MutableCollection, Value.Index: Hashable {
    /// A binding to the element at `index`: `$values[i]`, equal to another to the same storage and
    /// element while it carries the same value.
    public subscript(index: Value.Index) -> Binding<Value.Element> {
        self[dynamicMember: \Value.[index]]
    }
}
