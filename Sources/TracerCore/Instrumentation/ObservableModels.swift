import Observation

/// The `@Observable` model types a view holds: what names an `@Observable` write its body
/// observed, in the runtime and in the SwiftUI adapter alike.
///
/// NB: Observation does not say which object or property changed; the models a view holds in
/// its stored properties (looked into through structs, optionals, enums and wrappers, not
/// through classes or collections) are the best name for what it observed.
public enum ObservableModels {
    /// The names of the `@Observable` model types `view` holds, in declaration order.
    public static func names(heldBy view: Any) -> [String] {
        var models: [String] = []
        collect(in: view, depth: 0) { name, _ in
            if !models.contains(name) { models.append(name) }
        }
        return models
    }

    /// The `@Observable` model objects `view` holds now, with their type names, in declaration
    /// order; a reference to a model it does not hold yet (see `ObservableModelReference`) adds
    /// its model when there is one.
    package static func instances(heldBy view: Any) -> [(name: String, object: AnyObject)] {
        var models: [(name: String, object: AnyObject)] = []
        collect(in: view, depth: 0) { name, object in
            if let object, !models.contains(where: { $0.object === object }) { models.append((name, object)) }
        }
        return models
    }

    /// The `prop` of an `@Observable` write: the one model type its observers hold, the candidates
    /// joined by `|` when they hold several, `unknown` when they hold none.
    public static func prop(_ models: [String]) -> String {
        models.isEmpty ? "unknown" : models.joined(separator: "|")
    }

    /// Calls `found` with each model's type name and object (nil for a reference with no model
    /// now), looking through `value`'s stored properties.
    private static func collect(in value: Any, depth: Int, _ found: (String, AnyObject?) -> Void) {
        for child in Mirror(reflecting: value).children {
            let style = Mirror(reflecting: child.value).displayStyle
            if let reference = child.value as? any ObservableModelReference, let name = reference.observableModelName {
                found(name, reference.observableModel)
            } else if style != .optional, child.value is any Observable {
                found(String(describing: type(of: child.value)), style == .class ? child.value as AnyObject : nil)
            } else if depth < 3, style == .struct || style == .optional || style == .enum || style == .tuple {
                collect(in: child.value, depth: depth + 1, found)
            }
        }
    }
}

/// A stored property that stands for an `@Observable` model it does not hold yet (the
/// runtime's `@Environment(Model.self)`, which gets its model from the environment).
package protocol ObservableModelReference {
    /// The model type's name; nil when the property refers to no model.
    var observableModelName: String? { get }
    /// The model object it refers to now; nil when none (not installed in a view yet, or no model).
    var observableModel: AnyObject? { get }
}
