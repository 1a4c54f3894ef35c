import TracerCore

/// The symbols an adapter session's events carry, interned once per declaration, view type and
/// scope.
struct NameTable {
    /// The symbols of one declaration's writes, how they detect a change, and where a write waits
    /// for the declaring view's next evaluation (nil: its owner is not known, or its writes
    /// redraw nothing).
    struct DeclarationSymbols {
        let view: Symbol
        let prop: Symbol
        let site: Symbol
        let change: ChangeDetection
        let pending: PendingCause?
    }

    /// A traced body's name: under a parent body or a scope, a type or a label.
    struct ViewKey: Hashable {
        let parent: Symbol
        let scope: String
        let type: ObjectIdentifier
        let label: String?

        /// The key of a body of `view` labelled `label`, under `parent` when there is one, else
        /// under `scope`.
        init(view: Any.Type, label: String?, parent: Symbol?, scope: TracePath) {
            self.parent = parent ?? .none
            self.scope = parent == nil ? scope.text : ""
            type = ObjectIdentifier(view)
            self.label = label
        }

        /// Whether this is the key `init` makes of these arguments, compared in place (no copy).
        func matches(_ view: Any.Type, label: String?, parent: Symbol?, scope: TracePath) -> Bool {
            // NB: under a parent, the scope is not part of the key (`init`).
            type == ObjectIdentifier(view) && self.parent == (parent ?? .none) && self.label == label
                && (parent != nil || self.scope == scope.text)
        }

        /// The two slots among `count` (a power of two, at most 2^32) where the key `init` makes of
        /// these arguments may sit, from a hash cheaper than `Hasher`'s: the type's address, the
        /// parent, the scope's length and the label's bytes (FNV-1a).
        ///
        /// NB: each slot from its own bits of the hash, so that keys sharing one slot seldom share
        /// the other.
        static func slots(of view: Any.Type, label: String?, parent: Symbol?, scope: TracePath, among count: Int) -> (Int, Int) {
            let scopeLength = parent == nil ? scope.text.utf8.count : 0
            var hash = UInt64(UInt(bitPattern: Int(bitPattern: ObjectIdentifier(view))))
            hash ^= UInt64((parent ?? .none).rawValue) << 32 ^ UInt64(scopeLength)
            if let label {
                // NB: a label is contiguous UTF-8 (a small string's on the stack); the count stands in otherwise.
                hash = label.utf8.withContiguousStorageIfAvailable { bytes in
                    bytes.reduce(hash) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
                } ?? hash ^ UInt64(label.utf8.count)
            }
            // NB: the multiply spreads every bit into the top ones, which pick the slots.
            let mixed = hash &* 0x9E37_79B9_7F4A_7C15, bits = UInt64(count.trailingZeroBitCount)
            return (Int(truncatingIfNeeded: mixed >> (64 - bits)), Int(truncatingIfNeeded: (mixed >> (64 - 2 * bits)) & UInt64(count - 1)))
        }
    }

    /// The most traced body names a session keeps: per-instance labels (`Row[\(id)]`) would
    /// otherwise grow the table, and the symbols behind it, with every row ever shown.
    ///
    /// NB: a name costs ~340 bytes here and in the recorder's symbols (100,000 labels took
    /// 34 MiB), so the ceiling holds them to ~5.5 MiB, past any screen's rows on display; a body
    /// of a name past it runs untraced and counts as dropped (see `AdapterSession.recordBody`).
    static let maximumBodyNames = 16_384

    private var declarations: [DeclarationKey: DeclarationSymbols] = [:]
    private var views: [ViewKey: TracedBody] = [:]
    /// The name each view symbol stands for, to name the bodies nested in it.
    private var viewNames: [Symbol: String] = [:]
    private var types: [ObjectIdentifier: Symbol] = [:]
    /// Declarations named by reflecting the view that holds them: (view type name, label, where a
    /// `@TracedState` write waits for the view's evaluation).
    private var reflected: [DeclarationKey: (view: String, prop: String, pending: PendingCause?)] = [:]
    /// Per view type with a traced body, where its `@TracedState` writes wait for its next evaluation.
    private var stateWrites: [ObjectIdentifier: PendingCause] = [:]
    /// Per view type reflected so far, the `prop` of the `@Observable` writes its bodies observe.
    private var observedModels: [ObjectIdentifier: Symbol] = [:]

