import TraceSupport

/// One argument of an MCP tool: its JSON name and the `tracectl` positional or option it becomes,
/// with that argument's kind, help and default (from the command's spec), or a value the server
/// reads itself.
struct MCPParameter: Sendable {
    /// How the argument reaches the command.
    enum Passing: Sendable, Equatable {
        /// As the command's next positional argument (an array: one positional per item).
        case positional
        /// As `option VALUE`, by the option's canonical name (a boolean: the bare flag when true;
        /// an array: the option per item).
        case option(String)
        /// Read by the server itself (e.g. `import`'s `overwrite`), not passed on.
        case server
    }

    let name: String
    let kind: ArgumentKind
    /// Whether it takes a non-empty array (a repeated positional, a repeatable option).
    let isArray: Bool
    let passing: Passing
    let help: String
    var isRequired = false
    /// The value the command takes when the argument is absent.
    var defaultValue: String? = nil
    /// The value the server passes when the argument is absent, where MCP's differs from the
    /// command's (`top`: a result an agent can read whole).
    var serverDefault: String? = nil
    /// The arguments it cannot be given with (their options exclude each other).
    var exclusions: [String] = []

    /// The argument `positional` becomes, under its own name: required unless optional.
    init(positional: PositionalSpec) {
        self.init(
            name: positional.name, kind: positional.kind, isArray: positional.isRepeated, passing: .positional,
            help: positional.help, isRequired: !positional.isOptional)
    }

    /// The argument `option` becomes, named as `name(of:)` says; it cannot be given with the
    /// arguments of the options it `excludes`.
    init(option: OptionSpec, serverDefault: String?, isRequired: Bool, excludes: [OptionSpec]) {
        self.init(
            name: Self.name(of: option), kind: option.kind, isArray: option.isRepeatable, passing: .option(option.canonicalName),
            help: option.help, isRequired: isRequired, defaultValue: option.defaultValue, serverDefault: serverDefault,
            exclusions: excludes.map(Self.name(of:)))
    }

    /// An argument the server reads itself (`kind` a flag or text).
    static func server(_ name: String, _ kind: ArgumentKind, _ help: String) -> MCPParameter {
        MCPParameter(name: name, kind: kind, isArray: false, passing: .server, help: help)
    }

    private init(
        name: String, kind: ArgumentKind, isArray: Bool, passing: Passing, help: String, isRequired: Bool = false,
        defaultValue: String? = nil, serverDefault: String? = nil, exclusions: [String] = []
    ) {
        (self.name, self.kind, self.isArray, self.passing, self.help) = (name, kind, isArray, passing, help)
        (self.isRequired, self.defaultValue, self.serverDefault, self.exclusions) = (isRequired, defaultValue, serverDefault, exclusions)
    }

    /// The argument name of `option`: its canonical name without dashes, words joined by `_`
    /// (`--min-count` → `min_count`).
    static func name(of option: OptionSpec) -> String {
        String(option.canonicalName.drop { $0 == "-" }).replacing("-", with: "_")
    }

    /// The description `tools/list` gives: the command's help, and what MCP does otherwise.
    var description: String {
        var text = help
        if case .path = kind {
            // NB: the command's help may offer '-' (standard input or output); a tool's paths are
            // files under the root, and '-' is refused.
            text = text.replacing(#/ \('-'[^)]*\)/#, with: "") + " A path under the root."
        }
        if let serverDefault { text += " Unless given: \(serverDefault)." }
        if !exclusions.isEmpty { text += " Not with \(exclusions.map { "'\($0)'" }.joined(separator: ", "))." }
        return text
    }

    /// Writes the parameter's JSON Schema: its type (an array of them when it repeats), range,
    /// choices, default and description.
    func writeSchema(to writer: inout JSONWriter) {
        writer.beginObject()
        if isArray {
            writer.field("type", "array")
            writer.key("items")
            writer.beginObject()
            writeValueSchema(to: &writer)
            writer.endObject()
            writer.field("minItems", 1)
        } else {
            writeValueSchema(to: &writer)
        }
        if let value = serverDefault ?? defaultValue {
            if let number = Int(value), kind.isNumeric { writer.field("default", number) } else { writer.field("default", value) }
        }
        writer.field("description", description)
        writer.endObject()
    }

    /// The members of one value's schema (inside an open object).
    private func writeValueSchema(to writer: inout JSONWriter) {
        switch kind {
        case .flag: writer.field("type", "boolean")
        case .text, .path, .percentage: writer.field("type", "string")
        case .integer(let range): Self.writeInteger(range, to: &writer)
        case .countOrAll(let range):
            // NB: a count or the word `all`, as on the command line.
            writer.key("anyOf")
            writer.beginArray()
            writer.beginObject()
            Self.writeInteger(range, to: &writer)
            writer.endObject()
            writer.beginObject()
            writer.field("type", "string")
            writer.strings("enum", [TopCount.allWord])
            writer.endObject()
            writer.endArray()
        case .duration:
            writer.field("type", "number")
            writer.field("exclusiveMinimum", 0)
        case .choice(let values):
            writer.field("type", "string")
            writer.strings("enum", values)
        }
    }

    private static func writeInteger(_ range: ClosedRange<Int>, to writer: inout JSONWriter) {
        writer.field("type", "integer")
        writer.field("minimum", range.lowerBound)
        writer.field("maximum", range.upperBound)
    }
}

extension ArgumentKind {
    /// Whether a value is written as a JSON number (a default, an argument).
    var isNumeric: Bool {
        switch self {
        case .integer, .countOrAll, .duration: true
        default: false
        }
    }
}
