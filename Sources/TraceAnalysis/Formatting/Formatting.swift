import Foundation
import TraceSupport
import TracerCore

/// Figures and text for people, written one way everywhere: durations, numbers, Markdown cells
/// and aligned tables.
package enum Formatting {
    /// Whether a duration keeps its decimals' trailing zeros (`12.0 µs`: reports, budgets) or
    /// drops them (`12 µs`: diffs and comparisons).
    package enum Zeros: Sendable {
        case kept, trimmed
    }

    /// Nanoseconds in the largest unit that keeps a leading digit: `850 ns`, `12.3 µs`, `1.25 ms`,
    /// `2.50 s` (one decimal for µs, two for ms and s).
    package static func duration(_ nanoseconds: Double, zeros: Zeros = .kept) -> String {
        let magnitude = abs(nanoseconds)
        guard magnitude >= 1_000 else {
            return CheckedInteger.saturating(nanoseconds.rounded(), as: Int64.self).map { "\($0) ns" } ?? "n/a"
        }
        let (scale, unit, places) = magnitude < 1e6 ? (1e3, "µs", 1) : magnitude < 1e9 ? (1e6, "ms", 2) : (1e9, "s", 2)
        let value = nanoseconds / scale
        return (zeros == .kept ? fixed(value, decimals: places) : JSONText.decimal(value, places: places)) + " " + unit
    }

    /// `duration(_:zeros:)` of a whole number of nanoseconds.
    package static func duration(_ nanoseconds: Int64, zeros: Zeros = .kept) -> String {
        duration(Double(nanoseconds), zeros: zeros)
    }

    /// A body time, `ns`, of evaluations of which `timed` had a duration (`untimed` none): `-` when
    /// there were evaluations and none was timed, never `0 ns`; else the timed ones' time, with
    /// ` (N without dur)` when `noted` and some were not timed.
    package static func bodyTime(_ ns: Int64, timed: Int, untimed: Int, noted: Bool = false) -> String {
        if timed == 0 && untimed > 0 { return "-" }
        return duration(ns) + (noted && untimed > 0 ? " (\(untimed) without dur)" : "")
    }

    /// A figure in messages: a whole number without a fraction, else two decimals (`12`, `0.50`).
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15, let integer = CheckedInteger.saturating(value, as: Int64.self) {
            return String(integer)
        }
        return String(format: "%.2f", value)
    }

    /// `value` with exactly `decimals` digits after the point, independent of locale.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = (abs(value) * Double(scale)).rounded()
        // NB: past Int64 (or not finite) the digits come from the C formatter, which is
        // locale-independent without a locale argument; below it, exact integer arithmetic.
        guard magnitude < 0x1p63 else { return String(format: "%.*f", decimals, value) }
        // NB: `magnitude` is whole, at least 0 and below 2^63 here (NaN fails the guard), so it
        // converts exactly.
        let scaled = Int64(magnitude)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % scale)
        return sign + String(scaled / scale) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// Text shown literally in a table cell: control characters and line breaks written visibly
    /// (`TerminalText`) so that they cannot end the row, `|` escaped so that it cannot end the
    /// cell, `<` and `>` as entities (no HTML tag can form), and Markdown's inline syntax
    /// backslash-escaped (`\`, a backtick, `*`, `~`, `&`, `_` at a word's edge, `]` before `(`).
    /// Ordinary names and figures come out unchanged.
    package static func markdown(_ text: String) -> String {
        let scalars = Array(TerminalText.sanitize(text).unicodeScalars)
        var escaped = ""
        for (index, scalar) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "<":
                escaped += "&lt;"
                continue
            case ">":
                escaped += "&gt;"
                continue
            case "\\", "`", "*", "~", "&", "|":
                escaped += "\\"
            case "_" where !(index > 0 && isWordScalar(scalars[index - 1]) && next.map(isWordScalar) == true):
                // NB: an underscore inside a word (`my_trace`) never starts emphasis.
                escaped += "\\"
            case "]" where next == "(":
                // NB: `Row[1]` stays as it is; only `[text](target)` would become a link.
                escaped += "\\"
            default:
                break
            }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// A code span that shows `text` literally in a table cell: fenced with one backtick more than
    /// the longest run inside it (padded where CommonMark would strip or join), `|` escaped as
    /// GitHub's tables require, and control characters written visibly (`TerminalText`).
    package static func markdownCode(_ text: String) -> String {
        let content = TerminalText.sanitize(text).replacingOccurrences(of: "|", with: "\\|")
        var run = 0
        var longestRun = 0
        for character in content {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        // NB: CommonMark strips one space from each end of a span that starts and ends with one.
        let padded = content.hasPrefix("`") || content.hasSuffix("`")
            || content.hasPrefix(" ") && content.hasSuffix(" ") && content.contains { $0 != " " }
        return padded ? "\(fence) \(content) \(fence)" : fence + content + fence
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// `rows` as lines; a dashed rule goes before row `separatorBefore` when given. Cells are
    /// made safe for a terminal (`TerminalText`), so a name cannot break the layout.
    static func table(_ rows: [[String]], leftAligned: Set<Int>, separatorBefore: Int? = nil) -> String {
        let rows = rows.map { $0.map(TerminalText.sanitize) }
        // NB: a cell's width is its characters, counted once (an ASCII cell's bytes, without
        // walking its graphemes).
        let cellWidths = rows.map { $0.map { $0.utf8.allSatisfy { $0 < 0x80 } ? $0.utf8.count : $0.count } }
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in cellWidths { for (index, width) in row.enumerated() { widths[index] = max(widths[index], width) } }
        let blanks = String(repeating: " ", count: widths.max() ?? 0)
        var output = ""
        for (rowIndex, row) in rows.enumerated() {
            if rowIndex == separatorBefore {
                output += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
            }
            var line = ""
            for (index, cell) in row.enumerated() {
                if index > 0 { line += "  " }
                let padding = widths[index] - cellWidths[rowIndex][index]
                if !leftAligned.contains(index) { line += blanks.prefix(padding) }
                line += cell
                if leftAligned.contains(index) && index < row.count - 1 { line += blanks.prefix(padding) }
            }
            // NB: a line ends at its last character that is not a space.
            let end = line.utf8.lastIndex { $0 != UInt8(ascii: " ") }.map { line.utf8.index(after: $0) } ?? line.startIndex
            output += line[..<end]
            output += "\n"
        }
        return output
    }
}
