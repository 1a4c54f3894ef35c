extension View {
    /// Adds an action to perform when this view detects data emitted by the given publisher.
    ///
    /// https://developer.apple.com/documentation/swiftui/view/onreceive(_:perform:) — sure:
    /// `nonisolated`, `action` a plain (neither `@Sendable` nor isolated) escaping closure.
    ///
    /// NB: the stand-in subscribes at once and for ever, so a test can see the action run, on the
    /// thread that publishes (SwiftUI runs it where the publisher delivers, too).
    nonisolated public func onReceive<P: Publisher>(
        _ publisher: P, perform action: @escaping (P.Output) -> Void
    ) -> some View where P.Failure == Never {
        _ = publisher.sink(receiveValue: action)
        return StandInView()
    }

    /// Adds an action to be performed when a value, created from a scroll geometry, changes.
    ///
    /// https://developer.apple.com/documentation/swiftui/view/onscrollgeometrychange(for:of:action:)
    /// — sure: `nonisolated`, plain escaping closures, iOS 18 / macOS 15.
    @available(iOS 18.0, macOS 15.0, *)
    nonisolated public func onScrollGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
        action: @escaping (_ oldValue: T, _ newValue: T) -> Void
    ) -> some View {
        StandInView()
    }

    /// Specifies the preferred visibility of backgrounds on a bar managed by SwiftUI.
    ///
    /// https://developer.apple.com/documentation/swiftui/view/toolbarvisibility(_:for:) — sure:
    /// `nonisolated`, iOS 18 / macOS 15.
    @available(iOS 18.0, macOS 15.0, *)
    nonisolated public func toolbarVisibility(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        StandInView()
    }

    /// Configures the view's title for purposes of navigation, using a string.
    ///
    /// https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-5di1u — sure:
    /// `nonisolated`.
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        StandInView()
    }
}

/// A type that defines the geometry of a scroll view.
///
/// https://developer.apple.com/documentation/swiftui/scrollgeometry — sure: `Equatable`,
/// `Sendable`, iOS 18 / macOS 15.
@available(iOS 18.0, macOS 15.0, *)
public struct ScrollGeometry: Equatable, Sendable {
    /// The content offset of the scroll view.
    public var contentOffset: CGPoint
}

/// The visibility of a UI element, chosen automatically based on the platform, current context,
/// and other factors.
///
/// https://developer.apple.com/documentation/swiftui/visibility — sure.
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic
    case visible
    case hidden
}

/// The placement of a toolbar.
///
/// https://developer.apple.com/documentation/swiftui/toolbarplacement — sure of `Sendable`.
public struct ToolbarPlacement: Sendable {
    private init() {}
    /// The navigation bar in an app.
    public static let navigationBar = ToolbarPlacement()
}
