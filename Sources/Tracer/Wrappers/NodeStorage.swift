import Synchronization

/// The storage of one state property in one graph node: created when the node installs the
/// property, kept for the node's lifetime, dropped with its identity.
///
/// One mechanism for every node-owned value: `@State` (writes invalidate the owner),
/// `@ViewStorage` (writes never invalidate; a publisher delivers each value) and the object of a
/// `@StateObject` (never written).
final class NodeStorage<Value>: Sendable {
    private let value: LockedBox<Value>
    private let description: WriteDescription
    private let owner: NodeToken
    private let invalidates: Bool
    /// Delivers every written value (`@ViewStorage`); nil for other wrappers.
    let publisher: ValuePublisher<Value>?

    init(_ initialValue: Value, owner: NodeToken, description: WriteDescription, invalidates: Bool, publishes: Bool) {
        self.value = LockedBox(initialValue)
        self.owner = owner
        self.description = description
        self.invalidates = invalidates
        self.publisher = publishes ? ValuePublisher() : nil
    }

    /// The current value.
    func read() -> Value { value.withLock { $0 } }

    /// Stores `newValue`, records the write and invalidates the owner when it changed.
    func write(_ newValue: Value) {
        let changed = value.withLock { stored -> Bool? in
            defer { stored = newValue }
            return ValueComparison.changed(from: stored, to: newValue)
        }
        var write = description
        write.changed = changed
        let seq = owner.scheduler.noteWrite(write, invalidating: invalidates && changed != false ? .owner(owner) : .nothing)
        publisher?.send(newValue, cause: seq)
    }

    /// A binding that reads and writes this storage; equal to another made from the same
    /// storage while the value it carries is equal.
    func binding() -> Binding<Value> {
        Binding(identity: BindingIdentity(root: ObjectIdentifier(self)), carrying: read(), get: read, set: write)
    }
}

/// The link from a wrapper value to its node's storage, filled once when the node installs it.
///
/// NB: a view value is re-created by every evaluation of its parent; each new value gets an empty
/// slot, and the node fills it with the storage it keeps before the view's body runs.
final class InstallSlot<Storage: AnyObject & Sendable>: Sendable {
    private let storage = AtomicLazyReference<Storage>()

    init() {}

    /// The installed storage, if any.
    var installed: Storage? { storage.load() }

    /// Installs `candidate` unless a storage is already there; returns the one in place.
    @discardableResult
    func install(_ candidate: Storage) -> Storage { storage.storeIfNil(candidate) }

    /// Whether two slots stand for the same node state (or either is not installed yet).
    func isSameInput(as other: InstallSlot<Storage>) -> Bool {
        guard let mine = installed, let theirs = other.installed else { return true }
        return mine === theirs
    }
}
