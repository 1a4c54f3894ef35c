import TraceSupport

/// A tool call's arguments turned into a `tracectl` command line: types checked against the
/// tool's parameters, paths checked under the root (the command, run confined to it, opens them
/// itself, as the client named them).
struct MCPArguments {
    /// The command line (the subcommand first).
    var command: [String]
    /// The arguments the server reads itself.
    var serverValues: [String: JSONValue] = [:]

    /// A bad argument: the message the tool's result carries.
    struct Failure: Error {
        let message: String
    }

    /// Checks `arguments` (a JSON object, or nil for none) against `tool` and its paths under `root`.
    init(tool: MCPTool, arguments: JSONNode?, root: ConfinedRoot) throws(Failure) {
        command = tool.command
        let members: [(key: String, node: JSONNode)]
        switch arguments?.value {
        case nil, .null?: members = []
        case .object(let object)?: members = object
        case let other?: throw Failure(message: "arguments must be an object, not \(other.typeName)")
        }
        for member in members where !tool.parameters.contains(where: { $0.name == member.key }) {
            let known = tool.parameters.map(\.name).joined(separator: ", ")
            throw Failure(message: "unknown argument '\(member.key)'; \(tool.name) takes \(known)")
        }
        for parameter in tool.parameters {
            guard let node = members.last(where: { $0.key == parameter.name })?.node else {
                if parameter.isRequired { throw Failure(message: "missing required argument '\(parameter.name)'") }
                if let value = parameter.serverDefault { try add(parameter, .number(Double(value)), tool: tool, root: root, overwrite: false) }
                continue
            }
            try add(parameter, node.value, tool: tool, root: root, overwrite: Self.flag(members, "overwrite"))
        }
    }

    private static func flag(_ members: [(key: String, node: JSONNode)], _ name: String) -> Bool {
        if case .bool(true)? = members.last(where: { $0.key == name })?.node.value { return true }
        return false
    }

    /// Adds one argument's words to the command line.
    private mutating func add(_ parameter: MCPParameter, _ value: JSONValue, tool: MCPTool, root: ConfinedRoot, overwrite: Bool) throws(Failure) {
        let words: [String]
        switch (parameter.kind, value) {
        case (.boolean, .bool(let flag)):
            if case .server = parameter.passing { serverValues[parameter.name] = value }
            if flag, case .option(let option) = parameter.passing { command.append(option) }
            return
        case (.integer, .number(let number)) where number.rounded() == number && number.magnitude < 0x1p53:
            if let range = tool.option(of: parameter)?.integerRange, !range.contains(Int(number)) {
                throw Failure(message: "argument '\(parameter.name)': \(Int64(number)) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            words = [String(Int64(number))]
        case (.string, .string(let text)):
            words = [text]
        case (.choice(let choices), .string(let text)):
            guard choices.contains(text) else { throw Failure(message: "argument '\(parameter.name)': '\(text)' is not one of \(choices.joined(separator: ", "))") }
            words = [text]
        case (.inputPath, .string(let path)):
            words = [try checked(path, root: root)]
        case (.inputPaths, .array(let items)) where !items.isEmpty:
            var paths: [String] = []
            for item in items {
                guard case .string(let path) = item.value else { throw Failure(message: "argument '\(parameter.name)': expected an array of strings") }
                paths.append(try checked(path, root: root))
            }
            words = paths
        case (.outputPath, .string(let path)):
            words = [try checkedForWriting(path, root: root, overwrite: overwrite)]
        default:
            throw Failure(message: "argument '\(parameter.name)': expected \(parameter.kind.typeName), not \(value.typeName)")
        }
        switch parameter.passing {
        case .positional: command += words
        case .option(let option): for word in words { command += [option, word] }
        case .server: serverValues[parameter.name] = value
        }
    }

    /// Checks that `path` opens under the root; returns it, for the command to open.
    private func checked(_ path: String, root: ConfinedRoot) throws(Failure) -> String {
        do { try root.open(path).close() } catch { throw Failure(message: error.description) }
        return path
    }

    /// Checks that the file `path` may be written under the root; returns it.
    private func checkedForWriting(_ path: String, root: ConfinedRoot, overwrite: Bool) throws(Failure) -> String {
        do { try root.checkWritable(path, overwrite: overwrite) } catch { throw Failure(message: error.description) }
        return path
    }
}

extension MCPParameter.Kind {
    /// The JSON type an argument of this kind takes, for "expected …" messages.
    var typeName: String {
        switch self {
        case .inputPath, .outputPath, .string, .choice: "a string"
        case .inputPaths: "a non-empty array of strings"
        case .integer: "an integer"
        case .boolean: "a boolean"
        }
    }
}
