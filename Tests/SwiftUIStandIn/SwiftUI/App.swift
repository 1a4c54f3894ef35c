/// A type that represents the structure and behavior of an app.
///
/// https://developer.apple.com/documentation/swiftui/app — sure: `@MainActor @preconcurrency`,
/// iOS 14 / macOS 11.
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
///
/// https://developer.apple.com/documentation/swiftui/scene — sure: `@MainActor @preconcurrency`.
@MainActor @preconcurrency
public protocol Scene {}

/// A result builder for composing a collection of scenes into a single composite scene.
///
/// https://developer.apple.com/documentation/swiftui/scenebuilder
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// A scene that presents a group of identically structured windows.
///
/// https://developer.apple.com/documentation/swiftui/windowgroup — fairly sure: `nonisolated` inits (as Xcode 16 interfaces declare view initializers).
public struct WindowGroup<Content: View>: Scene {
    /// Creates a window group.
    ///
    /// NB: builds its content once, as NavigationStack does: an optimised build keeps the app's
    /// views and their bodies (reached through their `View` conformances), as it does with SwiftUI.
    nonisolated public init(@ViewBuilder content: () -> Content) { _ = content() }
}

/// A property wrapper type that instantiates an observable object.
///
/// https://developer.apple.com/documentation/swiftui/stateobject — sure: `@MainActor @frozen
/// @propertyWrapper @preconcurrency`, `Sendable` (the page), iOS 14 / macOS 11; the initializer
/// `nonisolated` (fairly sure: Xcode 16 interface excerpts).
@MainActor @frozen @propertyWrapper @preconcurrency
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty, Sendable {
    nonisolated(unsafe) private let object: ObjectType

    /// Creates a new state object with an initial wrapped value.
    ///
    /// NB: the stand-in runs the autoclosure at once.
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { object = thunk() }

    /// The underlying value referenced by the state object.
    public var wrappedValue: ObjectType { object }

    /// A projection of the state object that creates bindings to its properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: object) }
}

/// A property wrapper type that subscribes to an observable object and invalidates a view
/// whenever the observable object changes.
///
/// https://developer.apple.com/documentation/swiftui/observedobject — sure: `@MainActor
/// @propertyWrapper @preconcurrency @frozen` (Xcode 16 SDKs), iOS 13 / macOS 10.15.
@MainActor @preconcurrency @frozen @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// A wrapper of the underlying observable object that can create bindings to its properties.
    @dynamicMemberLookup @frozen
    public struct Wrapper {
        let object: ObjectType

        /// Gets a binding to the value of a specified key path.
        ///
        /// https://developer.apple.com/documentation/swiftui/observedobject/wrapper/subscript(dynamicmember:)
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = object
            return Binding(location: FunctionalLocation(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 }))
        }
    }

    /// Creates an observed object with an initial wrapped value.
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

    /// The underlying value that the observed object references.
    public var wrappedValue: ObjectType

    /// A projection of the observed object that creates bindings to its properties.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}
