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
        let given = Set(members.map(\.key))
        for parameter in tool.parameters {
            guard let node = members.last(where: { $0.key == parameter.name })?.node else {
                if parameter.isRequired { throw Failure(message: "missing required argument '\(parameter.name)'") }
                // NB: a server default gives way to an argument its option cannot be given with.
                if let value = parameter.serverDefault, given.isDisjoint(with: parameter.exclusions) { append(parameter, [value]) }
                continue
            }
            try add(parameter, node.value, root: root, overwrite: Self.flag(members, "overwrite"))
        }
    }

    private static func flag(_ members: [(key: String, node: JSONNode)], _ name: String) -> Bool {
        if case .bool(true)? = members.last(where: { $0.key == name })?.node.value { return true }
        return false
    }

    /// Adds one argument's words to the command line, each checked as the command's parser checks
    /// it (the same message for a bad value), a path also under the root.
    private mutating func add(_ parameter: MCPParameter, _ value: JSONValue, root: ConfinedRoot, overwrite: Bool) throws(Failure) {
        if case .server = parameter.passing { serverValues[parameter.name] = value }
        if parameter.kind == .flag {
            guard case .bool(let flag) = value else { throw mismatch(parameter, value) }
            if flag, case .option(let option) = parameter.passing { command.append(option) }
            return
        }
        let items: [JSONValue]
        if parameter.isArray {
            guard case .array(let nodes) = value, !nodes.isEmpty else { throw mismatch(parameter, value) }
            items = nodes.map(\.value)
        } else {
            items = [value]
        }
        var words: [String] = []
        for item in items {
            guard let word = Self.word(item, kind: parameter.kind) else { throw mismatch(parameter, value) }
            guard parameter.kind.accepts(word) else { throw Failure(message: parameter.kind.invalid(word, for: parameter.name)) }
            switch parameter.kind {
            case .path(.reads): words.append(try checked(word, root: root))
            case .path(.writes): words.append(try checkedForWriting(word, root: root, overwrite: overwrite))
            default: words.append(word)
            }
        }
        append(parameter, words)
    }

    /// Passes `words` to the command as `parameter` says.
    private mutating func append(_ parameter: MCPParameter, _ words: [String]) {
        switch parameter.passing {
        case .positional: command += words
        case .option(let option): for word in words { command += [option, word] }
        case .server: break
        }
    }

    /// One JSON value as the command-line word of `kind`: a string as it is, a number where the
    /// kind takes one (an integer only as a whole number); nil for another JSON type.
    private static func word(_ value: JSONValue, kind: ArgumentKind) -> String? {
        switch (value, kind) {
        case (.string(let text), .countOrAll): text
        case (.string(let text), _) where !kind.isNumeric: text
        case (.number(let number), .duration): String(number)
        case (.number(let number), _) where kind.isNumeric && number.rounded() == number && number.magnitude < 0x1p53:
            String(Int64(number))
        default: nil
        }
    }

    /// The failure for a value of the wrong JSON type.
    private func mismatch(_ parameter: MCPParameter, _ value: JSONValue) -> Failure {
        Failure(message: "argument '\(parameter.name)': expected \(parameter.typeName), not \(value.typeName)")
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

extension MCPParameter {
    /// The JSON type the argument takes, for "expected …" messages.
    var typeName: String {
        if isArray { return "a non-empty array of \(kind.isNumeric ? "numbers" : "strings")" }
        switch kind {
        case .flag: return "a boolean"
        case .integer: return "an integer"
        case .countOrAll: return "an integer or '\(TopCount.allWord)'"
        case .duration: return "a number"
        case .text, .path, .percentage, .choice: return "a string"
        }
    }
}
