/// A list of rows with an optional selection; a scenario selects with `ViewGraph.select(_:)`.
public struct List<SelectionValue: Hashable, Content: View>: PrimitiveView {
    /// The selected value, written when a row is selected.
    public let selection: Binding<SelectionValue?>?
    let content: Content

    /// A list of the views `content` builds, selecting into `selection`.
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    /// A list with a row per `Identifiable` element, selecting into `selection`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, RowContent> {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    static var segmentName: String { "List" }
    var attributes: Bool { selection != nil }
    var childContent: (any View)? { content }
}

extension List where SelectionValue == Never {
    /// A list of the views `content` builds, without selection.
    public init(@ViewBuilder content: () -> Content) {
        self.init(selection: nil, content: content)
    }
}

/// A list a driver can select in.
protocol SelectableView {
    /// Writes `value` to the selection binding; false when there is none or the type differs.
    func select(_ value: Any?) -> Bool
}

extension List: SelectableView {
    func select(_ value: Any?) -> Bool {
        guard let selection else { return false }
        guard let value else {
            selection.wrappedValue = nil
            return true
        }
        guard let typed = value as? SelectionValue else { return false }
        selection.wrappedValue = typed
        return true
    }
}
