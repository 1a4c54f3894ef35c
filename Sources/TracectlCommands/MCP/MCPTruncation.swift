import TraceSupport

/// Cuts a JSON document that is too large for a result: its longest top-level array keeps as many
/// leading items as fit, and a `truncated` member says what was cut and how to narrow the request.
enum MCPTruncation {
    /// `document` when it fits in `limit` bytes, else the document with its longest array cut.
    static func fit(_ document: String, limit: Int) -> String {
        guard document.utf8.count > limit,
              let root = try? JSONDocumentParser.parse(Array(document.utf8)),
              case .object(let members) = root.value
        else { return document }
        let arrays = members.enumerated().compactMap { index, member -> (Int, [JSONNode])? in
            guard case .array(let items) = member.node.value else { return nil }
            return (index, items)
        }
        guard let (cutIndex, items) = arrays.max(by: { $0.1.count < $1.1.count }) else { return document }
        let itemTexts = items.map { item in
            var writer = JSONWriter()
            writer.value(item.value)
            return writer.text
        }
        let overhead = 512
        var budget = limit - overhead - written(members, cutting: cutIndex, keeping: [], total: items.count).utf8.count
        var kept: [String] = []
        for text in itemTexts {
            budget -= text.utf8.count + 1
            if budget < 0 { break }
            kept.append(text)
        }
        return written(members, cutting: cutIndex, keeping: kept, total: items.count)
    }

    /// The document with member `cutIndex` (an array of `total` items) holding only `kept`, and the
    /// `truncated` member.
    private static func written(
        _ members: [(key: String, node: JSONNode)], cutting cutIndex: Int, keeping kept: [String], total: Int
    ) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        for (index, member) in members.enumerated() {
            writer.key(member.key)
            guard index == cutIndex else {
                writer.value(member.node.value)
                continue
            }
            writer.beginArray()
            for item in kept { writer.value(json: item) }
            writer.endArray()
        }
        writer.key("truncated")
        writer.beginObject()
        writer.field("member", members[cutIndex].key)
        writer.field("kept", kept.count)
        writer.field("total", total)
        writer.field("narrow", "ask for fewer items: top, a view glob (view), or a mark window (mark, from, to)")
        writer.endObject()
        writer.endObject()
        return writer.document()
    }
}
