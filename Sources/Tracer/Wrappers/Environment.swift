import Observation

/// Reads a value from the view's environment: a key path of `EnvironmentValues`
/// (`@Environment(\.theme)`) or an `@Observable` model put there with `.environment(model)`
/// (`@Environment(Model.self)`).
///
/// The view re-evaluates when the value at its key path changes for it (compared as view inputs
/// are: `==` when `Equatable`, field by field otherwise), whether or not its body used the value,
/// as SwiftUI does; views that do not declare it are skipped as usual. For a model, the body's
/// reads of its properties are tracked as for any `@Observable`, and a different model object
/// re-evaluates the view too.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let entry: AnyHashable
    let read: (EnvironmentValues) -> Value?
    let missing: () -> Value
    /// The name of the `@Observable` model type it reads (nil for a key path).
    package let observableModelName: String?
    /// The model object in a value it reads (nil for a key path).
    let modelObject: ((Value) -> AnyObject?)?
    let slot = InstallSlot<EnvironmentReading<Value>>()

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        entry = keyPath
        read = { $0[keyPath: keyPath] }
        missing = { EnvironmentValues()[keyPath: keyPath] }
        observableModelName = nil
        modelObject = nil
    }

    /// The value for the view. Before the view is installed in a graph it is the default.
    public var wrappedValue: Value {
        if let value = slot.installed?.value { return value }
        return missing()
    }
}

extension Environment {
    /// Reads the `@Observable` model of type `Value` an ancestor put in the environment.
    ///
    /// NB: as in SwiftUI, reading it where no ancestor put one stops the program, with SwiftUI's
    /// message: there is no value to give.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        entry = ObjectIdentifier(objectType)
        read = { $0.object(objectType) }
        observableModelName = String(describing: objectType)
        modelObject = { $0 }
        missing = {
            fatalError("No Observable object of type \(Value.self) found. A View.environment(_:) for \(Value.self) may be missing as an ancestor of this view.")
        }
    }

    /// Reads the `@Observable` model of type `Model` an ancestor put in the environment, nil when none did.
    public init<Model: AnyObject & Observable>(_ objectType: Model.Type) where Value == Model? {
        entry = ObjectIdentifier(objectType)
        read = { .some($0.object(objectType)) }
        missing = { nil }
        observableModelName = String(describing: objectType)
        modelObject = { $0 }
    }
}

extension Environment: InstallableProperty {
    func install(_ installer: inout PropertyInstaller) {
        slot.install(installer.environmentReading(entry: entry, read: read))
    }
}

extension Environment: ObservableModelReference {
    /// The model the installed view reads now; nil before it is installed, or for a key path.
    package var observableModel: AnyObject? {
        guard let modelObject, let value = slot.installed?.value else { return nil }
        return modelObject(value)
    }
}

extension Environment: InputComparable {
    /// NB: the value comes from the environment, not from the parent: never a different input.
    func isSameInput(as other: Any) -> Bool { other is Self }
}

/// An `ObservableObject` an ancestor put in the environment with `.environmentObject(_:)`: every
/// view declaring it re-evaluates when one of the object's `@Published` properties is written
/// (those writes are recorded as `Published`), and when an ancestor puts a different object there.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    let slot = InstallSlot<EnvironmentReading<ObjectType>>()

    /// The object of type `ObjectType` in the view's environment.
    public init() {}

    /// The object. NB: as in SwiftUI, reading it where no ancestor put one stops the program, with
    /// SwiftUI's message: there is no object to give.
    public var wrappedValue: ObjectType {
        guard let object = slot.installed?.value else {
            fatalError("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return object
    }

    /// Bindings to the object's properties: `$model.field`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { .init(object: wrappedValue) }
}

extension EnvironmentObject: InstallableProperty {
    func install(_ installer: inout PropertyInstaller) {
        let reading = installer.environmentReading(entry: ObjectIdentifier(ObjectType.self)) { $0.object(ObjectType.self) }
        slot.install(reading)
        if let object = reading.value { installer.observe(object, wrapper: .environmentObject, site: nil) }
    }
}

extension EnvironmentObject: InputComparable {
    /// NB: the object comes from the environment, not from the parent: never a different input.
    func isSameInput(as other: Any) -> Bool { other is Self }
}

/// A view's dependency on one environment entry: the value its latest evaluation got.
protocol EnvironmentDependency: AnyObject {
    /// The entry, as modifiers name it (a key path or an object's type).
    var entry: AnyHashable { get }
    /// Whether `environment` holds a different value for it than the view last got.
    func isChanged(in environment: EnvironmentValues) -> Bool
}

/// The node's storage of one `@Environment` or `@EnvironmentObject`: the value the view got when
/// it was last installed.
///
/// NB: read and written on the graph's thread only (installation, reconciliation and bodies).
final class EnvironmentReading<Value>: EnvironmentDependency, @unchecked Sendable {
    let entry: AnyHashable
    private let read: (EnvironmentValues) -> Value?
    /// The value at the latest installation; nil when the environment has none (a missing object).
    private(set) var value: Value?

    init(entry: AnyHashable, read: @escaping (EnvironmentValues) -> Value?) {
        self.entry = entry
        self.read = read
    }

    /// Takes the value in `environment`.
    func update(from environment: EnvironmentValues) { value = read(environment) }

    func isChanged(in environment: EnvironmentValues) -> Bool {
        switch (read(environment), value) {
        case (nil, nil): false
        case (let new?, let old?): !ValueComparison.sameInput(new, old)
        default: true
        }
    }
}

extension PropertyInstaller {
    /// The node's reading of the environment entry `entry`, brought up to date with the node's
    /// environment (made the first time, without `state-init`: it is not state).
    mutating func environmentReading<Value>(
        entry: AnyHashable, read: @escaping (EnvironmentValues) -> Value?
    ) -> EnvironmentReading<Value> {
        let reading = slotObject(wrapper: .environment, site: nil, recordingInit: false) { _ in
            EnvironmentReading(entry: entry, read: read)
        }
        reading.update(from: node.environment)
        return reading
    }
}
