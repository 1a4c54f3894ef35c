import TraceSupport

/// One argument of an MCP tool: its JSON name and type, and the `tracectl` option (or positional)
/// it becomes.
struct MCPParameter: Sendable {
    /// The argument's JSON type, and how it is passed to the command.
    enum Kind: Sendable, Equatable {
        /// A path under the root, opened confined and passed as its descriptor.
        case inputPath
        /// Paths under the root (an array), each opened confined.
        case inputPaths
        /// A path under the root the command writes (its directory opened confined).
        case outputPath
        case string
        case integer
        case boolean
        /// One of the given strings.
        case choice([String])
    }

    /// How the argument reaches the command.
    enum Passing: Sendable, Equatable {
        /// As the command's next positional argument.
        case positional
        /// As `option VALUE` (a boolean: the bare flag when true; an array: the option per item).
        case option(String)
        /// Read by the server itself (e.g. `import`'s `overwrite`), not passed on.
        case server
    }

    let name: String
    let kind: Kind
    let passing: Passing
    let help: String
    var isRequired = false
    /// The value the server passes when the argument is absent, where MCP's differs from the
    /// command's (`top`: a result an agent can read whole).
    var serverDefault: Int? = nil

    /// A positional argument (required).
    static func positional(_ name: String, _ kind: Kind, _ help: String) -> MCPParameter {
        MCPParameter(name: name, kind: kind, passing: .positional, help: help, isRequired: true)
    }

    /// An optional argument passed as `option`.
    static func option(_ name: String, _ kind: Kind, _ option: String, _ help: String) -> MCPParameter {
        MCPParameter(name: name, kind: kind, passing: .option(option), help: help)
    }

    /// An optional argument the server reads itself.
    static func server(_ name: String, _ kind: Kind, _ help: String) -> MCPParameter {
        MCPParameter(name: name, kind: kind, passing: .server, help: help)
    }

    /// Writes the parameter's JSON Schema: its type, the range and default of `option` (the command's
    /// option it becomes, if any) or the server's default, and its description.
    func writeSchema(to writer: inout JSONWriter, option: OptionSpec?) {
        writer.beginObject()
        switch kind {
        case .inputPath, .outputPath, .string: writer.field("type", "string")
        case .integer:
            writer.field("type", "integer")
            if let range = option?.integerRange {
                writer.field("minimum", range.lowerBound)
                writer.field("maximum", range.upperBound)
            }
            if let value = serverDefault ?? option?.defaultValue.flatMap({ Int($0) }) { writer.field("default", value) }
        case .boolean: writer.field("type", "boolean")
        case .inputPaths:
            writer.field("type", "array")
            writer.key("items")
            writer.beginObject()
            writer.field("type", "string")
            writer.endObject()
            writer.field("minItems", 1)
        case .choice(let values):
            writer.field("type", "string")
            writer.strings("enum", values)
            if let value = option?.defaultValue { writer.field("default", value) }
        }
        writer.field("description", help)
        writer.endObject()
    }
}

/// A key the document a tool returns always has, and its JSON type(s).
struct MCPRequiredKey: Sendable {
    let name: String
    /// JSON Schema type names (`"string"`, `"null"`, …).
    let types: [String]

    init(_ name: String, _ types: String...) {
        self.name = name
        self.types = types
    }
}

/// One MCP tool: what `tools/list` says of it and the `tracectl` command it runs.
struct MCPTool: Sendable {
    let name: String
    let description: String
    /// The subcommand and fixed arguments it runs (`["report", "--format", "json"]`).
    let command: [String]
    let parameters: [MCPParameter]
    /// The `schema` value of the document it returns.
    let documentSchema: String
    let requiredKeys: [MCPRequiredKey]
    /// The option that names the file the command writes its document to (`-o`; `import`:
    /// `--summary-json`), or nil when it prints the document on standard output.
    var documentOption: String? = "-o"
    /// The exit statuses whose document is a result (`check`'s 1: a budget exceeded; `validate`'s
    /// 2: a trace that does not conform); any other non-zero status is an error result.
    var documentStatuses: Set<Int32> = [0]
    /// Whether the tool writes a file (`import`), which may replace one (`overwrite`); the others
    /// only read.
    var writesFiles = false

    /// The spec of the subcommand the tool runs (nil for `list_traces`, which runs none).
    var commandSpec: CommandSpec? {
        command.first.flatMap { name in Tracectl.subcommands.first { $0.spec.name == name }?.spec }
    }

    /// The command's option `parameter` becomes, if any.
    func option(of parameter: MCPParameter) -> OptionSpec? {
        guard case .option(let name) = parameter.passing else { return nil }
        return commandSpec?.option(named: name)
    }

    /// Writes the tool's `tools/list` entry: name, description, input and output schemas.
    func writeDefinition(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("name", name)
        writer.field("description", description)
        writer.key("inputSchema")
        writeInputSchema(to: &writer)
        writer.key("outputSchema")
        writeOutputSchema(to: &writer)
        writer.key("annotations")
        writeAnnotations(to: &writer)
        writer.endObject()
    }

    /// The tool's annotations (MCP 2025-03-26 on): every tool reads the traces under the root and
    /// nothing else; `import` writes a trace there, and replaces a file only when asked.
    func writeAnnotations(to writer: inout JSONWriter) {
        writer.beginObject()
        for (hint, value) in [("readOnlyHint", !writesFiles), ("destructiveHint", writesFiles), ("idempotentHint", true), ("openWorldHint", false)] {
            writer.key(hint)
            writer.bool(value)
        }
        writer.endObject()
    }

    /// The JSON Schema of the arguments: an object of the parameters, the positionals required,
    /// no other key.
    func writeInputSchema(to writer: inout JSONWriter) {
        Self.writeObjectSchema(to: &writer, required: parameters.filter(\.isRequired).map(\.name), closed: true) { writer in
            for parameter in parameters {
                writer.key(parameter.name)
                parameter.writeSchema(to: &writer, option: option(of: parameter))
            }
        }
    }

    /// The JSON Schema of the document: an object with its required keys and their types, and the
    /// optional `truncated` member a cut document carries.
    func writeOutputSchema(to writer: inout JSONWriter) {
        Self.writeObjectSchema(to: &writer, required: requiredKeys.map(\.name), closed: false) { writer in
            for key in requiredKeys {
                writer.key(key.name)
                writer.beginObject()
                if key.types.count == 1 { writer.field("type", key.types[0]) } else { writer.strings("type", key.types) }
                writer.endObject()
            }
            writer.key("truncated")
            writer.beginObject()
            writer.field("type", "object")
            writer.field(
                "description",
                "Present only when the document was cut to the server's limit: cut lists the arrays cut (member, kept, total) and narrow says how to ask for less.")
            writer.endObject()
        }
    }

    /// `{"type":"object","properties":{…},"required":[…]}`, the properties written by `properties`;
    /// a `closed` schema allows no other key.
    private static func writeObjectSchema(
        to writer: inout JSONWriter, required: [String], closed: Bool, properties: (inout JSONWriter) -> Void
    ) {
        writer.beginObject()
        writer.field("type", "object")
        writer.key("properties")
        writer.beginObject()
        properties(&writer)
        writer.endObject()
        writer.strings("required", required)
        if closed {
            writer.key("additionalProperties")
            writer.bool(false)
        }
        writer.endObject()
    }
}
