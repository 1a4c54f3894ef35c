import Foundation

/// A value kept in `UserDefaults` under a key; writing it invalidates every view of the graph
/// whose latest body evaluation read the key in the same store (through an `@AppStorage` of the
/// key or a binding to one).
@propertyWrapper
public struct AppStorage<Value: AppStorageValue>: DynamicProperty {
    let key: String
    let defaultValue: Value
    let store: LockedBox<UserDefaults>
    let site: DeclarationSite
    let values: ValueRecording
    let slot = InstallSlot<AppStorageLink<Value>>()

    /// The value under `key` in `store` (default: `UserDefaults.standard`), or `wrappedValue`; a
    /// trace that records values shows those `values` allows (`.recorded`: strings too).
    public init(
        wrappedValue: Value, _ key: String, store: UserDefaults? = nil, values: ValueRecording = .allowedTypes,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.key = key
        self.values = values
        defaultValue = wrappedValue
        self.store = LockedBox(store ?? .standard)
        site = DeclarationSite(fileID: fileID, line: line)
    }

    /// The stored value, or the default when none is stored.
    public var wrappedValue: Value {
        get { (slot.installed.map { $0.read() } ?? AppStorageLink.read(key, from: store)) ?? defaultValue }
        nonmutating set {
            if let link = slot.installed {
                link.write(newValue)
            } else {
                store.withLock { newValue.store(in: $0, forKey: key) }
            }
        }
    }

    /// The stored value or the default, read without making the running body depend on it.
    private var storedValue: Value { AppStorageLink.read(key, from: store) ?? defaultValue }

    /// A binding to the stored value (making it is not a read of the key; reading through it is).
    public var projectedValue: Binding<Value> {
        let current = storedValue
        guard let link = slot.installed else { return .constant(current) }
        return Binding(
            identity: BindingIdentity(root: ObjectIdentifier(link)), carrying: current,
            get: { link.read() ?? defaultValue }, set: link.write)
    }
}

extension AppStorage: InstallableProperty {
    func install(_ installer: inout PropertyInstaller) {
        let scheduler = installer.scheduler
        slot.install(installer.slotObject(wrapper: .appStorage, site: site) { description in
            AppStorageLink<Value>(key: key, store: store, scheduler: scheduler, description: description, recording: values)
        })
    }
}

extension AppStorage: InputComparable {
    func isSameInput(as other: Any) -> Bool {
        guard let other = other as? AppStorage<Value> else { return false }
        return key == other.key && storedValue == other.storedValue
    }
}

/// The node's link to an `@AppStorage` key: reads and writes the store, records the writes.
final class AppStorageLink<Value: AppStorageValue>: Sendable {
    private let key: String
    private let store: LockedBox<UserDefaults>
    private let scheduler: UpdateScheduler
    private let description: WriteDescription
    private let recording: ValueRecording
    /// The key and store, as the graph knows which views declare them.
    let storageKey: AppStorageKey

    init(key: String, store: LockedBox<UserDefaults>, scheduler: UpdateScheduler, description: WriteDescription, recording: ValueRecording) {
        self.key = key
        self.recording = recording
        self.store = store
        self.scheduler = scheduler
        self.description = description
        storageKey = AppStorageKey(store: store.withLock { ObjectIdentifier($0) }, key: key)
    }

    static func read(_ key: String, from store: LockedBox<UserDefaults>) -> Value? {
        store.withLock { Value(from: $0, forKey: key) }
    }

    /// The stored value; read in a body, it makes that view depend on the key.
    func read() -> Value? {
        scheduler.noteRead(of: storageKey)
        return Self.read(key, from: store)
    }

    func write(_ newValue: Value) {
        let (old, changed) = store.withLock { defaults -> (Value?, Bool) in
            defer { newValue.store(in: defaults, forKey: key) }
            let old = Value(from: defaults, forKey: key)
            return (old, old != newValue)
        }
        var write = description
        write.changed = changed
        if scheduler.recorder?.recordsValues == true {
            write.values = ValueDescriber.values(old: old, new: Optional(newValue), recording: recording)
        }
        scheduler.noteWrite(write, invalidating: changed ? .readers(storageKey) : .nothing)
    }
}

/// A type `@AppStorage` can keep in `UserDefaults`.
public protocol AppStorageValue: Equatable {
    /// The value stored under `key`, or nil when there is none of this type.
    init?(from defaults: UserDefaults, forKey key: String)
    /// Stores the value under `key`.
    func store(in defaults: UserDefaults, forKey key: String)
}

extension AppStorageValue {
    public func store(in defaults: UserDefaults, forKey key: String) { defaults.set(self, forKey: key) }
}

extension String: AppStorageValue {
    public init?(from defaults: UserDefaults, forKey key: String) {
        guard let value = defaults.string(forKey: key) else { return nil }
        self = value
    }
}

extension Int: AppStorageValue {
    public init?(from defaults: UserDefaults, forKey key: String) {
        guard let value = defaults.object(forKey: key) as? Int else { return nil }
        self = value
    }
}

extension Double: AppStorageValue {
    public init?(from defaults: UserDefaults, forKey key: String) {
        guard let value = defaults.object(forKey: key) as? Double else { return nil }
        self = value
    }
}

extension Bool: AppStorageValue {
    public init?(from defaults: UserDefaults, forKey key: String) {
        guard let value = defaults.object(forKey: key) as? Bool else { return nil }
        self = value
    }
}
