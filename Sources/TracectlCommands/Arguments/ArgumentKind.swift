/// What an option or positional takes: how the parser checks its value, and how help, the
/// completion scripts and the MCP argument schema state it.
enum ArgumentKind: Sendable, Equatable {
    /// No value: given or not (an option only).
    case flag
    /// Any text.
    case text
    /// A file or directory (a shell completes file names; MCP checks it under the root).
    case path(PathUse)
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    /// `all`, or a whole number in the range (`--top`).
    case countOrAll(ClosedRange<Int>)
    /// A positive number of seconds.
    case duration
    /// A percentage at least 0, its `%` optional (`10%`, `2.5`).
    case percentage
    /// One of these words.
    case choice([String])

    /// Whether a path is read or written (MCP opens the one, checks it may write the other).
    enum PathUse: Sendable, Equatable {
        case reads, writes
    }

    /// The words a shell completes a value to: the choices, `all` of a count; empty otherwise.
    var words: [String] {
        switch self {
        case .choice(let values): values
        case .countOrAll: [TopCount.allWord]
        default: []
        }
    }

    /// Whether a value names a file or directory.
    var isPath: Bool {
        if case .path = self { true } else { false }
    }

    /// Whether `text` is a value of this kind.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .flag: false
        case .text, .path: true
        case .integer(let range): Int(text).map { range.contains($0) } ?? false
        case .countOrAll(let range): TopCount(argument: text).map { count in count.limit.map { range.contains($0) } ?? true } ?? false
        case .duration: Self.seconds(text) != nil
        case .percentage: Self.percent(text) != nil
        case .choice(let values): values.contains(text)
        }
    }

    /// What a value must be, for "expected …": `a whole number from 1 to 1000000`.
    var expectation: String {
        switch self {
        case .flag: "no value"
        case .text: "text"
        case .path: "a path"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .countOrAll(let range): "'\(TopCount.allWord)' or a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .duration: "a positive number of seconds"
        case .percentage: "a percentage like 10%"
        case .choice(let values): "one of \(values.joined(separator: ", "))"
        }
    }

    /// The message for `text`, which this kind does not accept, given for `name` (`--top`, or an
    /// MCP argument's `top`): the CLI's and MCP's wording of every bad value.
    func invalid(_ text: String, for name: String) -> String {
        "invalid value '\(text)' for '\(name)': expected \(expectation)"
    }

    /// `text` as a positive, finite number of seconds, or nil.
    static func seconds(_ text: String) -> Double? {
        Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    /// `text` (`10%`, `10`) as a finite percentage at least 0, or nil.
    static func percent(_ text: String) -> Double? {
        Double(text.hasSuffix("%") ? String(text.dropLast()) : text).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
    }
}

/// How many of a ranked list to show: the first N, or all (`--top N|all`).
enum TopCount: Sendable, Equatable {
    case all
    case first(Int)

    /// The word for every item.
    static let allWord = "all"

    /// `all`, or a whole number; nil for other text.
    init?(argument: String) {
        if argument == Self.allWord {
            self = .all
        } else if let number = Int(argument) {
            self = .first(number)
        } else {
            return nil
        }
    }

    /// The number of items to keep, or nil for every one.
    var limit: Int? {
        switch self {
        case .all: nil
        case .first(let number): number
        }
    }
}
