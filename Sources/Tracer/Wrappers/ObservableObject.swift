import Synchronization

/// A class whose `@Published` properties notify the views observing it (through
/// `@StateObject`/`@ObservedObject`) before they change; plain `var`s notify nobody.
public protocol ObservableObject: AnyObject {
    /// Sends before any `@Published` property changes.
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    /// The object's one publisher, made on first use and kept while the object lives: its
    /// `@Published` properties (found by reflection, as Combine does) send through it, and so does
    /// a manual `objectWillChange.send()`, to the same observers.
    public var objectWillChange: ObservableObjectPublisher { ObjectWillChangeTable.publisher(for: self) }
}

/// The publishers of objects that use the default `objectWillChange`, one per live object.
enum ObjectWillChangeTable {
    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        var pruneAt = 64
    }

    private static let table = LockedBox(Table())

    /// The publisher of `object`, made (and given to its `@Published` properties) on first use.
    static func publisher(for object: some ObservableObject) -> ObservableObjectPublisher {
        let id = ObjectIdentifier(object)
        return table.withLock { table in
            // NB: a dead object's identifier may be reused by a new object: the weak reference tells them apart.
            if let entry = table.entries[id], entry.object === object { return entry.publisher }
            let publisher = ObservableObjectPublisher()
            var mirror: Mirror? = Mirror(reflecting: object)
            while let current = mirror {
                for child in current.children {
                    guard let property = child.value as? any PublishedProperty else { continue }
                    if let label = child.label { property.nameOnce(label.hasPrefix("_") ? String(label.dropFirst()) : label) }
                    property.installWillChange(publisher)
                }
                mirror = current.superclassMirror
            }
            table.entries[id] = Entry(object: object, publisher: publisher)
            if table.entries.count >= table.pruneAt {
                table.entries = table.entries.filter { $0.value.object != nil }
                table.pruneAt = max(64, 2 * table.entries.count)
            }
            return publisher
        }
    }
}

/// What an object's `@Published` write tells its observers.
struct PublishedChange {
    /// The property that changed (nil for a manual `send()`).
    var source: (any PublishedSource)?
    var changed: Bool?
    /// The values written, when some recorder records values (`.none` otherwise).
    var values: WriteValues = .none
}

/// A published property that can name itself in a recorder's symbols.
protocol PublishedSource: AnyObject, Sendable {
    /// The property's name and site symbols in `recorder` (interned on first use), and the site.
    func describe(in recorder: TraceRecorder) -> (prop: Symbol, site: Symbol, siteText: String)
}

/// Sends "this object will change" to every view observing it.
public final class ObservableObjectPublisher: Sendable {
    typealias Receiver = @Sendable (PublishedChange, inout WriteMemo) -> Void

    private let subscribers = SubscriberList<Receiver>()

    /// A publisher with no subscribers.
    public init() {}

    /// Tells every observer the object changed (what `@Published` does on each write).
    public func send() { send(PublishedChange(source: nil, changed: nil)) }

    func send(_ change: PublishedChange) {
        let receivers = subscribers.current
        var memo = WriteMemo()
        for receiver in receivers { receiver.receive(change, &memo) }
    }

    func subscribe(_ receive: @escaping Receiver) -> ValueSubscription { subscribers.subscribe(receive) }
}

/// The `write` event already recorded for one change, so several observers in one graph share it.
struct WriteMemo {
    var scheduler: ObjectIdentifier?
    var seq: UInt64 = 0
}

/// A `@Published` property as its object's reflection sees it.
protocol PublishedProperty {
    /// Makes the property's writes send through `publisher` (its object's).
    func installWillChange(_ publisher: ObservableObjectPublisher)
    /// Names the property, unless it has a name already.
    func nameOnce(_ name: String)
}
