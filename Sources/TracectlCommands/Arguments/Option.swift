/// An option a command's spec lists and its `run` reads back, typed by what the lookup returns:
/// `Bool` for a flag, `String` or `Int` for a value, the enum of a choice.
///
/// NB: each option is declared once, as a `static let`, and both the spec and the lookup name
/// that declaration: a misspelt option does not compile, and reading one the command's spec
/// does not list stops a debug build (the tests).
struct Option<Value>: OptionDeclaration {
    let spec: OptionSpec

    /// The same option with other help text (a command whose context words it differently).
    func helping(_ help: String) -> Self {
        var spec = spec
        spec.help = help
        return Self(spec: spec)
    }
}

/// What a command's spec lists: an `Option` of any value type (or an `OptionSpec` itself).
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension OptionSpec: OptionDeclaration {
    var spec: OptionSpec { self }
}

extension Option where Value == Bool {
    /// A flag (no value).
    static func flag(_ names: String..., help: String) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: nil))
    }
}

extension Option where Value == String {
    /// An option taking any text.
    static func value(_ names: String..., valueName: String, help: String, defaultValue: String? = nil) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: valueName, defaultValue: defaultValue))
    }
}

extension Option where Value == [String] {
    /// An option that may be given more than once, each time with any text; read back as every
    /// value, in the order given.
    static func repeated(_ names: String..., valueName: String, help: String) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: valueName, isRepeatable: true))
    }
}

extension Option where Value == Int {
    /// An option taking a whole number in `range` (checked where it is read, and stated in the
    /// MCP argument schema).
    static func number(_ names: String..., valueName: String, help: String, range: ClosedRange<Int>, defaultValue: Int? = nil) -> Self {
        Self(spec: OptionSpec(
            names: names, help: help, valueName: valueName, defaultValue: defaultValue.map(String.init), integerRange: range))
    }
}

extension Option where Value == String {
    /// An option taking a whole number in `range` or `all` (read back as text).
    static func countOrAll(_ names: String..., help: String, range: ClosedRange<Int>, defaultValue: Int) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: "n|all", defaultValue: String(defaultValue), integerRange: range))
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// An option taking one of `Value`'s cases (in order, the choices help lists), `defaultValue`
    /// when absent.
    static func choice(_ names: String..., valueName: String, help: String, default defaultValue: Value) -> Self {
        Self(spec: OptionSpec(
            names: names, help: help, valueName: valueName, choices: Value.allCases.map(\.rawValue),
            defaultValue: defaultValue.rawValue))
    }
}

extension Option where Value == String {
    /// An option taking one of `choices` (in order, as help lists them), `defaultValue` when
    /// absent: a choice a registry holds rather than an enum (`import --from`).
    static func choice(_ names: String..., valueName: String, help: String, choices: [String], default defaultValue: String) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: valueName, choices: choices, defaultValue: defaultValue))
    }
}

/// The options several commands share, each declared once.
enum CommonOptions {
    /// `-o FILE`: where a command that writes one document writes it.
    static let output: Option<String> = .value(
        "-o", "--output", valueName: "file", help: "Where to write ('-' or absent: standard output).")

    /// `--lenient`: skip invalid trace lines instead of failing.
    static let lenient: Option<Bool> = .flag("--lenient", help: "Skip invalid lines (counting them) instead of failing.")

    /// `--color`: when to colour PASS/FAIL/WARN and warnings (see `ColorMode`).
    static let color: Option<ColorMode> = .choice(
        "--color", valueName: "when",
        help: "Colour PASS/FAIL/WARN and warnings: auto (on a terminal, unless NO_COLOR is set), always or never.",
        default: .auto)

    /// `--values`: carry writes' recorded values into an export or a page (off: they may hold
    /// what users typed).
    static let values: Option<Bool> = .flag(
        "--values", help: "Carry the values writes recorded (old/new) into the output; left out by default, as they may hold user data.")

    /// What a command that reads traces and writes one document ends its options with.
    static let document: [any OptionDeclaration] = [output, lenient]
}

/// `--mark`, `--from`, `--to`: the options that choose a slice of the trace (`export`, `flame`).
enum SliceOptions {
    static let mark: Option<String> = .value(
        "--mark", valueName: "name", help: "Only the intervals of marks of this name (each up to the next mark).")
    static let from: Option<String> = .value(
        "--from", valueName: "mark|ns", help: "Start at the first mark of this name, or at this ts (ns).")
    static let to: Option<String> = .value(
        "--to", valueName: "mark|ns", help: "Stop at the next mark of this name, or at this ts (ns; excluded).")

    /// The group, in help order.
    static let all: [any OptionDeclaration] = [mark, from, to]
}
