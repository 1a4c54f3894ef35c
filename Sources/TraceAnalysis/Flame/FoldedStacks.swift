import TracerCore
import TraceSupport

/// FlameGraph's folded-stack text: `Root;Child;Leaf 12`, one stack per line, lines sorted.
///
/// The differential form, `Root;Child;Leaf 120 3` (baseline, then variant), is what FlameGraph's
/// `difffolded.pl` writes and `flamegraph.pl` reads.
public enum FoldedStacks {
    /// The folded lines of `samples`: `stack weight`, or `stack baseline weight` when `differential`.
    public static func render(_ samples: [FlameSample], differential: Bool = false) -> String {
        var text = ""
        write(Input(samples: samples, differential: differential), into: &text)
        return text
    }

    /// Writes the folded lines of `summary`'s views, weighted by `weight`, to `output`.
    ///
    /// The same text as `render(FlameSample.samples(of: summary, weight: weight))`, without a
    /// sample per view.
    public static func write(_ summary: TraceSummary, weight: FlameWeight, into output: inout some TextOutputStream) {
        write(Input(views: summary, weight: weight), into: &output)
    }

    /// Writes the lines of `input` to `output`, in byte order, one per distinct stack.
    ///
    /// NB: a summary's views come sorted by path, and so, most often, do their stacks and lines
    /// (not always: `Root/A1/B` comes before `Root/A10`, but `Root;A10` before `Root;A1;B`). One
    /// pass checks that, and then the lines are written as they come, with nothing kept.
    static func write(_ input: Input, into output: inout some TextOutputStream) {
        if isInOrder(input) {
            writeInOrder(input, into: &output)
        } else {
            writeSorting(input, into: &output)
        }
    }

    /// Whether every line of `input` comes after the previous one, in byte order and by stack
    /// (no stack twice): then its lines need neither merging nor sorting.
    static func isInOrder(_ input: Input) -> Bool {
        let previous = ByteBlock(capacity: 256)
        var previousStackCount = 0
        for line in input.lines {
            let bytes = line.block.bytes
            if previousStackCount > 0 {
                let previousStack = UnsafeBufferPointer(rebasing: previous.bytes[..<previousStackCount])
                let stack = UnsafeBufferPointer(rebasing: bytes[..<line.stackCount])
                guard previousStack.byteOrder(stack) < 0, previous.bytes.byteOrder(bytes) < 0 else { return false }
            }
            previous.removeAll()
            previous.append(bytes)
            previousStackCount = line.stackCount
        }
        return true
    }

    /// Writes the lines of `input` as they come (`isInOrder(input)`).
    static func writeInOrder(_ input: Input, into output: inout some TextOutputStream) {
        writeLines(into: &output) { emit in
            for line in input.lines { emit(line.block.bytes) }
        }
    }

