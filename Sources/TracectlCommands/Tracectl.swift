import Foundation
import TracerBuildInfo
import TracerCore

/// The `tracectl` entry point: dispatches to a subcommand and maps errors to exit statuses.
package enum Tracectl {
    /// Every subcommand, in the order `tracectl --help` lists them.
    static let subcommands: [any Subcommand.Type] = [
        Demo.self,
        Record.self,
        Import.self,
        Report.self,
        Validate.self,
        Flame.self,
        Graph.self,
        Why.self,
        Diff.self,
        Advise.self,
        Export.self,
        Check.self,
        Mcp.self,
        Completion.self,
    ]

    /// `tracectl help [SUBCOMMAND]`, handled here rather than as a `Subcommand`.
    static let helpSpec = CommandSpec(
        name: "help", abstract: "Show help for a subcommand.",
        positionals: [PositionalSpec(
            name: "subcommand", help: "The subcommand to show help for.", isOptional: true,
            kind: .choice(subcommands.map { $0.spec.name } + ["help"]))])

    /// Every subcommand's spec and `help`'s, in the order the overview lists them.
    static var specs: [CommandSpec] { subcommands.map { $0.spec } + [helpSpec] }

    /// Runs `tracectl` with `arguments` (without the program name); returns the exit status.
    package static func main(_ arguments: [String], console: Console = Console()) -> Int32 {
        var console = console
        guard let first = arguments.first else {
            console.out(HelpFormatter.overview(specs))
            return ExitStatus.success.rawValue
        }
        switch first {
        case "-h", "--help":
            console.out(HelpFormatter.overview(specs))
            return ExitStatus.success.rawValue
        case "--version":
            console.line(TracectlVersion.current)
            return ExitStatus.success.rawValue
        case "help":
            return help(Array(arguments.dropFirst()), console: console)
        default:
            break
        }
        guard let command = subcommand(named: first) else { return fail(unknown(first), console) }
        let rest = Array(arguments.dropFirst())
        let optionsPart = rest.firstIndex(of: "--").map { rest[..<$0] } ?? rest[...]
        if optionsPart.contains("-h") || optionsPart.contains("--help") {
            console.out(HelpFormatter.help(command.spec))
            return ExitStatus.success.rawValue
        }
        do {
            var parsed = try ArgumentParser.parse(rest, spec: command.spec)
            try refuseWriting(parsed, environment: ProcessInfo.processInfo.environment)
            if command.spec.option(named: CommonOptions.color.spec.canonicalName) != nil {
                console.colorMode = parsed.choice(CommonOptions.color)
            }
            let progressLine = ReadProgressLine.start(console: console, reading: parsed.positionals)
            defer { progressLine?.stop() }
            parsed.progressLine = progressLine
            return try command.run(parsed, console: console).rawValue
        } catch let error as UsageError {
            return fail(error, console)
        } catch let error as CommandError {
            console.error(error.message)
            return error.status.rawValue
        } catch {
            console.error("\(error)")
            return ExitStatus.badInput.rawValue
        }
    }

    /// The variable the reading plugin (`swift package tracectl`) sets, to the verb that may write.
    static let readOnlyVariable = "TRACECTL_READ_ONLY"

    /// A usage error when `environment` sets `readOnlyVariable` and `parsed` names a file to
    /// write: the reading verb has no permission to write, on any platform.
    static func refuseWriting(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) {
        guard let writingVerb = environment[readOnlyVariable], let option = parsed.givenWritingOption else { return }
        throw UsageError(
            "'\(option)' writes a file, which 'swift package tracectl' may not; run 'swift package --allow-writing-to-package-directory \(writingVerb) \(parsed.spec.name) …'",
            command: parsed.spec.name)
    }

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.spec.name == name }
    }

    private static func help(_ names: [String], console: Console) -> Int32 {
        guard let name = names.first else {
            console.out(HelpFormatter.overview(specs))
            return ExitStatus.success.rawValue
        }
        guard let spec = specs.first(where: { $0.name == name }) else { return fail(unknown(name), console) }
        console.out(HelpFormatter.help(spec))
        return ExitStatus.success.rawValue
    }

    /// An unknown top-level argument: an option (`--frobnicate`) or a subcommand, with a near miss.
    private static func unknown(_ name: String) -> UsageError {
        let isOption = name.hasPrefix("-")
        let known = isOption ? ["--help", "--version"] : specs.map(\.name)
        let suggestion = ArgumentParser.suggestion(for: name, among: known)
        return UsageError("unknown \(isOption ? "option" : "subcommand") '\(name)'\(suggestion); see 'tracectl --help'", command: nil)
    }

    /// Prints `Error: …` and the usage of the command concerned (or, on a console that shows no
    /// usage, `tracectl: error: …`); exit status 2.
    private static func fail(_ error: UsageError, _ console: Console) -> Int32 {
        guard console.showsUsage else {
            console.error(error.message)
            return ExitStatus.badInput.rawValue
        }
        console.err("Error: \(error.message)\n")
        if let name = error.command, let command = subcommand(named: name) {
            console.err(HelpFormatter.usage(command.spec) + "\n  See 'tracectl help \(name)' for more information.\n")
        } else {
            console.err("USAGE: tracectl <subcommand> [<arguments>]\n  See 'tracectl --help' for the list of subcommands.\n")
        }
        return ExitStatus.badInput.rawValue
    }
}

/// The version `tracectl --version` prints.
enum TracectlVersion {
    /// The version number alone: what `tracectl mcp` gives as its server version, and what
    /// `scripts/build-artifactbundle.sh` names the bundle's artifact version (it asks the binary).
    static let number = TraceSchema.version
    /// The commit the build was made from (`TRACER_COMMIT` at build time); nil when not given.
    static let commit: String? = {
        let text = String(cString: tracer_build_commit())
        return text.isEmpty ? nil : text
    }()
    /// `tracectl 0.1.0 (tracer/1)` and a line naming the commit, or saying it is not known.
    static let current = "tracectl \(number) (tracer/1)\ncommit \(commit ?? "unknown (built without TRACER_COMMIT)")"
}
