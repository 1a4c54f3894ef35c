import Foundation
import Testing
import TraceSupport
@testable import TracectlCommands

/// Every option is declared once, in its command's spec: help, the completion scripts and the MCP
/// argument schema each state what that spec says (spellings, value, choices, range, default,
/// exclusions), and a spec change shows in all three goldens.
@Suite("every option's spec: help, completion scripts and the MCP schema agree")
struct OptionAgreementTests {
    static let specNames = Tracectl.specs.map(\.name)

    static func spec(_ name: String) throws -> CommandSpec { try #require(Tracectl.specs.first { $0.name == name }) }

    @Test("help states each option's spellings, value, choices, default and exclusions", arguments: specNames)
    func help(name: String) throws {
        let spec = try Self.spec(name)
        let page = HelpFormatter.help(spec)
        for option in spec.options {
            #expect(page.contains(option.names.joined(separator: ", ") + (option.valueName.map { " <\($0)>" } ?? "")), "\(name) \(option.canonicalName)")
            #expect(page.contains(option.help), "\(name) \(option.canonicalName)")
            if !option.choices.isEmpty { #expect(page.contains("(values: \(option.choices.joined(separator: ", ")))")) }
            if let value = option.defaultValue { #expect(page.contains("(default: \(value))"), "\(name) \(option.canonicalName)") }
            let exclusions = spec.exclusions(of: option)
            if !exclusions.isEmpty { #expect(page.contains("(not with \(exclusions.joined(separator: ", ")))"), "\(name) \(option.canonicalName)") }
        }
    }

    @Test("each shell's script completes each option's spellings and the words its value takes", arguments: specNames)
    func completion(name: String) throws {
        let spec = try Self.spec(name)
        let bash = try Self.section(of: name, in: CompletionScript.script(for: .bash, specs: Tracectl.specs), from: "        \(name))\n", to: "            ;;\n")
        let zsh = try Self.section(of: name, in: CompletionScript.script(for: .zsh, specs: Tracectl.specs), from: "        \(name))\n", to: "            ;;\n")
        let fish = CompletionScript.script(for: .fish, specs: Tracectl.specs).split(separator: "\n")
            .filter { $0.contains("__fish_seen_subcommand_from \(name)'") }.joined(separator: "\n")
        for option in spec.options {
            let label = "\(name) \(option.canonicalName)"
            for spelling in option.names {
                #expect(bash.contains(spelling), "\(label): bash")
                #expect(zsh.contains(spelling), "\(label): zsh")
                #expect(fish.contains(spelling.hasPrefix("--") ? "-l \(spelling.dropFirst(2))" : "-s \(spelling.dropFirst())"), "\(label): fish")
            }
            let words = option.kind.words.joined(separator: " ")
            if !words.isEmpty {
                #expect(bash.contains("compgen -W '\(words)'"), "\(label): bash")
                #expect(zsh.contains("(\(words))"), "\(label): zsh")
                #expect(fish.contains("-x -a '\(words)'"), "\(label): fish")
            }
            if option.kind.isPath { #expect(fish.contains("-l \(option.canonicalName.dropFirst(2)) -r -F"), "\(label): fish") }
            // NB: zsh's line for an option opens with the names it stops offering once given.
            let zshLine = zsh.split(separator: "\n").first { $0.contains(option.canonicalName + "'[") || $0.contains(option.canonicalName + "}'[") }
            for excluded in spec.exclusions(of: option) {
                #expect(zshLine?.split(separator: "[").first?.contains(excluded) == true, "\(label): zsh still offers \(excluded)")
            }
        }
    }

    @Test("each tool's input schema states its command's options: name, type, range, choices, default, help", arguments: MCPToolCatalog.tools.map(\.name))
    func mcpSchema(name: String) throws {
        let tool = try #require(MCPToolCatalog.tool(named: name))
        guard let spec = tool.commandSpec else { return }
        let properties = try #require(try Self.inputSchema(tool)["properties"])
        for option in spec.options {
            let argument = MCPParameter.name(of: option)
            guard let property = properties[argument] else {
                let notOffered = tool.command.contains(option.canonicalName) || tool.leftOut[option.canonicalName] != nil
                    || tool.documentOption.flatMap(spec.option(named:))?.canonicalName == option.canonicalName
                #expect(notOffered, "\(name): \(option.canonicalName) is neither an argument nor left out with a reason")
                continue
            }
            let parameter = try #require(tool.parameters.first { $0.name == argument })
            let value = try option.isRepeatable ? #require(property["items"]) : property
            switch option.kind {
            case .flag: #expect(value["type"]?.value == .string("boolean"), "\(name).\(argument)")
            case .text, .path, .percentage: #expect(value["type"]?.value == .string("string"), "\(name).\(argument)")
            case .duration: #expect(value["type"]?.value == .string("number"), "\(name).\(argument)")
            case .choice(let choices): #expect(MCPSession.text(value["enum"]) == Self.strings(choices), "\(name).\(argument)")
            case .integer(let range): Self.expectRange(value, range, "\(name).\(argument)")
            case .countOrAll(let range):
                Self.expectRange(value["anyOf"]?.value.firstItem, range, "\(name).\(argument)")
                #expect(MCPSession.text(property).contains(#"{"type":"string","enum":["all"]}"#), "\(name).\(argument)")
            }
            let expectedDefault = parameter.serverDefault ?? option.defaultValue
            let written = property["default"].map { MCPSession.text($0).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            #expect(written == expectedDefault, "\(name).\(argument): default")
            let exclusions = spec.exclusions(of: option).compactMap(spec.option(named:)).map(MCPParameter.name(of:)).filter { properties[$0] != nil }
            #expect(parameter.exclusions == exclusions, "\(name).\(argument): exclusions")
            if case .string(let description)? = property["description"]?.value {
                if case .path = option.kind {
                    // NB: what the command's help says of '-' is the CLI's; a tool's path is under the root.
                    #expect(!description.contains("'-'") && description.contains("A path under the root."), "\(name).\(argument): description")
                } else {
                    #expect(description.hasPrefix(option.help), "\(name).\(argument): description")
                }
                #expect(exclusions.allSatisfy { description.contains("'\($0)'") }, "\(name).\(argument): description")
            } else {
                Issue.record("\(name).\(argument): no description")
            }
        }
        for positional in spec.positionals {
            #expect(properties[positional.name] != nil, "\(name): positional \(positional.name)")
            if case .path = positional.kind, case .string(let description)? = properties[positional.name]?["description"]?.value {
                #expect(!description.contains("'-'") && description.hasSuffix("A path under the root."), "\(name).\(positional.name): description")
            }
        }
    }

    @Test("what a tool leaves out names an option of its command (no stale reason)", arguments: MCPToolCatalog.tools.map(\.name))
    func leftOutNamesOptions(name: String) throws {
        let tool = try #require(MCPToolCatalog.tool(named: name))
        for option in tool.leftOut.keys {
            #expect(tool.commandSpec?.option(named: option) != nil, "\(name) leaves out \(option), which its command does not have")
        }
    }

    @Test("tools/list, a tool a line: the golden in which a spec change shows beside help's and completion's")
    func toolsListGolden() {
        let lines = MCPToolCatalog.tools.map { tool in
            var writer = JSONWriter()
            tool.writeDefinition(to: &writer)
            return writer.text
        }
        Golden.check(lines.joined(separator: "\n") + "\n", named: "mcp/tools-list.jsonl")
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

    /// The lines of `script` from `start` to the first `end` after it.
    static func section(of name: String, in script: String, from start: String, to end: String) throws -> String {
        let opening = try #require(script.range(of: start), "\(name): no section")
        let closing = try #require(script.range(of: end, range: opening.upperBound..<script.endIndex))
        return String(script[opening.lowerBound..<closing.upperBound])
    }

    static func strings(_ values: [String]) -> String { "[" + values.map { JSONText.quoted($0) }.joined(separator: ",") + "]" }

    static func expectRange(_ node: JSONNode?, _ range: ClosedRange<Int>, _ label: String) {
        #expect(node?["type"]?.value == .string("integer"), "\(label)")
        #expect(node?["minimum"]?.value == .number(Double(range.lowerBound)), "\(label)")
        #expect(node?["maximum"]?.value == .number(Double(range.upperBound)), "\(label)")
    }
}
