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

    /// The canonical names of the options `option` cannot be given with: those it excludes and
    /// those that exclude it, in the spec's order.
    func exclusions(of option: OptionSpec) -> [String] {
        options.filter { other in
            option.excludes.contains(other.canonicalName) || other.excludes.contains(option.canonicalName)
        }.map(\.canonicalName)
    }
}

/// A positional argument.
struct PositionalSpec: Sendable {
    var name: String
    var help: String
    var isOptional = false
    /// Takes every remaining positional.
    var isRepeated = false
    /// What it takes: a file (read) unless said otherwise; a choice's words complete in a shell.
    var kind: ArgumentKind = .path(.reads)
}

/// An option or flag as the parser, help, completion and the MCP schema see it: `--format json`,
/// `--format=json`, `-o FILE`, `--force`. Declared through an `Option`.
struct OptionSpec: Sendable {
    /// Every spelling; the first long one is canonical.
    var names: [String]
    var help: String
    /// The placeholder for its value; nil for a flag.
    var valueName: String?
    /// What its value is (`.flag` for none), checked by the parser.
    var kind: ArgumentKind
    /// The value used when the option is absent.
    var defaultValue: String?
    /// Whether it may be given more than once (values accumulate).
    var isRepeatable = false
    /// The canonical names of the options it cannot be given with (declared on one side; see
    /// `CommandSpec.exclusions(of:)` for both).
    var excludes: [String] = []

    /// The values it accepts; empty for any.
    var choices: [String] {
        if case .choice(let values) = kind { values } else { [] }
    }

    /// The canonical spelling: the first `--long` name, else the first name.
    var canonicalName: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}
