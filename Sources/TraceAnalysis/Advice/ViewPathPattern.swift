/// View paths with their identities left out, so the rows of one `ForEach` read as one view.
enum ViewPathPattern {
    /// `path` with every `[id]` written `[*]`: `List/Row[42]/Label` → `List/Row[*]/Label`.
    ///
    /// NB: an id may itself hold `/` or `[` (`FileDetailView[tracer/readme]`): everything up to
    /// the bracket that closes the segment's first one is the id.
    static func collapsingIdentities(_ path: String) -> String {
        guard path.contains("[") else { return path }
        var result = ""
        var depth = 0
        for character in path {
            switch character {
            case "[":
                if depth == 0 { result += "[*" }
                depth += 1
            case "]" where depth > 0:
                depth -= 1
                if depth == 0 { result += "]" }
            default:
                if depth == 0 { result.append(character) }
            }
        }
        return result
    }
}
