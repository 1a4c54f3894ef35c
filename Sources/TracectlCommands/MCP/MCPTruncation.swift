import TraceSupport

/// Cuts a JSON document that is too large for a result: its top-level arrays, the largest first,
/// keep as many leading items as fit, and a `truncated` member says what was cut and how to narrow
/// the request.
enum MCPTruncation {
    /// One array that was cut: its member's name and how many items it kept of how many.
    private typealias Cut = (member: String, kept: Int, total: Int)

    /// `document` when it fits in `limit` bytes, else the document with arrays cut until it fits
    /// (or every array is empty).
    static func fit(_ document: String, limit: Int) -> String {
        guard document.utf8.count > limit,
              let root = try? JSONDocumentParser.parse(Array(document.utf8)),
              case .object(var members) = root.value
        else { return document }
        let arrays = members.indices.filter { members[$0].node.value.arrayItems != nil }
            .sorted { size(members[$0].node.value) > size(members[$1].node.value) }
        var cuts: [Cut] = []
        var text = document
        for index in arrays {
            let items = members[index].node.value.arrayItems ?? []
            members[index].node.value = .array([])
            // NB: the counts' digits may grow by a few bytes once written: 32 bytes are kept free.
            var budget = limit - 32 - written(members, cuts + [(members[index].key, items.count, items.count)]).utf8.count
            let kept = items.prefix { item in
                budget -= size(item.value) + 1
                return budget >= 0
            }
            members[index].node.value = .array(Array(kept))
            cuts.append((members[index].key, kept.count, items.count))
            text = written(members, cuts)
            if text.utf8.count <= limit { break }
        }
        return text
    }

    /// The bytes `value` takes written.
    private static func size(_ value: JSONValue) -> Int {
        var writer = JSONWriter()
        writer.value(value)
        return writer.text.utf8.count
    }

    /// The document of `members` with the `truncated` member describing `cuts`.
    private static func written(_ members: [(key: String, node: JSONNode)], _ cuts: [Cut]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        for member in members {
            writer.key(member.key)
            writer.value(member.node.value)
        }
        writer.key("truncated")
        writer.beginObject()
        writer.objects("cut", cuts) { writer, cut in
            writer.field("member", cut.member)
            writer.field("kept", cut.kept)
            writer.field("total", cut.total)
        }
        writer.field("narrow", "ask for fewer items: top, a view glob (view), or a mark window (mark, from, to)")
        writer.endObject()
        writer.endObject()
        return writer.document()
    }
}

extension JSONValue {
    /// An array's items (nil for anything else).
    fileprivate var arrayItems: [JSONNode]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
