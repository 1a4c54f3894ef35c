import TraceAnalysis

/// The arguments of one subcommand invocation, checked against its `CommandSpec`.
struct ParsedArguments: Sendable {
    let spec: CommandSpec
    /// Positional arguments, in order.
    var positionals: [String] = []
    /// Values by canonical option name, in the order given.
    var values: [String: [String]] = [:]
    /// Flags that were given, by canonical name.
    var flags: Set<String> = []
    /// Everything after `--`, when the command accepts it.
    var passthrough: [String] = []
    /// Whether `--` was present.
    var hasPassthrough = false
    /// Where the command's trace readers count the bytes they read, for the progress line
    /// `Tracectl.main` shows on a terminal; nil elsewhere.
    var readProgress: ReadProgress?

    /// The last value of `option` (canonical name), or its default.
    func value(_ option: String) -> String? {
        values[option]?.last ?? spec.option(named: option)?.defaultValue
    }

    /// Every value of a repeatable `option`.
    func allValues(_ option: String) -> [String] { values[option] ?? [] }

    /// Whether `flag` was given.
    func flag(_ flag: String) -> Bool { flags.contains(flag) }

    /// Whether `option` (canonical name) was on the command line, flag or value; a default is not.
    func isGiven(_ option: String) -> Bool { flags.contains(option) || values[option] != nil }

    /// A usage error naming the first of `options` given, unless `required` is given too:
    /// `'--headroom' only applies with '--write-budget'`.
    func forbid(_ options: [String], unless required: String) throws(UsageError) {
        guard !isGiven(required) else { return }
        try forbid(options, because: "only applies with '\(required)'")
    }

    /// A usage error naming the first of `options` given: `'OPTION' REASON`.
    func forbid(_ options: [String], because reason: String) throws(UsageError) {
        guard let given = options.first(where: isGiven) else { return }
        throw UsageError("'\(given)' \(reason)", command: spec.name)
    }

    /// The value of `option` as an integer within `range`, or a usage error.
    func integer(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "invalid value '\(text)' for '\(option)': expected a whole number from \(range.lowerBound) to \(range.upperBound)",
                command: spec.name)
        }
        return number
    }

    /// The value of a `.choice` option as its type: the parser has checked it is one of the
    /// choices, so a value of no case is a usage error here only if spec and type disagree.
    func choice<Choice: RawRepresentable & CaseIterable>(_ option: String) throws(UsageError) -> Choice
    where Choice.RawValue == String {
        guard let text = value(option), let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("invalid value '\(value(option) ?? "")' for '\(option)': expected one of \(names)", command: spec.name)
        }
        return choice
    }

    /// The positional named `name`, which the spec requires (the parser has checked it is there).
    func required(_ name: String) throws(UsageError) -> String {
        guard let value = positional(name) else { throw UsageError("expected <\(name)>", command: spec.name) }
        return value
    }

    /// The positional named `name` in the spec.
    func positional(_ name: String) -> String? {
        guard let index = spec.positionals.firstIndex(where: { $0.name == name }), index < positionals.count else {
            return nil
        }
        return positionals[index]
    }
}
