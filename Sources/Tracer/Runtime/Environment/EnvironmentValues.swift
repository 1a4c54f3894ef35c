/// A key for a value in the environment, with the value a view gets when no ancestor set one.
///
/// Declare a key and a property of `EnvironmentValues` that reads and writes it, as in SwiftUI:
///
///     struct ThemeKey: EnvironmentKey { static let defaultValue = Theme.light }
///     extension EnvironmentValues {
///         var theme: Theme {
///             get { self[ThemeKey.self] }
///             set { self[ThemeKey.self] = newValue }
///         }
///     }
public protocol EnvironmentKey {
    /// The type of the key's value.
    associatedtype Value
    /// The value when no ancestor set one.
    static var defaultValue: Value { get }
}

/// The values a view inherits from its ancestors: set with `.environment(\.key, value)`,
/// `.environment(model)` or `.environmentObject(object)`, read with `@Environment` and
/// `@EnvironmentObject`.
///
/// Each node of a graph holds the values its ancestors' modifiers and its own set; a view that
/// declares `@Environment(\.key)` is re-evaluated when the value at its key path changes for it.
public struct EnvironmentValues {
    /// The values set, by the type of their key (an `EnvironmentKey` or an object's type).
    private var values: [ObjectIdentifier: Any] = [:]
    /// The type of the key the latest write through a subscript stored: what names a write whose
    /// key path has no name at run time.
    private(set) var lastStoredKey: Any.Type?
    /// The graph's stamp of this set of values: the same version, the same values (0: the defaults).
    var version: UInt64 = 0
    /// The version of the parent's values these were derived from.
    var baseVersion: UInt64 = 0
    /// The writes that changed an entry, by what readers name it (a key path or an object's type).
    /// NB: kept from earlier transactions too; a write counts only in its own transaction.
    var writes: [AnyHashable: EnvironmentWrite] = [:]

    /// The default values.
    public init() {}

    /// The value of `key`: the one the nearest ancestor set, or its default.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set {
            values[ObjectIdentifier(key)] = newValue
            lastStoredKey = key
        }
    }

    /// The object of type `Object` an ancestor set, if any.
    func object<Object: AnyObject>(_ type: Object.Type) -> Object? {
        values[ObjectIdentifier(type)] as? Object
    }

    /// Sets the object of type `Object` (keyed by that type, as SwiftUI does); nil removes it.
    mutating func setObject<Object: AnyObject>(_ object: Object?) {
        values[ObjectIdentifier(Object.self)] = object
    }

    /// The name of the `EnvironmentValues` property `keyPath` leads to (`\.theme` → `theme`,
    /// `\.theme.accent` → `theme.accent`); nil when the key path cannot name it.
    ///
    /// NB: a computed property's name is known at run time only where the key path's description
    /// can look its accessor up (Apple platforms); elsewhere (Linux) it describes the accessor's
    /// address instead, and the key's type names the write.
    static func propertyName(of keyPath: AnyKeyPath) -> String? {
        let prefix = "\\EnvironmentValues."
        let description = keyPath.debugDescription
        guard description.hasPrefix(prefix) else { return nil }
        let name = description.dropFirst(prefix.count)
        guard !name.isEmpty, name.allSatisfy({ $0 == "." || $0 == "_" || $0.isLetter || $0.isNumber }) else { return nil }
        return String(name)
    }
}

/// A change of an environment value made by a modifier in one transaction: recorded as a
/// `write` (wrapper `Environment` or `EnvironmentObject`) once the evaluation that made it is.
final class EnvironmentWrite {
    /// The view whose output set the value.
    let view: Symbol
    /// The key's name.
    let name: String
    let wrapper: WrapperKind
    /// The transaction it happened in.
    let transaction: UInt64
    /// The `seq` of its `write` event (0 until recorded, or when not recording).
    var seq: UInt64 = 0

    init(view: Symbol, name: String, wrapper: WrapperKind, transaction: UInt64) {
        self.view = view
        self.name = name
        self.wrapper = wrapper
        self.transaction = transaction
    }
}
