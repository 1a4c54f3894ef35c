/// View paths with their identities left out, so the rows of one `ForEach` read as one view.
enum ViewPathPattern {
    /// `path` with every `[id]` written `[*]`: `List/Row[42]/Label` → `List/Row[*]/Label`.
    ///
    /// NB: an id may itself hold `/` or `[` (`FileDetailView[tracer/readme]`): everything up to
    /// the bracket that closes the segment's first one is the id (`ViewPathScanner`).
    static func collapsingIdentities(_ path: String) -> String {
        guard path.contains("[") else { return path }
        var result: [UInt8] = []
        var scanner = ViewPathScanner()
        for byte in path.utf8 {
            switch scanner.role(of: byte) {
            case .open: result += "[*".utf8
            case .identity: continue
            case .name, .separator, .close: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
