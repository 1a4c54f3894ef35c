import TracerCore

/// What a capture wrote: events by kind, distinct views, bytes, and every line it had to drop.
package struct CaptureSummary: Sendable, Equatable {
    /// Lines written, the trace's own header excluded.
    package var events = 0
    /// Events by `kind` (unknown kinds by their own name).
    package var eventsByKind: [String: Int] = [:]
    /// Distinct `view` paths.
    package var distinctViews = 0
    /// Bytes written to the output.
    package var bytes = 0
    /// Partial final lines dropped: a child killed mid-line, a client disconnected mid-line.
    package var cutOffLines = 0
    /// Lines longer than the limit (a client sending one is disconnected).
    package var overlongLines = 0
    /// Lines that were not a JSON object, dropped.
    package var invalidLines = 0
    /// Lines whose `seq`, `ts` or `dur` is over 2^63 − 1 (no reader reads them), dropped.
    package var beyondInt64Lines = 0
    /// Where the first of those was (`line 3, column 20 ("ts")`, with its connection when listening).
    package var firstBeyondInt64: String?
    /// Events the programs themselves reported lost (the sum of `dropped` events' `count`).
    package var droppedEvents = 0
    /// Connections accepted (listening only).
    package var connections = 0

    /// Creates an empty summary.
    package init() {}

    /// The summary as lines for standard error, naming `destination`.
    package func rendered(destination: String) -> String {
        let kinds = eventsByKind.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        var lines = ["recorded \(events) events\(kinds.isEmpty ? "" : " (\(kinds))"), \(distinctViews) distinct views, \(bytes) bytes to \(destination)"]
        if connections > 0 { lines.append("connections: \(connections)") }
        let losses = [
            (cutOffLines, "cut-off lines dropped"), (overlongLines, "over-long lines dropped"),
            (invalidLines, "invalid lines dropped"), (droppedEvents, "events dropped by the recorder"),
            (beyondInt64Lines, "lines with a seq, ts or dur over 2^63 − 1 (which no reader reads) dropped, the first at \(firstBeyondInt64 ?? "?")"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        lines.append(losses.isEmpty ? "nothing dropped" : losses.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Counts the lines a capture writes, without a `String` per line.
struct SummaryBuilder {
    private(set) var summary = CaptureSummary()
    private var kindCounts = [Int](repeating: 0, count: EventKind.allCases.count)
    private var views = Set<UInt64>()

    /// Counts one written line whose fields `fields` scanned.
    mutating func count(_ fields: LineFields, in line: UnsafeBufferPointer<UInt8>, bytes: Int) {
        summary.bytes += bytes
        if let kind = fields.string(fields.kind, in: line) {
            if let known = CaptureKeys.kindNames.firstIndex(where: { kind.elementsEqual($0) }) {
                if known == Int(EventKind.meta.rawValue) { return }
                kindCounts[known] += 1
                if known == Int(EventKind.dropped.rawValue) {
                    summary.droppedEvents += Int(fields.integer(fields.count, in: line) ?? 0)
                }
            } else {
                summary.eventsByKind[String(decoding: kind, as: UTF8.self), default: 0] += 1
            }
        }
        summary.events += 1
        // NB: views are told apart by a 64-bit hash of their bytes; a collision is negligible.
        if let view = fields.string(fields.view, in: line) { views.insert(Self.hash(view)) }
    }

    /// Counts bytes written that are not events (the header).
    mutating func countHeader(bytes: Int) { summary.bytes += bytes }

    mutating func countCutOff() { summary.cutOffLines += 1 }
    mutating func countOverlong() { summary.overlongLines += 1 }

    /// Whether `line`, scanned into `fields`, goes into the trace: not when it is empty, not when
    /// it is no object (counted invalid), nor when it holds a number no reader reads (counted, the
    /// first one's place kept: `place`, the line's, with the number's column and key).
    mutating func admits(_ line: UnsafeBufferPointer<UInt8>, scanning fields: inout LineFields, at place: @autoclosure () -> String) -> Bool {
        guard !line.isEmpty else { return false }
        guard fields.scan(line) else {
            summary.invalidLines += 1
            return false
        }
        guard let beyond = fields.beyondInt64(in: line) else { return true }
        summary.beyondInt64Lines += 1
        if summary.firstBeyondInt64 == nil { summary.firstBeyondInt64 = "\(place()), column \(beyond.column) (\"\(beyond.key)\")" }
        return false
    }
    mutating func countConnection() { summary.connections += 1 }

    /// The finished summary.
    func finished() -> CaptureSummary {
        var result = summary
        for kind in EventKind.allCases where kindCounts[Int(kind.rawValue)] > 0 {
            result.eventsByKind[kind.name] = kindCounts[Int(kind.rawValue)]
        }
        result.distinctViews = views.count
        return result
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
