#if canImport(SwiftUI)
import TracerSwiftUICore

/// Records a `mark` named `name`: a point in the interaction (`scroll-down`) that a budget's
/// `mark` rules count from. Nothing when not recording.
public func traceMark(_ name: String) {
    SwiftUITrace.session?.mark(name)
}
#endif
