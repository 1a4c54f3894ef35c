/// A state property that is written: the root of a cause chain.
public struct WriteOrigin: Sendable, Hashable, Comparable {
    /// The view owning the property.
    public var view: String
    public var prop: String
    /// The wrapper kind (`State`, `ViewStorage`, …); empty when the write did not say.
    public var wrapper: String
    /// The declaration site `file:line`; empty when the write did not say.
    public var site: String

    /// An origin with the given names.
    package init(view: String, prop: String, wrapper: String, site: String) {
        self.view = view
        self.prop = prop
        self.wrapper = wrapper
        self.site = site
    }

    /// Ordered by view, property, wrapper, site.
    public static func < (lhs: WriteOrigin, rhs: WriteOrigin) -> Bool {
        (lhs.view, lhs.prop, lhs.wrapper, lhs.site) < (rhs.view, rhs.prop, rhs.wrapper, rhs.site)
    }
}

/// How many times something happened per write origin (writes of it, or evaluations it caused).
public struct OriginCount: Sendable, Hashable {
    public var origin: WriteOrigin
    public var count: Int

    /// `count` for `origin`.
    package init(origin: WriteOrigin, count: Int) {
        self.origin = origin
        self.count = count
    }
}
