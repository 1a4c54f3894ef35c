/// Reads the legacy View Properties' narrative: `"<link-type> in <view-type> updated from <old> to
/// <new>"`, the values as Instruments printed them.
enum XctraceLinkNarrative {
    /// The old and new values `narrative` gives for a link of `linkType` in `view`; `value` (the
    /// row's own printed new value) tells where the old one ends when either holds " to ".
    /// Nil when the narrative does not read so, or the split is ambiguous.
    ///
    /// NB: never a guess: without `value`, a narrative with " to " more than once gives nothing.
    static func values(of narrative: String, linkType: String, view: String, value: String?) -> (old: String, new: String)? {
        let prefix = "\(linkType) in \(view) updated from "
        guard narrative.hasPrefix(prefix) else { return nil }
        let rest = narrative.dropFirst(prefix.count)
        if let value, rest.hasSuffix(" to " + value) {
            return (String(rest.dropLast(value.count + 4)), value)
        }
        let parts = rest.split(separator: " to ", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return (String(parts[0]), String(parts[1]))
    }
}
