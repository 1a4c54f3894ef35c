import TracerCore

/// Writes lines from several connections into one `tracer/1` trace: one header, `seq` renumbered
/// in output order, each event tagged with its connection.
///
/// A line becomes `{"seq":S,"conn":N,…}` with the client's other fields after it; its `cause`
/// is mapped to the output's numbering (and left out when its target never arrived); a line
/// without `ts` (a sink's `dropped` report) gets the connection's last `ts`. A client's `meta`
/// header becomes a `connection` line with `ts` 0.
struct MergedTraceWriter: ~Copyable {
    let output: CaptureOutput
    private var nextSeq: Int64 = 0
    private var fields = LineFields()
    private(set) var summary = SummaryBuilder()
    private let seqKey = Array("{\"\(TraceSchema.Field.seq)\":".utf8)
    private let connectionKey = Array(",\"\(TraceSchema.Field.conn)\":".utf8)
    private let timestampKey = Array(",\"\(TraceSchema.Field.ts)\":".utf8)
    private let causeKey = Array(",\"\(TraceSchema.Field.cause)\":".utf8)
    private let lineEnd = Array("}\n".utf8)
    private let connectionKind = Array(",\"\(TraceSchema.Field.kind)\":".utf8) + JSONString.quoted(EventKind.connection.name)

    /// A writer to `output`; writes the trace's `meta` header at once.
    init(output: CaptureOutput, metadata: TraceMetadata) {
        self.output = output
        var header: [UInt8] = []
        JSONLineEncoder.appendMeta(metadata, to: &header)
        output.append(header)
        summary.countHeader(bytes: header.count)
    }

    /// Scans `line` for its `tx`; nil for a line without one (or not an object).
    mutating func transaction(of line: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard fields.scan(line) else { return nil }
        return fields.integer(fields.tx, in: line)
    }

    /// Writes one line of `connection`.
    mutating func write(_ line: UnsafeBufferPointer<UInt8>, from connection: inout ConnectionState) {
        connection.lines += 1
        guard summary.admits(line, scanning: &fields, at: "connection \(connection.id), line \(connection.lines)") else { return }
        nextSeq += 1
        let start = output.pendingCount
        output.append(seqKey)
        output.appendDecimal(nextSeq)
        output.append(connectionKey)
        output.appendDecimal(Int64(connection.id))
        let isHeader = fields.string(fields.kind, in: line)
            .map { $0.elementsEqual(CaptureKeys.kindNames[Int(EventKind.meta.rawValue)]) } ?? false
        if isHeader {
            output.append(timestampKey)
            output.append(UInt8(ascii: "0"))
            output.append(connectionKind)
        } else {
            if let source = fields.integer(fields.seq, in: line) { connection.sequence.record(source, as: nextSeq) }
            if let ts = fields.integer(fields.ts, in: line) {
                connection.lastTimestamp = ts
            } else {
                output.append(timestampKey)
                output.appendDecimal(connection.lastTimestamp)
            }
        }
        for (index, member) in fields.members.enumerated() where index != fields.seq {
            if isHeader && index == fields.kind { continue }
            if index == fields.cause {
                guard let cause = fields.integer(index, in: line), let target = connection.sequence.target(of: cause) else { continue }
                output.append(causeKey)
                output.appendDecimal(target)
                continue
            }
            output.append(UInt8(ascii: ","))
            output.append(UnsafeBufferPointer(rebasing: line[(member.key.lowerBound - 1)..<member.value.upperBound]))
        }
        output.append(lineEnd)
        summary.count(fields, in: line, bytes: output.pendingCount - start)
        output.flushIfFull()
    }

    mutating func countCutOff() { summary.countCutOff() }
    mutating func countOverlong() { summary.countOverlong() }
    mutating func countConnection() { summary.countConnection() }
}

/// What the merged writer keeps per connection.
struct ConnectionState {
    /// The connection's number in the output (`conn`).
    let id: Int
    var sequence = SequenceMap()
    var lastTimestamp: Int64 = 0
    /// The connection's lines so far, for positions.
    var lines = 0
}