    /// Writes the lines of `input` merged by stack and sorted.
    ///
    /// NB: the stacks are written into one byte arena and sorted as ranges of it with `memcmp`,
    /// then merged; the lines, written into a second arena, are sorted the same way.
    static func writeSorting(_ input: Input, into output: inout some TextOutputStream) {
        typealias Entry = (start: Int, count: Int, weight: UInt64, baseline: UInt64)
        let stacks = ByteBlock(capacity: 1 << 16)
        var entries: [Entry] = []
        for line in input.lines {
            entries.append((stacks.count, line.stackCount, line.weight, line.baseline))
            stacks.append(UnsafeBufferPointer(rebasing: line.block.bytes[..<line.stackCount]))
        }
        func stack(_ entry: Entry) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: stacks.base + entry.start, count: entry.count)
        }
        entries.sort { stack($0).byteOrder(stack($1)) < 0 }
        var merged = 0
        for entry in entries {
            if merged > 0 && stack(entries[merged - 1]).byteOrder(stack(entry)) == 0 {
                entries[merged - 1].weight = entries[merged - 1].weight.addingSaturated(entry.weight)
                entries[merged - 1].baseline = entries[merged - 1].baseline.addingSaturated(entry.baseline)
            } else {
                entries[merged] = entry
                merged += 1
            }
        }
        entries.removeLast(entries.count - merged)
        let lines = ByteBlock(capacity: stacks.count + entries.count * 8)
        var offsets: [(start: Int, count: Int)] = []
        offsets.reserveCapacity(entries.count)
        for entry in entries {
            let start = lines.count
            lines.append(stack(entry))
            appendWeights(entry.weight, baseline: entry.baseline, differential: input.differential, to: lines)
            offsets.append((start, lines.count - start))
        }
        var ranges = offsets.map { UnsafeBufferPointer(start: lines.base + $0.start, count: $0.count) }
        ranges.sort { $0.byteOrder($1) < 0 }
        writeLines(into: &output) { emit in ranges.forEach(emit) }
    }

    /// Appends a line's ` weight`, or ` baseline weight` when `differential`.
    private static func appendWeights(_ weight: UInt64, baseline: UInt64, differential: Bool, to block: ByteBlock) {
        block.append(UInt8(ascii: " "))
        if differential {
            block.appendDecimal(baseline)
            block.append(UInt8(ascii: " "))
        }
        block.appendDecimal(weight)
    }

    /// How many bytes are gathered before they go to the output.
    private static let blockSize = 1 << 16

    /// Writes the lines `produce` emits to `output`, each followed by a newline, in blocks.
    private static func writeLines(
        into output: inout some TextOutputStream, _ produce: (_ emit: (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) {
        let block = ByteBlock(capacity: blockSize + 4096)
        // NB: a block ends with a whole line, so it never splits a UTF-8 sequence.
        produce { line in
            block.append(line)
            block.append(UInt8(ascii: "\n"))
            if block.count >= blockSize { block.flush(into: &output) }
        }
        block.flush(into: &output)
    }

    /// `frame` made safe for a folded line: `;` (the separator) becomes `:`, control characters and
    /// line breaks become spaces, outer whitespace is trimmed, a space before a trailing number
    /// becomes `_` (`Row 5` → `Row_5`), and an empty frame becomes `?`.
    ///
    /// NB: `flamegraph.pl` reads a line's last ` NUMBER` as its count, and one more before it as a
    /// differential line's baseline: a frame ending in a space and digits would lose them to it.
    package static func safeFrame(_ frame: String) -> String {
        if isPlain(frame.utf8) { return frame }
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

    /// Whether `frame` is safe as it is: not empty, printable ASCII without spaces or `;` (as most are).
    private static func isPlain(_ frame: some Collection<UInt8>) -> Bool {
        !frame.isEmpty && frame.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") }
    }

    /// Whether `text` reads as a count to `flamegraph.pl`: a digit, then digits and decimal points.
    private static func isNumber(_ text: Substring) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        return text.utf8.first.map(isDigit) == true && text.utf8.allSatisfy { $0 == UInt8(ascii: ".") || isDigit($0) }
    }

    /// Appends `frames` made safe, joined by `;`.
    private static func appendStack(_ frames: some Sequence<Substring>, to block: ByteBlock) {
        var separated = false
        for var frame in frames {
            if separated { block.append(UInt8(ascii: ";")) }
            frame.withUTF8 { appendFrame($0, to: block) }
            separated = true
        }
    }

    /// Appends `frame` (UTF-8) made safe (`safeFrame`).
    private static func appendFrame(_ frame: UnsafeBufferPointer<UInt8>, to block: ByteBlock) {
        guard !isPlain(frame) else { return block.append(frame) }
        var safe = safeFrame(String(decoding: frame, as: UTF8.self))
        safe.withUTF8 { block.append($0) }
    }
}

extension FoldedStacks {
    /// Stacks to fold: how many, and each one's weights and frames by its index.
    ///
    /// NB: by index, so that a view's statistics are read where they are, not copied per line.
    struct Input {
        var count: Int
        /// Whether lines carry the baseline's weight (and lines of weight 0 are kept).
        var differential: Bool
        var weights: (Int) -> (weight: UInt64, baseline: UInt64)
        var appendStack: (Int, ByteBlock) -> Void

        /// The lines, one per stack with frames (and, unless `differential`, with a weight).
        var lines: Lines { Lines(input: self) }

        /// One line: `block` holds it (until the next line), its first `stackCount` bytes the stack.
        struct Line {
            let block: ByteBlock
            let stackCount: Int
            let weight: UInt64
            let baseline: UInt64
        }

        /// The lines of `input`, written one after the other into one block.
        struct Lines: Sequence, IteratorProtocol {
            let input: Input
            var index = 0
            let block = ByteBlock(capacity: 256)

            mutating func next() -> Line? {
                while index < input.count {
                    defer { index += 1 }
                    let (weight, baseline) = input.weights(index)
                    // NB: a stack's weights only add up, so one of weight 0 makes no line of its own.
                    guard input.differential || weight > 0 else { continue }
                    block.removeAll()
                    input.appendStack(index, block)
                    let stackCount = block.count
                    guard stackCount > 0 else { continue }
                    FoldedStacks.appendWeights(weight, baseline: baseline, differential: input.differential, to: block)
                    return Line(block: block, stackCount: stackCount, weight: weight, baseline: baseline)
                }
                return nil
            }
        }

        /// The stacks of `samples`.
        init(samples: [FlameSample], differential: Bool) {
            self.init(
                count: samples.count, differential: differential, weights: { (samples[$0].weight, samples[$0].baseline) },
                appendStack: { FoldedStacks.appendStack(samples[$0].frames.lazy.map { $0[...] }, to: $1) })
        }

        /// The stacks of `summary`'s views, weighted by `weight`.
        init(views summary: TraceSummary, weight: FlameWeight) {
            let views = summary.views
            self.init(
                count: views.count, differential: false, weights: { (weight.value(of: views[$0]), 0) },
                appendStack: { FoldedStacks.appendStack(ViewFrames(views[$0].view), to: $1) })
        }

        private init(
            count: Int, differential: Bool, weights: @escaping (Int) -> (weight: UInt64, baseline: UInt64),
            appendStack: @escaping (Int, ByteBlock) -> Void
        ) {
            self.count = count
            self.differential = differential
            self.weights = weights
            self.appendStack = appendStack
        }
    }
}
