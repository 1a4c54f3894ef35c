/// The spellings of the values contract (#43) that readers need: a `write`'s `old`/`new`, the
/// `values` marker in their place, and the header capability that says values were recorded.
///
/// NB: the recorder's side defines the same spellings where it writes them; the strings are the
/// contract, so both sides agree by value.
package enum TraceValues {
    /// A write's value before it (a JSON string of at most `maximumBytes` bytes).
    package static let oldKey = "old"
    /// A write's value after it.
    package static let newKey = "new"
    /// The marker a write carries instead of `old`/`new`.
    package static let markerKey = "values"
    /// The header capability listed when the recorder recorded values.
    package static let capability = "values"
    /// The marker of a write whose value was not described (its type is not allowed).
    package static let redacted = "redacted"
    /// The marker of a write whose value the source cannot know.
    package static let unavailable = "unavailable"
    /// The most UTF-8 bytes of `old` or `new`, including the `…` that marks a cut.
    package static let maximumBytes = 64
    /// The mark at the end of a cut value.
    package static let cutMark = "…"
}
