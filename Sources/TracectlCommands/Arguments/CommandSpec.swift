/// What a subcommand accepts: its positionals, options and help text.
struct CommandSpec: Sendable {
    /// The subcommand's name, as typed after `tracectl`.
    var name: String
    /// One line for the command list.
    var abstract: String
    /// Paragraphs shown under the usage line in `tracectl help NAME`.
    var discussion: String = ""
    var positionals: [PositionalSpec] = []
    var options: [OptionSpec] = []
    /// Whether arguments after `--` are collected (a command line to run).
    var acceptsPassthrough = false
    /// Example invocations, each with what it does.
    var examples: [(command: String, explanation: String)] = []

    /// The option named `name` (`--format`, `-o`).
    func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }
}

/// A positional argument.
struct PositionalSpec: Sendable {
    var name: String
    var help: String
    var isOptional = false
    /// Takes every remaining positional.
    var isRepeated = false
    /// The words it completes to in a shell (`tracectl completion`); empty for file names.
    var choices: [String] = []
}

/// An option or flag: `--format json`, `--format=json`, `-o FILE`, `--force`.
struct OptionSpec: Sendable {
    /// Every spelling; the first long one is canonical.
    var names: [String]
    var help: String
    /// The placeholder for its value; nil for a flag.
    var valueName: String?
    /// The values it accepts; empty for any.
    var choices: [String] = []
    /// The value used when the option is absent.
    var defaultValue: String?
    /// Whether it may be given more than once (values accumulate).
    var isRepeatable = false

    /// A flag (no value).
    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, help: help, valueName: nil)
    }

    /// An option taking a value.
    static func value(
        _ names: String..., valueName: String, help: String, choices: [String] = [],
        defaultValue: String? = nil, isRepeatable: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            names: names, help: help, valueName: valueName, choices: choices,
            defaultValue: defaultValue, isRepeatable: isRepeatable)
    }

    /// An option taking one of `Choice`'s values (its cases, in order, are the choices help
    /// lists), `defaultValue` when absent; read it back with `ParsedArguments.choice(_:)`.
    static func choice<Choice: RawRepresentable & CaseIterable>(
        _ names: String..., valueName: String, help: String, default defaultValue: Choice
    ) -> OptionSpec where Choice.RawValue == String {
        OptionSpec(
            names: names, help: help, valueName: valueName, choices: Choice.allCases.map(\.rawValue),
            defaultValue: defaultValue.rawValue)
    }

    /// `-o FILE`: where a command that writes one document writes it.
    static let output = value("-o", "--output", valueName: "file", help: "Where to write ('-' or absent: standard output).")

    /// `--color`: when to colour PASS/FAIL/WARN and warnings (see `ColorMode`).
    static let color = choice(
        "--color", valueName: "when",
        help: "Colour PASS/FAIL/WARN and warnings: auto (on a terminal, unless NO_COLOR is set), always or never.",
        default: ColorMode.auto)

    /// `--lenient`: skip invalid trace lines instead of failing.
    static let lenient = flag("--lenient", help: "Skip invalid lines (counting them) instead of failing.")

    /// Whether its value names a file or folder (so that a shell completes file names for it).
    var takesPath: Bool { ["file", "dir", "path", "trace"].contains(valueName) }

    /// The canonical spelling: the first `--long` name, else the first name.
    var canonicalName: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}
