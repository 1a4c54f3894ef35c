extension XctraceDocumentKind {
    /// Why the export starting with `prefix` cannot be read for its encoding, nil when it can (or
    /// is no export): UTF-16 (a byte order mark, or a zero byte in its first two), or an XML
    /// declaration naming another encoding than UTF-8.
    static func encodingProblem(prefix: [UInt8]) -> String? {
        let bom = prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0xFE, 0xFF])
        if bom || (prefix.count >= 2 && (prefix[0] == 0 || prefix[1] == 0)) {
            // NB: an export's markup is ASCII, so dropping the zero bytes gives it back.
            let narrow = prefix.dropFirst(bom ? 2 : 0).filter { $0 != 0 }
            guard narrow.withUnsafeBytes(detect(prefix:)) != nil else { return nil }
            return "the document is UTF-16 (\(bom ? "it begins with a byte order mark" : "every other byte is zero")), "
                + "and Tracer reads only UTF-8, which xctrace export writes: convert it with "
                + "iconv -f UTF-16 -t UTF-8 FILE > FILE-utf8.xml (and make its XML declaration say UTF-8)"
        }
        guard let encoding = declaredEncoding(prefix), !["utf-8", "utf8", "us-ascii"].contains(encoding.lowercased()),
              prefix.withUnsafeBytes(detect(prefix:)) != nil
        else { return nil }
        return "the XML declaration says encoding=\"\(encoding)\", and Tracer reads only UTF-8, which xctrace export writes: "
            + "if the document is in \(encoding), convert it with iconv -f \(encoding) -t UTF-8 FILE > FILE-utf8.xml; "
            + "if it is UTF-8 already, make the declaration say so"
    }

    /// The `encoding` of the XML declaration `prefix` begins with, if it names one.
    private static func declaredEncoding(_ prefix: [UInt8]) -> String? {
        let start = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard prefix[start...].starts(with: Array("<?xml".utf8)) else { return nil }
        let text = String(decoding: prefix[start...].prefix(200), as: UTF8.self)
        guard let declaration = text.split(separator: "?>", maxSplits: 1).first,
              let after = declaration.split(separator: "encoding", maxSplits: 1).dropFirst().first
        else { return nil }
        let value = after.drop { $0 == " " || $0 == "=" }
        guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
        return String(value.dropFirst().prefix { $0 != quote })
    }
}
