/// A type that represents the structure and behavior of an app.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene

    @SceneBuilder @MainActor @preconcurrency
    var body: Self.Body { get }

    @MainActor @preconcurrency
    init()
}

extension App {
    /// Initializes and runs the app.
    ///
    /// NB: the stand-in builds the app's scene once and returns.
    @MainActor @preconcurrency
    public static func main() { _ = Self().body }
}

/// A part of an app's user interface with a life cycle managed by the system.
@MainActor @preconcurrency
public protocol Scene {}

/// A result builder for composing a collection of scenes into a single composite scene.
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// A scene that presents a group of identically structured windows.
public struct WindowGroup<Content: View>: Scene {
    /// Creates a window group.
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

/// A property wrapper type that instantiates an observable object.
@frozen @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let object: ObjectType

    /// Creates a new state object with an initial wrapped value.
    ///
    /// NB: the stand-in runs the autoclosure at once.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { object = thunk() }

    /// The underlying value referenced by the state object.
    @MainActor public var wrappedValue: ObjectType { object }

    /// A projection of the state object that creates bindings to its properties.
    @MainActor public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: object) }
}

/// A property wrapper type that subscribes to an observable object and invalidates a view
/// whenever the observable object changes.
@frozen @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// A wrapper of the underlying observable object that can create bindings to its properties.
    @dynamicMemberLookup @frozen
    public struct Wrapper {
        let object: ObjectType

        /// Gets a binding to the value of a specified key path.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }

    /// Creates an observed object with an initial wrapped value.
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

    /// The underlying value that the observed object references.
    public var wrappedValue: ObjectType

    /// A projection of the observed object that creates bindings to its properties.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}
