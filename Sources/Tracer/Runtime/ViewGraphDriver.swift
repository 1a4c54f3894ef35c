import Foundation

/// A driver request that names no view in the graph.
public enum ViewGraphError: Error, CustomStringConvertible, Equatable {
    /// No mounted view matches `query`.
    case noView(matching: String)
    /// The view at `path` cannot do what was asked (e.g. a scroll view without an offset binding).
    case unsupported(path: String, reason: String)

    public var description: String {
        switch self {
        case .noView(let query): "no view matching \(query) is mounted"
        case .unsupported(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// Driving a graph from a scenario or a test: taps, scrolls, selections, viewports, queries.
///
/// Each interaction is one frame: it writes what the user's gesture writes, then flushes.
extension ViewGraph {
    /// Taps the first button titled `title` (depth-first), then flushes.
    public func tap(buttonTitled title: String) throws(ViewGraphError) {
        let node = try target("Button \"\(title)\"") { ($0.view as? Button)?.title == title }
        (node.view as! Button).action()
        flush()
    }

    /// Taps the button at `path`, then flushes.
    public func tap(buttonAt path: String) throws(ViewGraphError) {
        let node = try target(path) { $0.path == path && $0.view is Button }
        (node.view as! Button).action()
        flush()
    }

    /// Scrolls the scroll view at `path` (default: the first one with an offset binding) to
    /// `offset`: writes its content-offset binding, then flushes — one frame.
    public func scroll(to offset: CGPoint, scrollViewAt path: String? = nil) throws(ViewGraphError) {
        let node = try target(path ?? "ScrollView with a contentOffset binding") { node in
            guard let scrollable = node.view as? any ScrollableView, path == nil || node.path == path else { return false }
            return path != nil || scrollable.hasOffsetBinding
        }
        guard (node.view as! any ScrollableView).scroll(to: offset) else {
            throw .unsupported(path: node.path, reason: "the scroll view has no contentOffset binding")
        }
        flush()
    }

    /// Selects `value` in the list at `path` (default: the first list with a selection), then
    /// flushes.
    public func select(_ value: Any?, listAt path: String? = nil) throws(ViewGraphError) {
        let node = try target(path ?? "List with a selection") { node in
            node.view is any SelectableView && (path == nil || node.path == path)
        }
        guard (node.view as! any SelectableView).select(value) else {
            throw .unsupported(path: node.path, reason: "the list has no selection binding of this value's type")
        }
        flush()
    }

    /// Shows `rows` of the lazy stack at `path` (default: the first lazy stack): rows scrolled
    /// out are unmounted with their state, rows scrolled in are mounted afresh. The change is
    /// recorded as a `viewport` write of the stack (`External`), caused by the owner's latest
    /// evaluation, and the cause of the rows' mounts, unmounts, skips and evaluations.
    public func setViewport(_ rows: Range<Int>, lazyStackAt path: String? = nil) throws(ViewGraphError) {
        let node = try target(path ?? "lazy stack") { node in
            ((node.view as? any PrimitiveView)?.isLazy ?? false) && (path == nil || node.path == path)
        }
        node.viewport = rows
        let owner = bodyOwner(of: node)
        update { work in
            let cause = recordViewportWrite(of: node, cause: owner?.lastEvaluation ?? 0)
            guard let owner else {
                _ = reconcileContent(of: node, into: &work)
                return cause
            }
            _ = tracking(owner, renewing: false) { reconcileContent(of: node, into: &work) }
            return cause
        }
        flush()
    }

    /// Records the viewport change of the lazy stack `node` as a write of its `viewport` from
    /// outside the graph (`External`), caused by `cause`; returns its `seq` (0 without a recorder).
    ///
    /// NB: the cause is the evaluation of the stack's owner that produced the rows' content (its
    /// `ForEach` closure): after a scroll that re-evaluated the owner, the one the `contentOffset`
    /// write caused; else its latest one — for the first viewport its initial evaluation, so that
    /// the write stands for the initial layout. Not the scroll's `contentOffset` write itself,
    /// which the driver makes apart: @ViewStorage would not spare the rows a viewport change, and
    /// linked to that write they would count as its evaluations (`report`'s causes, `advise`'s
    /// high-frequency-write finding). Only a write's cause may lie in an earlier transaction.
    private func recordViewportWrite(of node: ViewNode, cause: UInt64) -> UInt64 {
        guard let recorder else { return 0 }
        var event = TraceEvent.write(
            view: node.symbol != .none ? node.symbol : recorder.intern(node.path), prop: recorder.intern(Self.viewportProperty), wrapper: .external, changed: true, site: .none,
            tx: transaction)
        event.cause = cause
        return recorder.record(event)
    }

    /// The `prop` of a lazy stack's viewport write.
    static let viewportProperty = "viewport"

    /// The paths of every mounted node, depth-first.
    public var paths: [String] {
        var result: [String] = []
        forEachNode { result.append($0.path) }
        return result
    }

    /// Whether a node is mounted at `path`.
    public func contains(path: String) -> Bool {
        (try? target(path) { $0.path == path }) != nil
    }

    /// The first mounted node satisfying `matches` (depth-first), remembered under `query`.
    func target(_ query: String, where matches: (ViewNode) -> Bool) throws(ViewGraphError) -> ViewNode {
        if let known = driverTargets[query], known.isMounted, matches(known) { return known }
        var found: ViewNode?
        forEachNode { node in
            if found == nil, matches(node) { found = node }
        }
        guard let found else { throw .noView(matching: query) }
        driverTargets[query] = found
        return found
    }

    /// Visits every mounted node depth-first, parents before children.
    func forEachNode(_ visit: (ViewNode) -> Void) {
        var stack = Array(host.children.reversed())
        while let node = stack.popLast() {
            visit(node)
            stack.append(contentsOf: node.children.reversed())
        }
    }
}

extension ViewGraph {
    /// The current value of the view mounted at `path` (for inspection in tests and tools).
    public func view(at path: String) -> (any View)? {
        (try? target(path) { $0.path == path })?.view
    }
}
