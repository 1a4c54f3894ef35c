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
        Diff.self,
        Advise.self,
        Export.self,
        Check.self,
    ]

    /// Runs `tracectl` with `arguments` (without the program name); returns the exit status.
    package static func main(_ arguments: [String], console: Console = Console()) -> Int32 {
        guard let first = arguments.first else {
            console.err(HelpFormatter.overview(subcommands.map { $0.spec }))
            return ExitStatus.badInput.rawValue
        }
        switch first {
        case "-h", "--help":
            console.out(HelpFormatter.overview(subcommands.map { $0.spec }))
            return ExitStatus.success.rawValue
        case "--version":
            console.line(TracectlVersion.current)
            return ExitStatus.success.rawValue
        case "help":
            return help(Array(arguments.dropFirst()), console: console)
        default:
            break
        }
        guard let command = subcommand(named: first) else {
            return fail(UsageError("unknown subcommand '\(first)'; see 'tracectl --help'", command: nil), console)
        }
        let rest = Array(arguments.dropFirst())
        let optionsPart = rest.firstIndex(of: "--").map { rest[..<$0] } ?? rest[...]
        if optionsPart.contains("-h") || optionsPart.contains("--help") {
            console.out(HelpFormatter.help(command.spec))
            return ExitStatus.success.rawValue
        }
        do {
            let parsed = try ArgumentParser.parse(rest, spec: command.spec)
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

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.spec.name == name }
    }

    private static func help(_ names: [String], console: Console) -> Int32 {
        guard let name = names.first else {
            console.out(HelpFormatter.overview(subcommands.map { $0.spec }))
            return ExitStatus.success.rawValue
        }
        guard let command = subcommand(named: name) else {
            return fail(UsageError("unknown subcommand '\(name)'; see 'tracectl --help'", command: nil), console)
        }
        console.out(HelpFormatter.help(command.spec))
        return ExitStatus.success.rawValue
    }

    /// Prints `Error: …` and the usage of the command concerned; exit status 2.
    private static func fail(_ error: UsageError, _ console: Console) -> Int32 {
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
    static let current = "tracectl 0.1.0 (tracer/1)"
}
