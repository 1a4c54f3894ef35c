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
    /// The event that led to this evaluation (the cause of `state-init` events).
    let cause: UInt64
    let transaction: UInt64
    /// The slot of the property being installed.
    var slot = 0
    /// The property's name, from its label (`_number` → `number`).
    var name = ""

    /// The node's token: what storage holds to invalidate the node.
    var token: NodeToken { node.token(scheduler: scheduler) }

    /// The object in the current slot, creating it (and recording `state-init`) the first time.
    mutating func slotObject<Object: AnyObject>(
        wrapper: WrapperKind, site: DeclarationSite?, create: (WriteDescription) -> Object
    ) -> Object {
        if slot < node.properties.count, let existing = node.properties[slot] as? Object { return existing }
        let description = describe(wrapper: wrapper, site: site)
        let created = create(description)
        while node.properties.count <= slot { node.properties.append(nil) }
        node.properties[slot] = created
        if let recorder = scheduler.recorder {
            var event = TraceEvent.about(.stateInit, view: node.symbol, cause: cause, tx: transaction)
            event.prop = description.prop
            event.site = description.site
            event.wrapper = wrapper
            recorder.record(event)
        }
        return created
    }

    /// The storage of a node-owned value in the current slot; `initialValue` runs only when the
    /// storage is created (a `@StateObject`'s autoclosure: once per identity).
    mutating func storage<Value>(
        wrapper: WrapperKind, site: DeclarationSite, invalidates: Bool, publishes: Bool,
        initialValue: () -> Value
    ) -> NodeStorage<Value> {
        let token = self.token
        return slotObject(wrapper: wrapper, site: site) { description in
            NodeStorage(initialValue(), owner: token, description: description, invalidates: invalidates, publishes: publishes)
        }
    }

    /// Subscribes the node to `object`'s changes (once per object: a different object in the same
    /// slot replaces the subscription); a change invalidates the node for `reason`.
    mutating func observe<Object: ObservableObject>(_ object: Object, reason: EvalReason) {
        let id = ObjectIdentifier(object)
        if let existing = node.observations[slot], existing.object == id { return }
        let token = self.token
        let subscription = object.objectWillChange.subscribe { change, memo in
            token.scheduler.notePublishedChange(change, owner: token, reason: reason, memo: &memo)
        }
        node.observations[slot] = ObjectObservation(object: id, subscription: subscription)
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
}

/// A node's subscription to an observable object's changes.
struct ObjectObservation {
    let object: ObjectIdentifier
    let subscription: ValueSubscription
}
