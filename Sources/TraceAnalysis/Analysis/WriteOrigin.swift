/// A state property that is written: the root of a cause chain.
public struct WriteOrigin: Sendable, Hashable, Comparable {
    /// The view owning the property.
    public var view: String
    /// The property written.
    public var prop: String
    /// The wrapper kind (`State`, `ViewStorage`, …); empty when the write did not say.
    public var wrapper: String
    /// The declaration site `file:line`; empty when the write did not say.
    public var site: String
    /// What changed, as an Instruments cause says (`Type: properties`); empty when the write did
    /// not say. Like `site`, the property's first write's.
    public var changes: String

    /// An origin with the given names.
    package init(view: String, prop: String, wrapper: String, site: String, changes: String = "") {
        self.view = view
        self.prop = prop
        self.wrapper = wrapper
        self.site = site
        self.changes = changes
    }

    /// Ordered by view, property, wrapper, site, changes.
    public static func < (lhs: WriteOrigin, rhs: WriteOrigin) -> Bool {
        (lhs.view, lhs.prop, lhs.wrapper, lhs.site, lhs.changes) < (rhs.view, rhs.prop, rhs.wrapper, rhs.site, rhs.changes)
    }

    /// `prop [changes]`, or `prop` alone when the write did not say what changed.
    var propertyText: String { Self.propertyText(prop, changes: changes) }

    /// `prop [changes]`, or `prop` alone when `changes` is empty.
    static func propertyText(_ prop: String, changes: String) -> String { changes.isEmpty ? prop : "\(prop) [\(changes)]" }
}

extension WriteOrigin {
    /// A written property without its site: what identifies it across the ranges of a split
    /// trace (a declaration has one site; a property's site is the first one written).
    struct Property: Hashable, Sendable {
        var view: String
        var prop: String
        var wrapper: String

        /// The property of `origin`.
        init(_ origin: WriteOrigin) {
            (view, prop, wrapper) = (origin.view, origin.prop, origin.wrapper)
        }

        /// The property `prop` of `view`, kept in `wrapper`.
        init(view: String, prop: String, wrapper: String) {
            (self.view, self.prop, self.wrapper) = (view, prop, wrapper)
        }
    }
}

/// How many times something happened per write origin (writes of it, or evaluations it caused).
public struct OriginCount: Sendable, Hashable {
    /// The write.
    public var origin: WriteOrigin
    /// How many evaluations it caused.
    public var count: Int
    /// How the evaluations were traced back to the write: every link recorded, or the first
    /// inferred hop's rule.
    package var inference: InferenceOutcome = .notInferred

    /// The rule that inferred a hop of these evaluations' chains (`same-update-nested`, …); nil
    /// when every link was recorded.
    public var inferredBy: String? { inference.isInferred ? inference.rule : nil }
}
