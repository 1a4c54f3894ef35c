/// An option a command's spec lists and its `run` reads back, typed by what the lookup returns:
/// `Bool` for a flag, `String` for text or a path, `Int`, `TopCount` (`--top`), `Double` (seconds,
/// a percentage), the enum of a choice.
///
/// NB: each option is declared once, as a `static let`, and both the spec and the lookup name
/// that declaration: a misspelt option does not compile, and reading one the command's spec
/// does not list stops a debug build (the tests). The parser has checked a value against the
/// spec's `kind` before `read` turns it into a `Value`.
struct Option<Value>: OptionDeclaration {
    let spec: OptionSpec
    /// A value the parser accepted, as its type.
    let read: @Sendable (String) -> Value?

    /// The same option with other help text (a command whose context words it differently).
    func helping(_ help: String) -> Self {
        var spec = spec
        spec.help = help
        return Self(spec: spec, read: read)
    }

    /// The same option, which cannot be given with any of `others` (a usage error naming both).
    func excluding(_ others: any OptionDeclaration...) -> Self {
        var spec = spec
        spec.excludes += others.map(\.spec.canonicalName)
        return Self(spec: spec, read: read)
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
        Self(spec: OptionSpec(names: names, help: help, valueName: nil, kind: .flag)) { _ in true }
    }
}

extension Option where Value == String {
    /// An option taking any text.
    static func value(_ names: String..., valueName: String, help: String) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: valueName, kind: .text)) { $0 }
    }

    /// An option naming a file or directory the command reads or writes.
    static func path(_ names: String..., valueName: String, help: String, _ use: ArgumentKind.PathUse) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: valueName, kind: .path(use))) { $0 }
    }
}

extension Option where Value == [String] {
    /// An option that may be given more than once, each time with a file the command reads; read
    /// back as every value, in the order given.
    static func repeated(_ names: String..., valueName: String, help: String) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: valueName, kind: .path(.reads), isRepeatable: true)) { [$0] }
    }
}

extension Option where Value == Int {
    /// An option taking a whole number in `range`.
    static func number(_ names: String..., valueName: String, help: String, range: ClosedRange<Int>, defaultValue: Int? = nil) -> Self {
        Self(spec: OptionSpec(
            names: names, help: help, valueName: valueName, kind: .integer(range), defaultValue: defaultValue.map(String.init))) { Int($0) }
    }
}

extension Option where Value == TopCount {
    /// `--top N|all`: how many of a ranked list to show, the same range in every command.
    static func top(help: String, defaultValue: Int? = nil) -> Self {
        Self(spec: OptionSpec(
            names: ["--top"], help: help, valueName: "n|all", kind: .countOrAll(1...1_000_000),
            defaultValue: defaultValue.map(String.init))) { TopCount(argument: $0) }
    }
}

extension Option where Value == Double {
    /// An option taking a positive number of seconds.
    static func duration(_ names: String..., help: String) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: "seconds", kind: .duration), read: { ArgumentKind.seconds($0) })
    }

    /// An option taking a percentage at least 0 (`10%`), read back as its number.
    static func percentage(_ names: String..., help: String, defaultValue: String) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: "percent", kind: .percentage, defaultValue: defaultValue),
             read: { ArgumentKind.percent($0) })
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// An option taking one of `Value`'s cases (in order, the choices help lists), `defaultValue`
    /// when absent.
    static func choice(_ names: String..., valueName: String, help: String, default defaultValue: Value) -> Self {
        Self(spec: OptionSpec(
            names: names, help: help, valueName: valueName, kind: .choice(Value.allCases.map(\.rawValue)),
            defaultValue: defaultValue.rawValue)) { Value(rawValue: $0) }
    }
}

extension Option where Value == String {
    /// An option taking one of `choices` (in order, as help lists them), `defaultValue` when
    /// absent: a choice a registry holds rather than an enum (`import --from`).
    static func choice(_ names: String..., valueName: String, help: String, choices: [String], default defaultValue: String) -> Self {
        Self(spec: OptionSpec(names: names, help: help, valueName: valueName, kind: .choice(choices), defaultValue: defaultValue)) { $0 }
    }
}

/// The options several commands share, each declared once.
enum CommonOptions {
    /// `-o FILE`: where a command that writes one document writes it.
    static let output: Option<String> = .path(
        "-o", "--output", valueName: "file", help: "Where to write ('-' or absent: standard output).", .writes)

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

    /// `--recorded-only`: follow the causes the trace records, none inferred (the commands that
    /// show causes: why, graph, report, advise, diff).
    static let recordedOnly: Option<Bool> = .flag(
        "--recorded-only",
        help: "Show recorded causes only: no cause is inferred (≈) for an evaluation whose trace records none.")

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
