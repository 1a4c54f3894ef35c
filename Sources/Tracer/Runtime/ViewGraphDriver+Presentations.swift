import Foundation

/// Driving presentations and layout: each is one frame.
extension ViewGraph {
    /// Pops the destination pushed last: writes false to its `isPresented` binding, then flushes.
    public func pop() throws(ViewGraphError) {
        try dismissLatest(.navigationDestination, query: "a pushed navigation destination")
    }

    /// Dismisses the sheet presented last: writes false to its `isPresented` binding, then flushes.
    public func dismissSheet() throws(ViewGraphError) {
        try dismissLatest(.sheet, query: "a presented sheet")
    }

    /// Gives the `GeometryReader` at `path` (default: every mounted one, as a window resize does)
    /// the size `size`, then flushes: a reader re-evaluates its content when its size changed.
    public func resize(to size: CGSize, geometryReaderAt path: String? = nil) throws(ViewGraphError) {
        var readers: [any SizeReader] = []
        forEachNode { node in
            if let reader = node.view as? any SizeReader, path == nil || node.path == path { readers.append(reader) }
        }
        guard !readers.isEmpty else { throw .noView(matching: path ?? "GeometryReader") }
        for reader in readers { reader.setSize(size) }
        flush()
    }

    private func dismissLatest(_ kind: PresentationModifier.Kind, query: String) throws(ViewGraphError) {
        var latest: PresentationModifier?
        forEachNode { node in
            for case let modifier as PresentationModifier in node.modifiers where modifier.kind == kind && modifier.presented {
                latest = modifier
            }
        }
        guard let latest else { throw .noView(matching: query) }
        latest.isPresented.wrappedValue = false
        flush()
    }
}
