import Tracer

/// Checks a trace against the `tracer/1` contract and lists every violation with its position.
///
/// Checks: each line is valid JSON with correctly typed known fields; the first event is the
/// `meta` header naming `tracer/1`; `seq` is present and strictly increasing; `ts` is present
/// and non-negative; `cause` refers to an earlier `seq` (of the same transaction when it has a
/// `tx`); known kinds carry their required fields (`write`: view, prop, wrapper; `body-eval`:
/// view, dur; `mark`: name; other view kinds: view); `changed` is a boolean on writes and a
/// non-negative integer on body evaluations.
public enum TraceValidator {
    /// The diagnostics of `source`, in line order, at most `limit` of them (errors and warnings).
    ///
    /// Never throws for bad content: an unreadable file or empty trace becomes a diagnostic.
    public static func validate(source: TraceSource, limit: Int = 100) -> [TraceDiagnostic] {
        var found: [TraceDiagnostic] = []
        do {
            var reader = try TraceReader(source: source, options: TraceReadOptions(lenient: true, keptDiagnostics: limit, threads: 1))
            var checker = ContractChecker()
            while let event = try reader.next() {
                checker.check(event, reader, &found)
                if found.count >= limit { break }
            }
            found += reader.invalidLines + reader.warnings
        } catch {
            found.append(error.diagnostic)
        }
        return Array(found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.prefix(limit))
    }
}

/// The contract rules that span lines: header first, `seq` order, `cause` targets.
private struct ContractChecker {
    private var previousSeq: Int64?
    private var transaction: Int64?
    private var transactionSeqs: Set<Int64> = []
    private var isFirst = true

    mutating func check(_ event: ParsedEvent, _ reader: borrowing TraceReader, _ found: inout [TraceDiagnostic]) {
        func report(_ field: TraceField?, _ message: String) {
            let column = field.map { reader.column(of: $0) } ?? 1
            found.append(TraceDiagnostic(file: reader.displayName, line: event.line, column: column, message: message, severity: .error))
        }
        defer { isFirst = false }
        if event.kind == .meta {
            if !isFirst { report(.kind, "expected the meta header only on the first line") }
            return
        }
        if isFirst { report(nil, "expected a meta header (\"\(TraceSchema.Field.kind)\":\"\(EventKind.meta.name)\") on the first line") }
        guard event.has(.seq) else { return report(nil, "expected a \"\(TraceField.seq.key)\" field") }
        if let previousSeq, event.seq <= previousSeq {
            report(.seq, "expected seq greater than \(previousSeq) (seq must strictly increase)")
        }
        previousSeq = event.seq
        if !event.has(.ts) {
            report(nil, "expected a \"\(TraceField.ts.key)\" field")
        } else if event.ts < 0 {
            report(.ts, "expected a non-negative ts")
        }
        if event.has(.tx) && event.tx != transaction {
            transaction = event.tx
            transactionSeqs.removeAll(keepingCapacity: true)
        }
        if event.has(.cause) {
            if event.cause >= event.seq {
                report(.cause, "expected cause to refer to an earlier seq (cause \(event.cause), seq \(event.seq))")
            } else if event.has(.tx) && !transactionSeqs.contains(event.cause) {
                report(.cause, "expected cause \(event.cause) to be an earlier event of transaction \(event.tx)")
            }
        }
        if event.has(.tx) { transactionSeqs.insert(event.seq) }
        guard let kind = event.kind else { return }
        for field in Self.requiredFields(kind) where !event.has(field) {
            report(.kind, "expected a \"\(field.key)\" field (required on \"\(kind.name)\" events)")
        }
        if event.has(.changed) {
            if kind == .write && !event.changedIsBoolean {
                report(.changed, "expected a boolean for \"changed\" on a \"write\" event")
            } else if kind == .bodyEval && (event.changedIsBoolean || event.changed < 0) {
                report(.changed, "expected a non-negative integer for \"changed\" on a \"body-eval\" event")
            }
        }
    }

    private static func requiredFields(_ kind: EventKind) -> [TraceField] {
        switch kind {
        case .write: return [.view, .prop, .wrapper]
        case .bodyEval: return [.view, .dur]
        case .mark: return [.name]
        case .dropped: return [.count]
        case .warning: return [.message]
        default: return kind.requiresView ? [.view] : []
        }
    }
}
