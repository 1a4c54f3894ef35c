/// The identity of a child view under its parent node: its place in the parent's structure,
/// its type, and any explicit id (`ForEach` element, `.id(_:)`).
struct ChildIdentity: Hashable {
    /// A hash of the structural position (tuple index, `if` branch, enclosing explicit ids).
    var position: UInt64
    var type: ObjectIdentifier
    var explicitID: AnyHashable?

    /// The same slot without the explicit id: a different id here means "new identity".
    var structural: ChildIdentity { ChildIdentity(position: position, type: type, explicitID: nil) }
}

/// One child a parent's content produced: the view that gets a node, and what wraps it.
struct ChildSpec {
    var view: any View
    var identity: ChildIdentity
    /// Modifiers applied to the child, innermost first.
    var modifiers: [any NodeModifier]
    /// Whether the child is content attached to the child before it (`.background`, `.overlay`, a
    /// presented sheet or destination).
    var isDecoration = false
    /// Whether the view is compared with its previous value by `==` (`EquatableView`).
    var comparedByEquality = false

    /// The view values the child stands for: itself and each modifier applied to it.
    var viewValues: Int { 1 + modifiers.count }
}

/// Collects the children that a piece of content produces, flattening structural views
/// (tuples, conditionals, optionals, `ForEach`, `Group`, modifiers, `.id`).
struct ChildList {
    private(set) var specs: [ChildSpec] = []
    /// How many view values the content built: each child and each modifier applied to it.
    private(set) var viewValues = 0
    private var modifiers: [any NodeModifier] = []
    private var explicitID: AnyHashable?
    private var comparingByEquality = false
    /// For lazy containers: the rows to materialise; each top-level child or `ForEach` element
    /// is one row.
    private let window: Range<Int>?
    private var row = 0
    private var rowDepth = 0
    private var decorating = false

    init(window: Range<Int>? = nil) { self.window = window }

    /// Adds the children of `content`, at structural `position`.
    mutating func add(_ content: any View, at position: UInt64) {
        if let structural = content as? any StructuralView {
            structural.contribute(to: &self, at: position)
            return
        }
        guard enterRow() else { return }
        let spec = ChildSpec(
            view: content,
            identity: ChildIdentity(position: position, type: ObjectIdentifier(type(of: content)), explicitID: explicitID),
            modifiers: modifiers, isDecoration: decorating, comparedByEquality: comparingByEquality)
        viewValues += spec.viewValues
        specs.append(spec)
    }

    /// Adds `content`, compared with its previous value by `==` when `comparedByEquality`.
    mutating func add(_ content: any View, comparedByEquality: Bool, at position: UInt64) {
        let outer = comparingByEquality
        comparingByEquality = comparedByEquality
        add(content, at: position)
        comparingByEquality = outer
    }

    /// Adds `content` wrapped in `modifier`; attached content (`.background`, `.overlay`, a
    /// presented sheet or destination) follows it as children of their own.
    mutating func add(_ content: any View, modifiedBy modifier: any NodeModifier, at position: UInt64) {
        let before = specs.count
        modifiers.append(modifier)
        add(content, at: position)
        modifiers.removeLast()
        guard let attachment = modifier as? any AttachedContentModifier, let attached = attachment.attachedContent,
              specs.count > before else { return }
        // NB: the attachment is part of what it is attached to: not a row of a lazy stack, and
        // without the view's modifiers (an `.onAppear` outside it runs once) but the environment
        // values set outside it. Its place mixes in the modifier's depth, so that two attachments
        // of one view stay apart.
        let outer = modifiers
        let outerDecorating = decorating
        modifiers = outer.filter(\.setsEnvironment)
        rowDepth += 1
        decorating = true
        add(attached, at: Self.position(position, mixing: UInt64(outer.count) << 8 | attachment.attachmentLayer))
        decorating = outerDecorating
        rowDepth -= 1
        modifiers = outer
    }

    /// Adds `content` under the explicit identity `id`. `ForEach` rows mix the id into the
    /// position (so rows nested in rows stay apart); `.id(_:)` does not, so a new id in the same
    /// place reads as a changed identity of the same slot.
    mutating func add(_ content: any View, id: AnyHashable, mixingPosition: Bool, at position: UInt64) {
        let outer = explicitID
        explicitID = id
        add(content, at: mixingPosition ? Self.position(position, mixing: UInt64(truncatingIfNeeded: id.hashValue)) : position)
        explicitID = outer
    }

    /// Adds `count` elements (a `ForEach`), each one row: only rows inside the window are built.
    mutating func addElements(count: Int, at position: UInt64, element: (Int, inout ChildList, UInt64) -> Void) {
        var indices = 0..<count
        if let window, rowDepth == 0 {
            let first = min(max(window.lowerBound - row, 0), count)
            indices = first..<min(max(window.upperBound - row, first), count)
        }
        let start = row
        rowDepth += 1
        for index in indices { element(index, &self, position) }
        rowDepth -= 1
        if rowDepth == 0 { row = start + count }
    }

    /// Counts a top-level child as one row; false when it lies outside the window.
    private mutating func enterRow() -> Bool {
        guard rowDepth == 0 else { return true }
        defer { row += 1 }
        return window?.contains(row) ?? true
    }

    /// A child position: `position` combined with `component` (splitmix64 finaliser).
    static func position(_ position: UInt64, mixing component: UInt64) -> UInt64 {
        var z = position &+ 0x9E37_79B9_7F4A_7C15 &+ component &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A view that adds children to its parent's list instead of being a node itself.
protocol StructuralView {
    func contribute(to list: inout ChildList, at position: UInt64)
}

extension TupleView: StructuralView {
    func contribute(to list: inout ChildList, at position: UInt64) {
        var index: UInt64 = 0
        for child in Mirror(reflecting: value).children {
            if let view = child.value as? any View { list.add(view, at: ChildList.position(position, mixing: index)) }
            index += 1
        }
    }
}

extension ConditionalContent: StructuralView {
    func contribute(to list: inout ChildList, at position: UInt64) {
        switch storage {
        case .trueContent(let content): list.add(content, at: ChildList.position(position, mixing: 1))
        case .falseContent(let content): list.add(content, at: ChildList.position(position, mixing: 2))
        }
    }
}

extension Optional: StructuralView where Wrapped: View {
    func contribute(to list: inout ChildList, at position: UInt64) {
        if case .some(let content) = self { list.add(content, at: ChildList.position(position, mixing: 3)) }
    }
}
