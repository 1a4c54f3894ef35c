/// The arguments of one subcommand invocation, checked against its `CommandSpec`.
struct ParsedArguments: Sendable {
    let spec: CommandSpec
    /// Positional arguments, in order.
    var positionals: [String] = []
    /// Values by canonical option name, in the order given (read them through `Option`s).
    var values: [String: [String]] = [:]
    /// Flags that were given, by canonical name.
    var flags: Set<String> = []
    /// Everything after `--`, when the command accepts it.
    var passthrough: [String] = []
    /// Whether `--` was present.
    var hasPassthrough = false
    /// The progress line `Tracectl.main` shows on a terminal while the command reads traces
    /// (its readers count into its `progress`); nil elsewhere.
    var progressLine: ReadProgressLine?

    /// The value of `option` as its type (the last given, or its default); nil when neither.
    func value<Value>(_ option: Option<Value>) -> Value? { text(option).flatMap(option.read) }

    /// Every value of a repeatable `option`, in the order given (none when absent).
    func values(_ option: Option<[String]>) -> [String] { values[declared(option)] ?? [] }

    /// Whether `flag` was given.
    func flag(_ flag: Option<Bool>) -> Bool { flags.contains(declared(flag)) }

    /// Whether `option` was on the command line, flag or value; a default is not.
    func isGiven(_ option: some OptionDeclaration) -> Bool { isGiven(canonicalName: declared(option)) }

    /// A usage error naming the first of `options` given, unless `required` is given too:
    /// `'--headroom' only applies with '--write-budget'`.
    func forbid(_ options: [any OptionDeclaration], unless required: some OptionDeclaration) throws(UsageError) {
        guard !isGiven(required) else { return }
        try forbid(options, because: "only applies with '\(required.spec.canonicalName)'")
    }

    /// A usage error naming the first of `options` given: `'OPTION' REASON`.
    func forbid(_ options: [any OptionDeclaration], because reason: String) throws(UsageError) {
        guard let given = options.lazy.map({ declared($0) }).first(where: isGiven(canonicalName:)) else { return }
        throw UsageError("'\(given)' \(reason)", command: spec.name)
    }

    /// The canonical name of the first option given that names a file to write (`-o`, `--junit`;
    /// `-` is standard output, no file), in the spec's order; nil when none is.
    var givenWritingOption: String? {
        spec.options.first { option in
            option.kind == .path(.writes) && (values[option.canonicalName] ?? []).contains { $0 != "-" }
        }?.canonicalName
    }

    /// The value of a choice, which always has one: given, or its default.
    func choice<Choice: RawRepresentable & CaseIterable>(_ option: Option<Choice>) -> Choice where Choice.RawValue == String {
        // NB: `Option.choice` declares a default, and the parser accepts only the choices.
        value(option)!
    }

    /// The last value of `option` as typed, or its default.
    private func text(_ option: some OptionDeclaration) -> String? {
        values[declared(option)]?.last ?? option.spec.defaultValue
    }

    /// Whether the option of this canonical name was given.
    func isGiven(canonicalName: String) -> Bool { flags.contains(canonicalName) || values[canonicalName] != nil }

    /// The canonical name of `option`, which the command's spec must list.
    private func declared(_ option: some OptionDeclaration) -> String {
        let name = option.spec.canonicalName
        assert(spec.option(named: name) != nil, "'\(name)' is read by '\(spec.name)' but not in its spec")
        return name
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
