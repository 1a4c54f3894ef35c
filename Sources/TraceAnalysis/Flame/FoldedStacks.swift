#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Tracer

/// FlameGraph's folded-stack text: `Root;Child;Leaf 12`, one stack per line, lines sorted.
///
/// The differential form, `Root;Child;Leaf 120 3` (baseline, then variant), is what FlameGraph's
/// `difffolded.pl` writes and `flamegraph.pl` reads.
public enum FoldedStacks {
    /// The folded lines of `samples`: `stack weight`, or `stack baseline weight` when `differential`.
    public static func render(_ samples: [FlameSample], differential: Bool = false) -> String {
        var merged: [String: (weight: UInt64, baseline: UInt64)] = [:]
        merged.reserveCapacity(samples.count)
        for sample in samples where !sample.frames.isEmpty {
            let stack = sample.frames.map(safeFrame).joined(separator: ";")
            let sum = merged[stack, default: (0, 0)]
            merged[stack] = (sum.weight.addingSaturated(sample.weight), sum.baseline.addingSaturated(sample.baseline))
        }
        // NB: the lines are written into one byte arena and sorted as ranges of it with `memcmp`:
        // a `String` per line and a comparison through `utf8` took most of the time for a million.
        var arena: [UInt8] = []
        var lines: [(start: Int, count: Int)] = []
        lines.reserveCapacity(merged.count)
        for (stack, value) in merged where differential || value.weight > 0 {
            let start = arena.count
            arena += stack.utf8
            arena.append(UInt8(ascii: " "))
            if differential {
                JSONLineEncoder.appendDecimal(value.baseline, to: &arena)
                arena.append(UInt8(ascii: " "))
            }
            JSONLineEncoder.appendDecimal(value.weight, to: &arena)
            lines.append((start, arena.count - start))
        }
        guard !lines.isEmpty else { return "" }
        var text: [UInt8] = []
        text.reserveCapacity(arena.count + lines.count)
        arena.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress!
            lines.sort { lhs, rhs in
                let order = memcmp(base + lhs.start, base + rhs.start, min(lhs.count, rhs.count))
                return order != 0 ? order < 0 : lhs.count < rhs.count
            }
            for line in lines {
                text.append(contentsOf: UnsafeBufferPointer(start: base + line.start, count: line.count))
                text.append(UInt8(ascii: "\n"))
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `frame` made safe for a folded line: `;` (the separator) becomes `:`, control characters and
    /// line breaks become spaces, outer whitespace is trimmed, a space before a trailing number
    /// becomes `_` (`Row 5` → `Row_5`), and an empty frame becomes `?`.
    ///
    /// NB: `flamegraph.pl` reads a line's last ` NUMBER` as its count, and one more before it as a
    /// differential line's baseline: a frame ending in a space and digits would lose them to it.
    public static func safeFrame(_ frame: String) -> String {
        // NB: most frames are printable ASCII without spaces or `;`: nothing to change.
        if !frame.isEmpty && frame.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") }) {
            return frame
        }
        var result = ""
        for scalar in frame.unicodeScalars {
            switch scalar {
            case ";": result += ":"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        var trimmed = String(result.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        if let space = trimmed.lastIndex(of: " "), isNumber(trimmed[trimmed.index(after: space)...]) {
            trimmed.replaceSubrange(space...space, with: "_")
        }
        return trimmed.isEmpty ? "?" : trimmed
    }

    /// Whether `text` reads as a count to `flamegraph.pl`: a digit, then digits and decimal points.
    private static func isNumber(_ text: Substring) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        return text.utf8.first.map(isDigit) == true && text.utf8.allSatisfy { $0 == UInt8(ascii: ".") || isDigit($0) }
    }
}
