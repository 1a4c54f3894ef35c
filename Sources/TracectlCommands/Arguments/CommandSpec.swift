/// What a subcommand accepts: its positionals, options and help text.
struct CommandSpec: Sendable {
    /// The subcommand's name, as typed after `tracectl`.
    var name: String
    /// One line for the command list.
    var abstract: String
    /// Paragraphs shown under the usage line in `tracectl help NAME`.
    var discussion: String = ""
    var positionals: [PositionalSpec]
    var options: [OptionSpec]
    /// Whether arguments after `--` are collected (a command line to run).
    var acceptsPassthrough: Bool
    /// Example invocations, each with what it does.
    var examples: [(command: String, explanation: String)]

    /// A command taking `options`, listed in help in this order.
    init(
        name: String, abstract: String, discussion: String = "", positionals: [PositionalSpec] = [],
        options: [any OptionDeclaration] = [], acceptsPassthrough: Bool = false,
        examples: [(command: String, explanation: String)] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.positionals = positionals
        self.options = options.map(\.spec)
        self.acceptsPassthrough = acceptsPassthrough
        self.examples = examples
    }

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

/// An option or flag as help, completion and the parser see it: `--format json`,
/// `--format=json`, `-o FILE`, `--force`. Declared through an `Option`.
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
    /// The whole numbers it takes (nil: not a number).
    var integerRange: ClosedRange<Int>? = nil

    /// Whether its value names a file or folder (so that a shell completes file names for it).
    var takesPath: Bool { ["file", "dir", "path", "trace"].contains(valueName) }

    /// The canonical spelling: the first `--long` name, else the first name.
    var canonicalName: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}
