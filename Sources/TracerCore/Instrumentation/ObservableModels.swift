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
        collect(in: view, depth: 0, into: &models)
        return models
    }

    /// The `prop` of an `@Observable` write: the one model type its observers hold, the candidates
    /// joined by `|` when they hold several, `unknown` when they hold none.
    public static func prop(_ models: [String]) -> String {
        models.isEmpty ? "unknown" : models.joined(separator: "|")
    }

    private static func collect(in value: Any, depth: Int, into models: inout [String]) {
        for child in Mirror(reflecting: value).children {
            let style = Mirror(reflecting: child.value).displayStyle
            if let reference = child.value as? any ObservableModelReference, let name = reference.observableModelName {
                if !models.contains(name) { models.append(name) }
            } else if style != .optional, child.value is any Observable {
                let name = String(describing: type(of: child.value))
                if !models.contains(name) { models.append(name) }
            } else if depth < 3, style == .struct || style == .optional || style == .enum || style == .tuple {
                collect(in: child.value, depth: depth + 1, into: &models)
            }
        }
    }
}

/// A stored property that stands for an `@Observable` model it does not hold yet (the
/// runtime's `@Environment(Model.self)`, which gets its model from the environment).
package protocol ObservableModelReference {
    /// The model type's name; nil when the property refers to no model.
    var observableModelName: String? { get }
}
