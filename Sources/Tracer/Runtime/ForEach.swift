/// Children computed from a collection, each identified by its element's id: a row keeps its
/// node (and state) while its id stays, wherever it moves.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: BuiltinView {
    /// The elements.
    public let data: Data
    let id: (Data.Element) -> ID
    let content: (Data.Element) -> Content

    /// Rows for `data`, identified by the element's `id` key path.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0[keyPath: id] }
        self.content = content
    }

    /// Rows for `Identifiable` elements, identified by their `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where Data.Element: Identifiable, ID == Data.Element.ID {
        self.init(data, id: \.id, content: content)
    }

    /// Rows for a range of integers, identified by the integer.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content)
    where Data == Range<Int>, ID == Int {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach: StructuralView {
    func contribute(to list: inout ChildList, at position: UInt64) {
        list.addElements(count: data.count, at: position) { offset, list, position in
            let element = data[data.index(data.startIndex, offsetBy: offset)]
            list.add(content(element), id: AnyHashable(id(element)), mixingPosition: true, at: position)
        }
    }
}