    /// The symbols of `declaration`'s writes: its owner's type name and its label when a traced
    /// body of the owner has run, else its file's name and `line N`.
    ///
    /// NB: a fallback name is kept too (a view without a traced body would otherwise name it on
    /// every write): the owner's first traced body drops it (`reflect`), and the session's naming
    /// count moves on, so no thread keeps it.
    mutating func symbols<Value>(for declaration: TracedDeclaration, of _: Value.Type, in recorder: TraceRecorder) -> DeclarationSymbols {
        let key = declaration.key
        if let symbols = declarations[key] { return symbols }
        let site = declaration.site.text
        let owner = reflected[key] ?? (Self.fileStem(site), "line \(declaration.site.line)", nil)
        let symbols = DeclarationSymbols(
            view: recorder.intern(owner.view),
            prop: recorder.intern(declaration.name.map { $0.description } ?? owner.prop),
            site: recorder.intern(site),
            change: ChangeDetection(for: Value.self),
            pending: owner.pending)
        declarations[key] = symbols
        return symbols
    }

    /// The traced body of `view` named by `key` (see `AdapterSession.recordBody`): its name, and
    /// the `prop` of the `@Observable` writes it observes (see `ObservableModels`); and whether
    /// it was named now (which may have renamed declarations); nil for a new name past
    /// `maximumBodyNames`.
    ///
    /// NB: generic over the view, so that a hit boxes nothing; the view is reflected on a miss only.
    mutating func body<View>(of view: View, key: ViewKey, scope: TracePath, in recorder: TraceRecorder) -> (TracedBody, named: Bool)? {
        if let body = views[key] { return (body, false) }
        guard views.count < Self.maximumBodyNames else { return nil }
        let stateWrite = stateWrites[key.type] ?? PendingCause()
        stateWrites[key.type] = stateWrite
        let models = observedModels[key.type] ?? reflect(view, stateWrite: stateWrite, in: recorder)
        observedModels[key.type] = models
        let segment = (key.label ?? String(describing: View.self)).replacing("/", with: ":")
        let prefix = key.parent == .none ? scope.text : viewNames[key.parent] ?? scope.text
        let name = prefix.isEmpty ? segment : prefix + "/" + segment
        let body = TracedBody(view: recorder.intern(name), models: models, stateWrite: stateWrite)
        views[key] = body
        viewNames[body.view] = name
        return (body, true)
    }

    /// How many traced body names the table keeps.
    var bodyNames: Int { views.count }

    /// The symbol of `type`'s name.
    mutating func typeSymbol(_ type: Any.Type, in recorder: TraceRecorder) -> Symbol {
        let id = ObjectIdentifier(type)
        if let symbol = types[id] { return symbol }
        let symbol = recorder.intern(String(describing: type))
        types[id] = symbol
        return symbol
    }

    /// Names each traced property `view` declares after its label (`_offset` → `offset`), owned
    /// by the view's type, whose `@TracedState` writes wait in `stateWrite`; returns the `prop` of
    /// the `@Observable` writes the view's bodies observe.
    private mutating func reflect(_ view: Any, stateWrite: PendingCause, in recorder: TraceRecorder) -> Symbol {
        let owner = String(describing: Swift.type(of: view))
        for child in Mirror(reflecting: view).children {
            guard let property = child.value as? any TracedProperty, let label = child.label else { continue }
            let key = property.tracedDeclaration.key
            let redraws = property.tracedDeclaration.wrapper == .state
            reflected[key] = (owner, label.hasPrefix("_") ? String(label.dropFirst()) : label, redraws ? stateWrite : nil)
            declarations[key] = nil
        }
        return recorder.intern(ObservableModels.prop(ObservableModels.names(heldBy: view)))
    }

    /// `MyView` for `App/MyView.swift:12`.
    private static func fileStem(_ site: String) -> String {
        // NB: a site is `Module/File.swift:12`; the module is dropped, as `/` separates view path segments.
        let file = site.prefix { $0 != ":" }.split(separator: "/").last ?? ""
        return String(file.hasSuffix(".swift") ? file.dropLast(6) : file)
    }
}
