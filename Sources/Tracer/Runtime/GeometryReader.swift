import Foundation

/// The size a `GeometryReader` was given.
public struct GeometryProxy: Sendable, Equatable {
    /// The reader's size.
    public let size: CGSize
}

/// A view whose content depends on the size it is given (`ViewGraph.resize(to:)`; zero until
/// then): it re-evaluates its content when that size changes, not when an equal size is set.
///
/// NB: the size is the reader's state: a resize is a `write` of `size` (wrapper `State`) by
/// the reader's view, invalidating it when the size changed.
public struct GeometryReader<Content: View>: View {
    let content: (GeometryProxy) -> Content
    @State private var size = CGSize.zero

    /// A reader building its content from its size.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

    public var body: some View { content(GeometryProxy(size: size)) }
}

/// A view a driver can give a size.
protocol SizeReader {
    func setSize(_ size: CGSize)
}

extension GeometryReader: SizeReader {
    func setSize(_ size: CGSize) { self.size = size }
}
