extension View {
    func modifier<Modifier: NodeModifier>(_ modifier: Modifier) -> ModifiedContent<Self, Modifier> {
        ModifiedContent(content: self, modifier: modifier)
    }

    func attribute<Value>(_ name: AttributeName, _ value: Value) -> ModifiedContent<Self, AttributeModifier<Value>> {
        modifier(AttributeModifier(name: name, value: value))
    }

    // MARK: Identity

    /// Gives the view an explicit identity: when `id` changes, the view is a new one and its
    /// state starts afresh.
    public func id<ID: Hashable>(_ id: ID) -> some View { IdentifiedView(content: self, id: id) }

    // MARK: Output attributes

    /// Draws `content` behind the view; `content` is a view of its own (its body runs and is traced).
    public func background<Background: View>(_ content: Background, alignment: Alignment = .center) -> some View {
        modifier(DecorationModifier(layer: .background, alignment: alignment, content: content))
    }

    /// Draws `content` over the view; `content` is a view of its own (its body runs and is traced).
    public func overlay<Overlay: View>(_ content: Overlay, alignment: Alignment = .center) -> some View {
        modifier(DecorationModifier(layer: .overlay, alignment: alignment, content: content))
    }

    /// Sets the view's opacity.
    public func opacity(_ opacity: Double) -> some View { attribute(.opacity, opacity) }

    /// Hides or shows the navigation bar.
    public func navigationBarHidden(_ hidden: Bool) -> some View { attribute(.navigationBarHidden, hidden) }

    /// Sets the view's size constraints.
    public func frame(
        width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
    ) -> some View {
        attribute(.frame, FrameAttributes(
            width: width, height: height, minWidth: minWidth, maxWidth: maxWidth,
            minHeight: minHeight, maxHeight: maxHeight, alignment: alignment))
    }

    /// Pads `edges` by `length` (a default amount when nil).
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> some View {
        attribute(.padding, PaddingAttributes(edges: edges, length: length))
    }

    /// Pads every edge by `length`.
    public func padding(_ length: Double) -> some View { padding(.all, length) }

    /// Tags the view with a value (a `List` row's selection value).
    public func tag<Tag: Hashable>(_ tag: Tag) -> some View { attribute(.tag, tag) }

    // MARK: Handlers

    /// Runs `action` with each value `publisher` sends, in the graph's next update.
    public func onReceive<Output>(_ publisher: ValuePublisher<Output>, perform action: @escaping (Output) -> Void) -> some View {
        modifier(ReceiveModifier(publisher: publisher, action: action))
    }

    /// Runs `action(old, new)` after an update in which `value` changed (also at first when
    /// `initial`).
    public func onChange<Value: Equatable>(
        of value: Value, initial: Bool = false, _ action: @escaping (_ oldValue: Value, _ newValue: Value) -> Void
    ) -> some View {
        modifier(ChangeModifier(value: value, initial: initial, action: action))
    }

    /// Runs `action(new)` after an update in which `value` changed.
    public func onChange<Value: Equatable>(of value: Value, perform action: @escaping (_ newValue: Value) -> Void) -> some View {
        onChange(of: value) { _, new in action(new) }
    }

    /// Runs `action` once, after the update in which the view appeared.
    public func onAppear(perform action: @escaping () -> Void) -> some View {
        modifier(LifecycleModifier(moment: .appear, action: action))
    }

    /// Runs `action` once, after the update in which the view disappeared.
    public func onDisappear(perform action: @escaping () -> Void) -> some View {
        modifier(LifecycleModifier(moment: .disappear, action: action))
    }

    /// Runs `action` once when the view appears (synchronously, after the update).
    public func task(_ action: @escaping () -> Void) -> some View {
        modifier(LifecycleModifier(moment: .appear, action: action))
    }
}

/// The value of a `.frame` attribute.
struct FrameAttributes: Equatable {
    var width, height, minWidth, maxWidth, minHeight, maxHeight: Double?
    var alignment: Alignment
}

/// The value of a `.padding` attribute.
struct PaddingAttributes: Equatable {
    var edges: Edge.Set
    var length: Double?
}
