/// The storage of one state property in one graph node: created when the node installs the
/// property, kept for the node's lifetime, dropped with its identity.
///
/// One mechanism for every node-owned value: `@State` (writes invalidate the owner),
/// `@ViewStorage` (writes never invalidate; a publisher delivers each value) and the object of a
/// `@StateObject` (never written).
final class NodeStorage<Value>: Sendable {
    private let contents: LockedBox<Contents>
    private let description: WriteDescription
    private let owner: NodeToken
    private let invalidates: Bool
    /// Which of its values the trace shows.
    private let recording: ValueRecording
    /// Delivers every written value (`@ViewStorage`); nil for other wrappers.
    let publisher: ValuePublisher<Value>?

    /// The value and the views whose latest evaluation read it.
    private struct Contents {
        var value: Value
        var readers = ValueReaders()
    }

    init(
        _ initialValue: Value, owner: NodeToken, description: WriteDescription, invalidates: Bool, publishes: Bool,
        recording: ValueRecording
    ) {
        self.contents = LockedBox(Contents(value: initialValue))
        self.recording = recording
        self.owner = owner
        self.description = description
        self.invalidates = invalidates
        self.publisher = publishes ? ValuePublisher() : nil
    }

    /// The current value; read in a body (the owner's through `wrappedValue`, another view's
    /// through a binding), it makes that view depend on it.
    func read() -> Value {
        contents.withLock { contents in
            contents.readers.noteRead(projection: BodyReads.projection)
            return contents.value
        }
    }

    /// The current value, read without making any body depend on it.
    var unobservedValue: Value { contents.withLock { $0.value } }

    /// Stores `newValue`, records the write and, when it changed, invalidates the views whose
    /// latest evaluation read the value.
    func write(_ newValue: Value) {
        // NB: the value's `==` and the old value's `deinit` are user code, which may touch this
        // storage again: they run after the lock, on the value it swapped out and a copy of the
        // readers (LockedBox's rule). `old` is released when this returns.
        let (old, readers) = contents.withLock { contents -> (Value, ValueReaders) in
            defer { contents.value = newValue }
            return (contents.value, contents.readers)
        }
        let changed = ValueComparison.changed(from: old, to: newValue)
        var invalidated: [NodeToken] = []
        if invalidates && changed != false {
            invalidated = readers.invalidated { part in
                guard let before = old[keyPath: part], let after = newValue[keyPath: part] else { return true }
                return ValueComparison.changed(from: before, to: after) != false
            }
            contents.withLock { $0.readers.forgetStale() }
        }
        var write = description
        write.changed = changed
        // NB: described after the storage's lock and before the scheduler's.
        if owner.scheduler.recorder?.recordsValues == true {
            write.values = ValueDescriber.values(old: old, new: newValue, recording: recording)
        }
        let seq = owner.scheduler.noteWrite(write, invalidating: invalidated.isEmpty ? .nothing : .views(invalidated))
        publisher?.send(newValue, cause: seq)
    }

    /// A binding that reads and writes this storage; equal to another made from the same
    /// storage while the value it carries is equal. Making it is not a read (`$x` in a body does
    /// not make the body depend on `x`); reading through it is.
    func binding() -> Binding<Value> {
        let carried = contents.withLock { $0.value }
        return Binding(identity: BindingIdentity(root: ObjectIdentifier(self)), carrying: carried, get: read, set: write)
    }
}

/// The link from a wrapper value to the storage of the node that installed it last.
///
/// NB: a view value is re-created by every evaluation of its parent; each new value gets an empty
/// slot, and the node links it to the storage it keeps before the view's body runs. A value the
/// parent stored (a container's `let content`, a `NavigationLink`'s destination) is mounted again,
/// unchanged, when its identity comes back: the new node links it to its own, new storage, so the
/// state of an identity that left the hierarchy never comes back with it. A value shown in two
/// places at once is linked to the node evaluating it while its body runs.
final class InstallSlot<Storage: AnyObject & Sendable>: Sendable {
    private let storage = LockedBox<Storage?>(nil)

    init() {}

    /// The installed storage, if any.
    var installed: Storage? { storage.withLock { $0 } }

    /// Links the slot to `candidate`, the installing node's storage; returns it.
    @discardableResult
    func install(_ candidate: Storage) -> Storage {
        // NB: the storage replaced (a dead node's) is released after the lock, not under it: its
        // value's deinit is user code.
        _ = storage.withLock { slot in
            defer { slot = candidate }
            return slot
        }
        return candidate
    }

    /// Whether two slots stand for the same node state (or either is not installed yet).
    func isSameInput(as other: InstallSlot<Storage>) -> Bool {
        guard let mine = installed, let theirs = other.installed else { return true }
        return mine === theirs
    }
}

/// Where a wrapper whose value lives in a `NodeStorage` was declared, and the slot through which
/// its node links it to that storage: what `@State`, `@ViewStorage` and `@StateObject` hold
/// besides their initial value.
///
/// NB: the initial value stays a stored property of each wrapper, beside this one, not in it:
/// `ObservableModels` looks for `@Observable` models through a bounded number of struct levels,
/// and it finds a model in a state value at the depth it finds one in SwiftUI's `State`.
struct NodeStorageDeclaration<Value>: Sendable {
    /// The declaration's `#fileID` and line.
    let site: DeclarationSite
    /// Which of its values a trace shows.
    let values: ValueRecording
    /// The link to the storage of the node that installed the wrapper value last.
    let slot = InstallSlot<NodeStorage<Value>>()

    /// A declaration at `fileID`:`line` whose trace shows `values`, its slot not linked yet.
    init(values: ValueRecording, fileID: StaticString, line: UInt) {
        site = DeclarationSite(fileID: fileID, line: line)
        self.values = values
    }
}

/// A wrapper whose value lives in its node's `NodeStorage` (`@State`, `@ViewStorage`): installing
/// it links its slot to that storage, and two values are the same input when they share it.
protocol NodeStorageWrapper: InstallableProperty, InputComparable {
    associatedtype Value
    /// The wrapper kind its `state-init` and `write` events name.
    static var wrapperKind: WrapperKind { get }
    /// Whether a write invalidates the node.
    static var invalidates: Bool { get }
    /// Whether a write is delivered to the storage's publisher.
    static var publishes: Bool { get }
    var initialValue: Value { get }
    var declaration: NodeStorageDeclaration<Value> { get }
}

extension NodeStorageWrapper {
    func install(_ installer: inout PropertyInstaller) {
        declaration.slot.install(installer.storage(
            wrapper: Self.wrapperKind, site: declaration.site, invalidates: Self.invalidates, publishes: Self.publishes,
            values: declaration.values, initialValue: { initialValue }))
    }

    func isSameInput(as other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return declaration.slot.isSameInput(as: other.declaration.slot)
    }

    /// The value: the installed storage's (a read, which makes the evaluating body depend on it),
    /// or the initial value before the wrapper is installed.
    var currentValue: Value { declaration.slot.installed?.read() ?? initialValue }

    /// Writes `newValue` to the installed storage; before the wrapper is installed, nothing (as
    /// SwiftUI ignores it).
    func write(_ newValue: Value) { declaration.slot.installed?.write(newValue) }

    /// A binding to the installed storage; before the wrapper is installed, a constant binding to
    /// the initial value.
    var binding: Binding<Value> { declaration.slot.installed?.binding() ?? .constant(initialValue) }
}
