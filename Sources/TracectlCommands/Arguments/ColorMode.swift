/// When `tracectl` colours PASS/FAIL/WARN and its warnings: `--color auto|always|never`.
enum ColorMode: String, CaseIterable, Sendable {
    /// Only on a terminal, and only when `NO_COLOR` is unset or empty (https://no-color.org).
    case auto
    case always
    case never

    /// Whether a stream that `isTerminal` (or not) gets colour, given the `environment`.
    func isEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}

/// ANSI colours for the words a reader looks for first.
enum Highlight: String {
    case pass = "\u{1B}[32m"
    case fail = "\u{1B}[31m"
    case warn = "\u{1B}[33m"

    static let reset = "\u{1B}[0m"

    /// The colour of a status word (`PASS`, `FAIL`, `WARN`, `error`, `warning`), if it has one.
    init?(status: Substring) {
        switch status {
        case "PASS": self = .pass
        case "FAIL", "error": self = .fail
        case "WARN", "warning": self = .warn
        default: return nil
        }
    }

    /// `text` in this colour.
    func paint(_ text: some StringProtocol) -> String { rawValue + text + Self.reset }

    /// `report` with the status word that opens each line (`PASS  MyView …`, `FAIL: 2 failed, …`)
    /// coloured; the rest, and lines that open otherwise, as they are.
    ///
    /// NB: applied to the aligned text, so that escape sequences never count as columns.
    static func statuses(in report: String) -> String {
        report.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let word = line.prefix { $0.isLetter }
            guard let highlight = Highlight(status: word), line.dropFirst(word.count).first.map({ $0 == " " || $0 == ":" }) == true
            else { return String(line) }
            return highlight.paint(word) + line.dropFirst(word.count)
        }.joined(separator: "\n")
    }
}
