import TraceSupport

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

/// One MCP tool: a `tracectl` subcommand plus what MCP adds (a description, the document's
/// schema, annotations, server defaults), its arguments derived from the command's spec.
struct MCPTool: Sendable {
    let name: String
    let description: String
    /// The spec of the subcommand the tool runs (nil for `list_traces`, which runs none).
    let commandSpec: CommandSpec?
    /// The subcommand and fixed arguments it runs (`["report", "--format", "json"]`).
    let command: [String]
    let parameters: [MCPParameter]
    /// The options of the command the tool does not offer, by canonical name, each with why.
    let leftOut: [String: String]
    /// The `schema` value of the document it returns.
    let documentSchema: String
    let requiredKeys: [MCPRequiredKey]
    /// The option that names the file the command writes its document to (`-o`; `import`:
    /// `--summary-json`), or nil when it prints the document on standard output.
    let documentOption: String?
    /// The exit statuses whose document is a result (`check`'s 1: a budget exceeded; `validate`'s
    /// 2: a trace that does not conform); any other non-zero status is an error result.
    let documentStatuses: Set<Int32>
    /// Whether the tool writes a file (`import`), which may replace one (`overwrite`); the others
    /// only read.
    let writesFiles: Bool

    /// The tool running `command` with the `fixed` arguments: an argument per positional and per
    /// option, but those `fixed`, the document's and those `leftOut` (by canonical name, with
    /// why); `serverDefaults` are passed when an argument is absent (and no given one excludes
    /// it), the options `requiring` names are required, `serverParameters` come last.
    init(
        _ command: CommandSpec, description: String, fixed: [String] = ["--format", "json"], leftOut: [String: String] = [:],
        serverDefaults: [String: String] = [:], requiring: Set<String> = [], serverParameters: [MCPParameter] = [],
        documentSchema: String, requiredKeys: [MCPRequiredKey], documentOption: String? = "-o", documentStatuses: Set<Int32> = [0],
        writesFiles: Bool = false
    ) {
        let notOffered = Set((fixed + [documentOption].compactMap { $0 }).compactMap { command.option(named: $0)?.canonicalName })
            .union(leftOut.keys)
        let offered = command.options.filter { !notOffered.contains($0.canonicalName) }
        let options = offered.map { option in
            let exclusions = command.exclusions(of: option)
            return MCPParameter(
                option: option, serverDefault: serverDefaults[option.canonicalName], isRequired: requiring.contains(option.canonicalName),
                excludes: offered.filter { exclusions.contains($0.canonicalName) })
        }
        self.init(
            name: command.name, description: description, commandSpec: command, command: [command.name] + fixed,
            parameters: command.positionals.map(MCPParameter.init(positional:)) + options + serverParameters, leftOut: leftOut,
            documentSchema: documentSchema, requiredKeys: requiredKeys, documentOption: documentOption,
            documentStatuses: documentStatuses, writesFiles: writesFiles)
    }

    /// A tool the server answers itself (`list_traces`): no command, only `parameters`.
    init(serverTool name: String, description: String, parameters: [MCPParameter], documentSchema: String, requiredKeys: [MCPRequiredKey]) {
        self.init(
            name: name, description: description, commandSpec: nil, command: [], parameters: parameters, leftOut: [:],
            documentSchema: documentSchema, requiredKeys: requiredKeys, documentOption: nil, documentStatuses: [0], writesFiles: false)
    }

    private init(
        name: String, description: String, commandSpec: CommandSpec?, command: [String], parameters: [MCPParameter],
        leftOut: [String: String], documentSchema: String, requiredKeys: [MCPRequiredKey], documentOption: String?,
        documentStatuses: Set<Int32>, writesFiles: Bool
    ) {
        (self.name, self.description, self.commandSpec, self.command, self.parameters) = (name, description, commandSpec, command, parameters)
        (self.leftOut, self.documentSchema, self.requiredKeys) = (leftOut, documentSchema, requiredKeys)
        (self.documentOption, self.documentStatuses, self.writesFiles) = (documentOption, documentStatuses, writesFiles)
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

    /// The JSON Schema of the arguments: an object of the parameters, the required ones listed
    /// (the positionals, and options MCP requires), no other key.
    func writeInputSchema(to writer: inout JSONWriter) {
        Self.writeObjectSchema(to: &writer, required: parameters.filter(\.isRequired).map(\.name), closed: true) { writer in
            for parameter in parameters {
                writer.key(parameter.name)
                parameter.writeSchema(to: &writer)
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
