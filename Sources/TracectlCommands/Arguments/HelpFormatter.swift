/// Renders usage lines and help pages in the style of swift-argument-parser.
enum HelpFormatter {
    /// `USAGE: tracectl report <trace> [--format <format>] …`
    static func usage(_ spec: CommandSpec) -> String {
        var parts = ["tracectl", spec.name]
        for positional in spec.positionals {
            let name = "<\(positional.name)>" + (positional.isRepeated ? " ..." : "")
            parts.append(positional.isOptional ? "[\(name)]" : name)
        }
        for option in spec.options {
            let value = option.valueName.map { " <\($0)>" } ?? ""
            parts.append("[\(option.canonicalName)\(value)]" + (option.isRepeatable ? " ..." : ""))
        }
        if spec.acceptsPassthrough { parts.append("[-- <command> ...]") }
        return "USAGE: " + parts.joined(separator: " ")
    }

    /// The full help page of one subcommand.
    static func help(_ spec: CommandSpec) -> String {
        var lines = ["OVERVIEW: \(spec.abstract)", ""]
        if !spec.discussion.isEmpty { lines += [spec.discussion, ""] }
        lines += [usage(spec), ""]
        if !spec.positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for positional in spec.positionals {
                lines.append(row("<\(positional.name)>", positional.help))
            }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in spec.options {
            let value = option.valueName.map { " <\($0)>" } ?? ""
            var help = option.help
            if !option.choices.isEmpty { help += " (values: \(option.choices.joined(separator: ", ")))" }
            if let defaultValue = option.defaultValue { help += " (default: \(defaultValue))" }
            let exclusions = spec.exclusions(of: option)
            if !exclusions.isEmpty { help += " (not with \(exclusions.joined(separator: ", ")))" }
            lines.append(row(option.names.joined(separator: ", ") + value, help))
        }
        lines.append(helpRow)
        if !spec.examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            for example in spec.examples {
                lines.append("  \(example.command)")
                lines.append("      \(example.explanation)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The top-level help: every subcommand (`specs`) with its abstract, and the options.
    static func overview(_ specs: [CommandSpec]) -> String {
        var lines = [
            "OVERVIEW: Trace which state writes redraw which views, how often, and which redraws were wasted.",
            "",
            "USAGE: tracectl <subcommand> [<arguments>]",
            "       tracectl [--version] [--help]",
            "",
            "SUBCOMMANDS:",
        ]
        for spec in specs { lines.append(row(spec.name, spec.abstract)) }
        lines += [
            "",
            "OPTIONS:",
            row("--version", "Show the version."),
            helpRow,
            "",
            "  Every command reads '-' as standard input. Exit status: 0 success, 1 budget exceeded,",
            "  2 bad input or usage; record -- CMD exits with the program's status.",
            "",
            "  See 'tracectl help <subcommand>' for detailed help.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `-h, --help` line every OPTIONS section ends with.
    private static var helpRow: String { row("-h, --help", "Show help information.") }

    private static func row(_ label: String, _ text: String) -> String {
        let padded = "  " + label
        guard padded.count < 26 else { return padded + "\n" + String(repeating: " ", count: 26) + text }
        return padded + String(repeating: " ", count: 26 - padded.count) + text
    }
}
