/// The tracked stored properties of the `@Observable` models a view holds, as they were when
/// Observation announced a change: compared with their values later, they name the properties
/// that changed (the runtime and the SwiftUI adapter alike).
///
/// NB: Observation calls an observer's `onChange` before the value changes and says nothing about
/// the property; the `@Observable` macro keeps each tracked property `name` in a stored `_name`
/// (`@ObservationIgnored` ones keep their name, the registrar is `_$observationRegistrar`), so the
/// `_name`s taken then and compared once the mutation is over (the next update) differ exactly
/// where something was written with a different value. Values are read with `Mirror`, which reads
/// the stored properties without their getters (no access is tracked), on the thread that takes or
/// compares: a model mutated on another thread at that moment is read as unsynchronised memory is.
package struct ObservableSnapshot {
    /// One model's tracked properties when the snapshot was taken.
    private struct Model {
        let object: AnyObject
        let name: String
        let properties: [(label: String, value: Any)]
    }

    private var models: [Model] = []

    /// An empty snapshot.
    package init() {}

    /// Whether no model has been taken.
    package var isEmpty: Bool { models.isEmpty }

    /// Takes the models `view` holds (see `ObservableModels.instances(heldBy:)`) that are not in
    /// the snapshot yet.
    package mutating func add(modelsHeldBy view: Any) {
        add(ObservableModels.instances(heldBy: view))
    }

    /// Takes the models of `held` still alive that are not in the snapshot yet.
    package mutating func add(_ held: WeakObservableModels) {
        add(held.entries.compactMap { entry in entry.object.map { (entry.name, $0) } })
    }

    private mutating func add(_ instances: [(name: String, object: AnyObject)]) {
        for (name, object) in instances where !models.contains(where: { $0.object === object }) {
            models.append(Model(object: object, name: name, properties: Self.trackedProperties(of: object)))
        }
    }

    /// The writes the models' changes since the snapshot make, in declaration order: for each model
    /// among `names` (every model when `names` is empty), one per tracked property whose value
    /// differs (`Model.property`, `changed` true); for a model where none differs but some property
    /// cannot be compared (see `ValueComparison.changed`), one named by the model type (`changed`
    /// nil: not told). Empty when no model was taken or every value is the same: the caller names
    /// the write as it did before properties were named.
    ///
    /// A model is compared with the first of `later` (the snapshots of the mutations after this
    /// one, in order) that took it, which is how the model was when this mutation ended, else with
    /// its values now.
    package func changes(among names: [String] = [], later: ArraySlice<ObservableSnapshot> = []) -> [ObservedPropertyChange] {
        var changes: [ObservedPropertyChange] = []
        for model in models where names.isEmpty || names.contains(model.name) {
            let next = later.lazy.compactMap { $0.models.first { $0.object === model.object } }.first
            let now = next?.properties ?? Self.trackedProperties(of: model.object)
            var named = false, uncomparable = false
            // NB: one type's stored properties: the same labels in the same order.
            for (before, after) in zip(model.properties, now) {
                switch ValueComparison.changed(from: before.value, to: after.value) {
                case true?:
                    changes.append(ObservedPropertyChange(prop: model.name + "." + before.label, changed: true))
                    named = true
                case nil: uncomparable = true
                case false?: break
                }
            }
            if uncomparable, !named { changes.append(ObservedPropertyChange(prop: model.name, changed: nil)) }
        }
        return changes
    }

    /// The tracked stored properties of `object`: its `_name` fields, named without the underscore.
    private static func trackedProperties(of object: AnyObject) -> [(label: String, value: Any)] {
        Mirror(reflecting: object).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), !label.hasPrefix("_$") else { return nil }
            return (String(label.dropFirst()), child.value)
        }
    }
}

/// One `@Observable` write an `ObservableSnapshot` names: its `prop`, and whether the value changed
/// (true when compared and different, nil when it could not be told).
package struct ObservedPropertyChange: Equatable, Sendable {
    /// `Model.property`, or the model type alone when no property could be named.
    package let prop: String
    /// True for a named property; nil when the write is named by its model type.
    package let changed: Bool?

    /// A write named `prop`, whose value `changed` (nil: not told).
    package init(prop: String, changed: Bool?) {
        self.prop = prop
        self.changed = changed
    }
}

/// The `@Observable` models a view holds, referenced weakly: what an Observation `onChange` closure
/// may keep to take an `ObservableSnapshot` when it runs.
///
/// NB: a model's registrar keeps the closure until a change is told; a closure holding the model
/// (or a view value holding it) would keep the model alive for as long, a cycle.
package struct WeakObservableModels: @unchecked Sendable {
    /// One model: its type name and the object while it lives.
    struct Entry {
        let name: String
        weak var object: AnyObject?
    }

    let entries: [Entry]

    /// The models `view` holds now (see `ObservableModels.instances(heldBy:)`).
    package init(heldBy view: Any) {
        entries = ObservableModels.instances(heldBy: view).map { Entry(name: $0.name, object: $0.object) }
    }

    /// Whether the view held no model.
    package var isEmpty: Bool { entries.isEmpty }
}
