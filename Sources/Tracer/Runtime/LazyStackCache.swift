extension ViewGraph {
    /// The rows a lazy stack builds for its visible `rows`: those, and the rows it built last time
    /// that lie within `lazyStackCacheMargin` of them (SwiftUI keeps rows near the visible ones:
    /// scrolled just out and back, a row keeps its state; scrolled far away, it loses it).
    ///
    /// NB: the result is one range, the hull of the visible rows and the kept ones: after a jump
    /// the few rows between them inside the margin are built too (SwiftUI prefetches them alike).
    func materialisedRows(of stack: ViewNode) -> Range<Int> {
        let visible = stack.viewport ?? defaultViewport
        guard let previous = stack.materialisedRows, lazyStackCacheMargin > 0 else { return visible }
        let near = max(visible.lowerBound - lazyStackCacheMargin, 0)..<(visible.upperBound + lazyStackCacheMargin)
        let kept = previous.clamped(to: near)
        guard !kept.isEmpty else { return visible }
        return min(kept.lowerBound, visible.lowerBound)..<max(kept.upperBound, visible.upperBound)
    }
}
