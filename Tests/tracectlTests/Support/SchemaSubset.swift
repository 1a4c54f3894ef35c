import TraceSupport

/// A validator of the JSON Schema subset `tracectl mcp` emits: `type` (a name or a list),
/// `properties`, `required`, `items`, `enum`, `minItems` and `additionalProperties: false`.
enum SchemaSubset {
    /// What is wrong with `value` under `schema`, one message per problem (none: it conforms).
    static func problems(_ value: JSONValue, _ schema: JSONNode, at path: String = "$") -> [String] {
        var found: [String] = []
        if let types = schema["type"].map(typeNames), !types.contains(where: { matches(value, $0) }) {
            found.append("\(path): expected \(types.joined(separator: " or ")), found \(value.typeName)")
            return found
        }
        if case .array(let allowed)? = schema["enum"]?.value, !allowed.contains(where: { $0.value == value }) {
            found.append("\(path): not one of the enum's values")
        }
        switch value {
        case .object(let members):
            found += objectProblems(members, schema, path)
        case .array(let items):
            if case .number(let minimum)? = schema["minItems"]?.value, Double(items.count) < minimum {
                found.append("\(path): fewer than \(Int(minimum)) items")
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() { found += problems(item.value, itemSchema, at: "\(path)[\(index)]") }
            }
        default:
            break
        }
        return found
    }

    private static func objectProblems(_ members: [(key: String, node: JSONNode)], _ schema: JSONNode, _ path: String) -> [String] {
        var found: [String] = []
        if case .array(let required)? = schema["required"]?.value {
            for case .string(let key) in required.map(\.value) where !members.contains(where: { $0.key == key }) {
                found.append("\(path): missing required key '\(key)'")
            }
        }
        let properties = schema["properties"]
        for member in members {
            if let propertySchema = properties?[member.key] {
                found += problems(member.node.value, propertySchema, at: "\(path).\(member.key)")
            } else if case .bool(false)? = schema["additionalProperties"]?.value {
                found.append("\(path): unexpected key '\(member.key)'")
            }
        }
        return found
    }

    private static func typeNames(_ node: JSONNode) -> [String] {
        switch node.value {
        case .string(let name): [name]
        case .array(let names): names.compactMap { if case .string(let name) = $0.value { name } else { nil } }
        default: []
        }
    }

    private static func matches(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }
}
