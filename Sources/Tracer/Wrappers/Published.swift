import Synchronization

/// A property of an `ObservableObject` whose every write notifies the object's observers
/// (before the change, as Combine does: an equal value notifies too).
@propertyWrapper
public struct Published<Value> {
    let box: PublishedBox<Value>

    /// A published property starting at `wrappedValue`, declared at `fileID`:`line`; a trace
    /// that records values shows those `values` allows (`.recorded`: every value).
    public init(
        wrappedValue: Value, values: ValueRecording = .allowedTypes, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        box = PublishedBox(wrappedValue, site: DeclarationSite(fileID: fileID, line: line), recording: values)
    }

    /// The current value; writing it notifies the object's observers, then the projected publisher.
    public var wrappedValue: Value {
        get { box.value.withLock { $0 } }
        nonmutating set { box.write(newValue) }
    }

    /// Delivers every value written.
    public var projectedValue: ValuePublisher<Value> { box.publisher }
}

extension Published: PublishedProperty {
    func installWillChange(_ publisher: ObservableObjectPublisher) { _ = box.willChange.storeIfNil(publisher) }
    func nameOnce(_ name: String) { box.names.withLock { if $0.name.isEmpty { $0.name = name } } }
}

/// The storage of a `@Published` property.
final class PublishedBox<Value>: Sendable {
    let value: LockedBox<Value>
    let willChange = AtomicLazyReference<ObservableObjectPublisher>()
    let publisher = ValuePublisher<Value>()
    let names: LockedBox<PublishedNames>
    /// Which of its values a trace shows.
    let recording: ValueRecording

    init(_ value: Value, site: DeclarationSite, recording: ValueRecording) {
        self.value = LockedBox(value)
        self.names = LockedBox(PublishedNames(site: site))
        self.recording = recording
    }

    func write(_ newValue: Value) {
        // NB: the old value is described after the lock, and only while some recorder records values.
        let (old, changed) = value.withLock { stored -> (Value, Bool?) in
            defer { stored = newValue }
            return (stored, ValueComparison.changed(from: stored, to: newValue))
        }
        let values = TraceRecorder.someRecordsValues ? ValueDescriber.values(old: old, new: newValue, recording: recording) : .none
        willChange.load()?.send(PublishedChange(source: self, changed: changed, values: values))
        publisher.send(newValue)
    }
}

/// A published property's name (set by reflection over its object) and declaration site, with
/// their symbols interned once per recorder.
struct PublishedNames: Sendable {
    var name = ""
    let siteText: String
    var interned: (table: ObjectIdentifier, prop: Symbol, site: Symbol)?

    init(site: DeclarationSite) { siteText = site.text }
}

extension PublishedBox: PublishedSource {
    func describe(in recorder: TraceRecorder) -> (prop: Symbol, site: Symbol, siteText: String) {
        names.withLock { names in
            let table = ObjectIdentifier(recorder.symbols)
            if let interned = names.interned, interned.table == table {
                return (interned.prop, interned.site, names.siteText)
            }
            let symbols = (table: table, prop: recorder.intern(names.name), site: recorder.intern(names.siteText))
            names.interned = symbols
            return (symbols.prop, symbols.site, names.siteText)
        }
    }
}
