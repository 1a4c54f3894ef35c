/// Parses a subcommand's arguments against its `CommandSpec`.
///
/// Accepts `--name value`, `--name=value`, `-o value`, flags, positionals in any order, `-` as a
/// positional (standard input) and `--` to end options. Every problem is a `UsageError` naming
/// the argument and what was expected.
enum ArgumentParser {
    /// The parsed arguments, or the first usage error.
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(spec: spec)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                guard spec.acceptsPassthrough else {
                    parsed.positionals.append(contentsOf: arguments[index...])
                    break
                }
                parsed.hasPassthrough = true
                parsed.passthrough = Array(arguments[index...])
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = spec.option(named: name) else {
                let known = spec.options.flatMap(\.names) + ["--help"]
                throw UsageError("unknown option '\(name)'\(suggestion(for: name, among: known))", command: spec.name)
            }
            let canonical = option.canonicalName
            guard let valueName = option.valueName else {
                if inlineValue != nil {
                    throw UsageError("'\(name)' is a flag and takes no value", command: spec.name)
                }
                parsed.flags.insert(canonical)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("missing value for '\(name)': expected \(valueName)", command: spec.name)
            }
            guard option.kind.accepts(value) else { throw UsageError(option.kind.invalid(value, for: name), command: spec.name) }
            if !option.isRepeatable, parsed.values[canonical] != nil {
                throw UsageError("'\(name)' was given more than once", command: spec.name)
            }
            parsed.values[canonical, default: []].append(value)
        }
        try checkPositionals(parsed.positionals, spec: spec)
        try checkExclusions(parsed, spec: spec)
        return parsed
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// A usage error naming both options when two that exclude each other were given: the
    /// excluded one first (`'--top' cannot be used with '--eval'`).
    private static func checkExclusions(_ parsed: ParsedArguments, spec: CommandSpec) throws(UsageError) {
        for option in spec.options where parsed.isGiven(option) {
            if let excluded = option.excludes.first(where: parsed.isGiven(canonicalName:)) {
                throw UsageError("'\(excluded)' cannot be used with '\(option.canonicalName)'", command: spec.name)
            }
        }
    }

    private static func checkPositionals(_ positionals: [String], spec: CommandSpec) throws(UsageError) {
        let required = spec.positionals.filter { !$0.isOptional }.count
        if positionals.count < required {
            let missing = spec.positionals[positionals.count]
            throw UsageError("missing argument <\(missing.name)>", command: spec.name)
        }
        if !spec.positionals.contains(where: \.isRepeated), positionals.count > spec.positionals.count {
            throw UsageError("unexpected argument '\(positionals[spec.positionals.count])'", command: spec.name)
        }
    }

    /// " (did you mean '--format'?)" for a near miss (edit distance 2 at most) of one of
    /// `candidates`, else "".
    static func suggestion(for name: String, among candidates: [String]) -> String {
        let best = candidates.min { editDistance($0, name) < editDistance($1, name) }
        guard let best, editDistance(best, name) <= 2 else { return "" }
        return " (did you mean '\(best)'?)"
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
