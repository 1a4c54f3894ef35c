/// A part of a view that the graph installs before each body evaluation, like SwiftUI's.
///
/// The runtime's wrappers (`@State`, `@ViewStorage`, `@StateObject`, `@ObservedObject`,
/// `@AppStorage`) conform; a struct of your own that conforms is searched for them, so state
/// kept in a helper struct works too.
public protocol DynamicProperty {}

/// A wrapper the node links to its storage when it installs a view's properties.
protocol InstallableProperty: DynamicProperty {
    /// Links this value to the node's storage for its slot, creating the storage the first time.
    func install(_ installer: inout PropertyInstaller)
}

/// What a node offers a wrapper while installing it: its storage slot, name and recorder.
struct PropertyInstaller {
    unowned let node: ViewNode
    let scheduler: UpdateScheduler
    /// The objects the graph has observed so far.
    let objects: ObservedObjectRegistry
    /// The event that led to this evaluation (the cause of `state-init` events).
    let cause: UInt64
    let transaction: UInt64
    /// The slot of the property being installed.
    var slot = 0
    /// The property's name, from its label (`_number` → `number`).
    var name = ""

    /// The node's token: what storage holds to invalidate the node.
    var token: NodeToken { node.token(scheduler: scheduler) }

    /// The object in the current slot, creating it (and recording `state-init`, unless not
    /// `recordingInit`) the first time.
    mutating func slotObject<Object: AnyObject>(
        wrapper: WrapperKind, site: DeclarationSite?, recordingInit: Bool = true, create: (WriteDescription) -> Object
    ) -> Object {
        if slot < node.properties.count, let existing = node.properties[slot] as? Object { return existing }
        let description = describe(wrapper: wrapper, site: site)
        let created = create(description)
        while node.properties.count <= slot { node.properties.append(nil) }
        node.properties[slot] = created
        if recordingInit { recordStateInit(description) }
        return created
    }

    /// The storage of a node-owned value in the current slot; `initialValue` runs only when the
    /// storage is created (a `@StateObject`'s autoclosure: once per identity).
    mutating func storage<Value>(
        wrapper: WrapperKind, site: DeclarationSite, invalidates: Bool, publishes: Bool, values: ValueRecording,
        initialValue: () -> Value
    ) -> NodeStorage<Value> {
        let token = self.token
        return slotObject(wrapper: wrapper, site: site) { description in
            NodeStorage(
                initialValue(), owner: token, description: description, invalidates: invalidates, publishes: publishes,
                recording: values)
        }
    }

    /// Subscribes the node to `object`'s changes (once per object: a different object in the same
    /// slot replaces the subscription); a change invalidates the node.
    ///
    /// An `@ObservedObject` given an object the graph has not observed before records `state-init`
    /// (wrapper `ObservedObject`): a model made anew, e.g. inline in a parent's body on each of its
    /// evaluations, shows in the trace, while a model kept elsewhere (a parent's cache) does not,
    /// even when the row showing it is mounted again.
    mutating func observe<Object: ObservableObject>(_ object: Object, wrapper: WrapperKind, site: DeclarationSite?) {
        if let existing = node.observations[slot], existing.object === object { return }
        if objects.insert(object), wrapper == .observedObject { recordStateInit(describe(wrapper: wrapper, site: site)) }
        let token = self.token
        // NB: the object's publisher outlives any one graph (one per object, for its life): holding
        // the token weakly keeps it from keeping the graph, and its recorder, alive.
        let subscription = object.objectWillChange.subscribe { [weak token] change, memo in
            guard let token else { return }
            token.scheduler.notePublishedChange(change, owner: token, memo: &memo)
        }
        node.observations[slot] = ObjectObservation(object: object, subscription: subscription)
    }

    /// The names of a write of the current property: interned now, once per storage.
    func describe(wrapper: WrapperKind, site: DeclarationSite?) -> WriteDescription {
        let siteText = site?.text ?? ""
        let recorder = scheduler.recorder
        return WriteDescription(
            view: node.symbol,
            prop: recorder?.intern(name) ?? .none,
            site: site.flatMap { _ in recorder?.intern(siteText) } ?? .none,
            siteText: siteText, wrapper: wrapper, changed: nil)
    }

    private func recordStateInit(_ description: WriteDescription) {
        guard let recorder = scheduler.recorder else { return }
        var event = TraceEvent.about(.stateInit, view: node.symbol, cause: cause, tx: transaction)
        event.prop = description.prop
        event.site = description.site
        event.wrapper = description.wrapper
        recorder.record(event)
    }
}

/// A node's subscription to an observable object's changes.
struct ObjectObservation {
    /// The object (weakly: a new object at a dead one's address is a different one).
    weak var object: AnyObject?
    let subscription: ValueSubscription
}

/// The objects a graph's views have observed, held weakly (graph thread only): tells a new
/// object from one seen before.
final class ObservedObjectRegistry {
    private var objects: [ObjectIdentifier: WeakObject] = [:]
    private var pruneAt = 64

    /// Records `object`; true when the graph had not observed it before.
    func insert(_ object: AnyObject) -> Bool {
        let id = ObjectIdentifier(object)
        // NB: a dead object's identifier may be reused by a new object: the weak reference tells them apart.
        if let known = objects[id], known.object === object { return false }
        objects[id] = WeakObject(object: object)
        if objects.count >= pruneAt {
            objects = objects.filter { $0.value.object != nil }
            pruneAt = max(64, 2 * objects.count)
        }
        return true
    }
}

/// A weak reference to an object.
struct WeakObject {
    weak var object: AnyObject?
}
