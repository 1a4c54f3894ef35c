import Testing
import TraceSupport
@testable import TracectlCommands

/// The MCP catalog against the commands: every tool argument is one of its command's options with
/// the same type, range and default, and an option no tool takes is left out for a stated reason.
@Suite("tracectl mcp: each tool's arguments agree with its command's options")
struct MCPCatalogSpecTests {
    /// The options MCP does not offer, and why: the server chooses them, or they write or colour
    /// what an agent does not see.
    static let serverChosen: [String: String] = [
        "--format": "the tool's document is always the command's JSON",
        "--output": "the server reads the document from its scratch directory (import: the trace goes to `output`)",
        "--summary-json": "import's document: the server's scratch file",
        "--color": "no terminal",
        "--weight": "diff's flame weight: only its folded and svg formats use it",
        "--top": "diff's --top: only its mermaid and dot formats use it",
        "--values": "report's page carries values; its JSON never does",
        "--junit": "a file for CI, not a result",
        "--summary": "a file for CI, not a result",
        "--github": "annotations for a GitHub Actions log, not a result",
        "--source-root": "reads source files outside the traces",
        "--write-budget": "writes a budget file",
        "--headroom": "goes with --write-budget",
    ]

    @Test("each argument passed as an option names the command's option, with its type, range and default", arguments: MCPToolCatalog.tools.map(\.name))
    func argumentsMatchOptions(name: String) throws {
        let tool = try #require(MCPToolCatalog.tool(named: name))
        let schema = try Self.inputSchema(tool)
        for parameter in tool.parameters {
            guard case .option(let optionName) = parameter.passing else { continue }
            let option = try #require(tool.option(of: parameter), "\(name).\(parameter.name): \(optionName) is no option of '\(tool.command[0])'")
            let property = schema["properties"]?[parameter.name]
            switch parameter.kind {
            case .boolean:
                #expect(option.valueName == nil, "\(name).\(parameter.name) is a boolean; \(optionName) takes a value")
            case .integer:
                let range = try #require(option.integerRange, "\(name).\(parameter.name) is an integer; \(optionName) is no number")
                #expect(property?["minimum"]?.value == .number(Double(range.lowerBound)))
                #expect(property?["maximum"]?.value == .number(Double(range.upperBound)))
                let expected = parameter.serverDefault ?? option.defaultValue.flatMap { Int($0) }
                #expect(property?["default"]?.value == expected.map { .number(Double($0)) }, "\(name).\(parameter.name)")
            case .choice(let values):
                #expect(values == option.choices, "\(name).\(parameter.name): \(values) vs \(option.choices)")
                #expect(property?["default"]?.value == option.defaultValue.map(JSONValue.string))
            case .inputPaths:
                #expect(option.isRepeatable, "\(name).\(parameter.name) is an array; \(optionName) is given once")
            case .string, .inputPath, .outputPath:
                #expect(option.valueName != nil && option.choices.isEmpty && option.integerRange == nil,
                        "\(name).\(parameter.name) is a string; \(optionName) is not free text")
            }
        }
    }

    @Test("every option of a tool's command is an argument, or left out for a stated reason", arguments: MCPToolCatalog.tools.map(\.name))
    func everyOptionAccountedFor(name: String) throws {
        let tool = try #require(MCPToolCatalog.tool(named: name))
        guard let spec = tool.commandSpec else { return }
        let offered = Set(tool.parameters.compactMap { tool.option(of: $0)?.canonicalName })
        let fixed = Set(tool.command.filter { $0.hasPrefix("-") })
        for option in spec.options where !offered.contains(option.canonicalName) && !fixed.contains(option.canonicalName) {
            #expect(Self.serverChosen[option.canonicalName] != nil, "\(name): \(option.canonicalName) is neither an argument nor left out with a reason")
        }
        let positionals = tool.parameters.filter { if case .positional = $0.passing { true } else { false } }
        #expect(positionals.count == spec.positionals.filter { !$0.isOptional || $0.isRepeated }.count, "\(name): positionals")
    }

    @Test("tool annotations: every tool reads only, but import, which writes and may replace a file")
    func annotations() throws {
        for tool in MCPToolCatalog.tools {
            var writer = JSONWriter()
            tool.writeAnnotations(to: &writer)
            let annotations = try JSONDocumentParser.parse(Array(writer.text.utf8))
            #expect(annotations["readOnlyHint"]?.value == .bool(tool.name != "import"), "\(tool.name)")
            #expect(annotations["destructiveHint"]?.value == .bool(tool.name == "import"), "\(tool.name)")
            #expect(annotations["openWorldHint"]?.value == .bool(false))
        }
    }

    /// `tool`'s input schema, as `tools/list` gives it.
    static func inputSchema(_ tool: MCPTool) throws -> JSONNode {
        var writer = JSONWriter()
        tool.writeInputSchema(to: &writer)
        return try JSONDocumentParser.parse(Array(writer.text.utf8))
    }
}
