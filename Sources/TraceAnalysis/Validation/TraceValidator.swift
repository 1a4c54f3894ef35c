import TracerCore

/// Checks a trace against the `tracer/1` contract and lists every violation with its position.
///
/// Checks: each line is valid JSON with correctly typed known fields; the first event is the
/// `meta` header naming `tracer/1`; `seq` is present and strictly increasing; `ts` is present
/// and non-negative; `cause` refers to an earlier `seq`, of the same transaction when both have a
/// `tx`, except on a write: a handler an evaluation scheduled (`.onChange`) writes in a later
/// transaction, caused by that evaluation; `causes` only on a body-eval, its first its `cause`,
/// each `seq` once, each referring as `cause` does; known kinds carry their required fields (`write`:
/// view, prop, wrapper; `body-eval`: view, dur; `mark`: name; `update-group`: group; other view
/// kinds: view; `hitch`: none), except the fields the header's `capabilities` say the source
/// cannot produce (`wrapper`, `dur`) and `dur` on the evaluations of an Instruments trace;
/// `changed` is a boolean on writes and a non-negative integer on body evaluations; `extract` is
/// at most `built`; `old`, `new` and `values` appear on writes only, `old` and `new` together
/// (each at most 64 bytes of UTF-8) or the `values` marker (`redacted`, `unavailable`) instead.
public enum TraceValidator {
    /// The diagnostics of `source`, in line order, at most `limit` of them (errors and warnings).
    ///
    /// Never throws for bad content: an unreadable file or empty trace becomes a diagnostic.
    public static func validate(source: TraceInput, limit: Int = 100) -> [TraceDiagnostic] {
        validation(of: source, limit: limit).diagnostics
    }

    /// The first `limit` diagnostics of `source`, in line order, and how many errors and warnings
    /// there are in all: the whole trace is checked, past the limit too.
    public static func validation(of source: TraceInput, limit: Int = 100) -> TraceValidation {
        var found: [TraceDiagnostic] = []
        var reader: TraceReader
        do {
            reader = try TraceReader(source: source, options: TraceReadOptions(lenient: true, keptDiagnostics: limit, threads: 1))
        } catch {
            return TraceValidation(diagnostics: [error.diagnostic])
        }
        var checker = ContractChecker()
        // NB: the checker reports in line order, so its first `limit` are all that can be among
        // the first `limit` overall; the rest are only counted.
        var uncheckedErrors = 0
        do throws(TraceError) {
            while let event = try reader.next() {
                checker.check(event, reader, &found)
                if found.count > limit {
                    uncheckedErrors += found.count - limit
                    found.removeLast(found.count - limit)
                }
            }
        } catch {
            found.append(error.diagnostic)
        }
        // NB: the checker reports a missing header and every `seq` out of order as errors; the
        // reader's warnings about them would only repeat them.
        let repeated = [checker.missingHeaderLine, reader.seqOrder.firstDecrease]
        found += reader.invalidLines + reader.warnings.filter { !repeated.contains($0.line) }
        var validation = TraceValidation(diagnostics: Array(found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.prefix(limit)))
        validation.errorCount = found.count { $0.severity == .error } + uncheckedErrors + reader.invalidLineCount - reader.invalidLines.count
        validation.warningCount = found.count { $0.severity == .warning }
        return validation
    }
}

/// What `TraceValidator.validation(of:limit:)` found.
public struct TraceValidation: Sendable, Equatable {
    /// The first diagnostics, in line order, up to the limit.
    public var diagnostics: [TraceDiagnostic]
    /// Errors in the whole trace, those past the limit included.
    public var errorCount: Int
    /// Warnings in the whole trace.
    public var warningCount: Int

    /// A validation of `diagnostics` alone.
    init(diagnostics: [TraceDiagnostic]) {
        self.diagnostics = diagnostics
        errorCount = diagnostics.count { $0.severity == .error }
        warningCount = diagnostics.count - errorCount
    }
}

/// The contract rules that span lines: header first, `seq` order, `cause` targets.
private struct ContractChecker {
    /// What is known of a recent `seq`: its `tx`, or `noTransaction`.
    private static let noTransaction = Int64.min
    private var previousSeq: Int64?
    private let transactions = RecentSeqTable<Int64>()
    private var isFirst = true
    /// The line of the first event when it is not the `meta` header.
    private(set) var missingHeaderLine: Int?

    mutating func check(_ event: ParsedEvent, _ reader: borrowing TraceReader, _ found: inout [TraceDiagnostic]) {
        func report(_ field: TraceField?, _ message: String) {
            let column = field.map { reader.column(of: $0) } ?? 1
            found.append(TraceDiagnostic(file: reader.displayName, line: event.line, column: column, message: message, severity: .error))
        }
        defer { isFirst = false }
        // NB: the reader stops at a second header itself.
        if event.kind == .meta { return }
        if isFirst {
            missingHeaderLine = event.line
            report(nil, "expected a meta header (\"\(TraceSchema.Field.kind)\":\"\(EventKind.meta.name)\") on the first line")
        }
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
        // NB: `seq` order makes a cause precede its effect. An invalidation, evaluation or skip is
        // work of its cause's transaction; a write may be made by a handler that an earlier
        // transaction's evaluation scheduled (`.onChange`), and names that evaluation as its cause.
        if event.has(.cause), let problem = referenceProblem(event.cause, named: "cause", of: event) { report(.cause, problem) }
        if event.has(.causes), let problem = causesProblem(reader.causes(event.causes), of: event) { report(.causes, problem) }
        transactions.store(event.has(.tx) ? event.tx : Self.noTransaction, for: event.seq)
        guard let kind = event.kind else { return }
        for field in Self.requiredFields(kind, reader.header) where !event.has(field) {
            report(.kind, "expected a \"\(field.key)\" field (required on \"\(kind.name)\" events)")
        }
        if event.has(.changed) {
            if kind == .write && !event.changedIsBoolean {
                report(.changed, "expected a boolean for \"changed\" on a \"write\" event")
            } else if kind == .bodyEval && (event.changedIsBoolean || event.changed < 0) {
                report(.changed, "expected a non-negative integer for \"changed\" on a \"body-eval\" event")
            }
        }
        for (field, message) in Self.valueProblems(event, kind, reader) { report(field, message) }
        // NB: `extract` counts some of the values `built` counts (less one per leaf); the readers
        // take a larger one as `built`.
        if event.has(.extractable) && event.has(.built) && event.extractable > event.built {
            let (extract, built) = (TraceField.extractable.key, TraceField.built.key)
            report(.extractable, "expected \"\(extract)\" at most \"\(built)\" (\(event.extractable) > \(event.built)): "
                + "it counts some of the values the body built")
        }
    }

    /// What is wrong with `event`'s reference `target` (its `cause` or one of its `causes`): not an
    /// earlier `seq`, no recent event's, or of another transaction (allowed on a write only).
    private func referenceProblem(_ target: Int64, named name: String, of event: ParsedEvent) -> String? {
        let targetTransaction = transactions.value(for: target)
        if target >= event.seq {
            return "expected \(name) to refer to an earlier seq (\(name) \(target), seq \(event.seq))"
        } else if targetTransaction == nil && event.seq - target < Int64(RecentSeqTable<Int64>.capacity) {
            return "expected \(name) \(target) to be the seq of an earlier event"
        } else if let targetTransaction, event.has(.tx), targetTransaction != Self.noTransaction,
                  targetTransaction != event.tx, event.kind != .write {
            return "expected \(name) \(target) to be an event of transaction \(event.tx), not of \(targetTransaction) "
                + "(only a write's cause may be of an earlier transaction)"
        }
        return nil
    }

    /// What is wrong with `event`'s `causes` list `seqs`: on a body-eval only, non-empty, its first
    /// its `cause`, no `seq` twice, each a reference as `cause` is.
    private func causesProblem(_ seqs: [Int64], of event: ParsedEvent) -> String? {
        let key = TraceField.causes.key
        guard event.kind == .bodyEval else { return "expected \"\(key)\" only on \"\(EventKind.bodyEval.name)\" events" }
        guard let first = seqs.first else { return "expected at least one seq in \"\(key)\"" }
        guard event.has(.cause), first == event.cause else {
            return "expected the first of \"\(key)\" (\(first)) to equal \"\(TraceField.cause.key)\" "
                + (event.has(.cause) ? "(\(event.cause))" : "(absent)")
        }
        if let repeated = seqs.enumerated().first(where: { seqs[..<$0.offset].contains($0.element) })?.element {
            return "expected each seq once in \"\(key)\" (\(repeated) is listed twice)"
        }
        return seqs.dropFirst().lazy.compactMap { referenceProblem($0, named: key, of: event) }.first
    }

    /// What is wrong with `event`'s values (`old`, `new`, the `values` marker): found only on
    /// writes, `old` and `new` together and instead of the marker, each text at most
    /// `ValueText.capacity` bytes, the marker one of its spellings.
    private static func valueProblems(_ event: ParsedEvent, _ kind: EventKind, _ reader: borrowing TraceReader) -> [(TraceField, String)] {
        let (old, new, marker) = (event.has(.old), event.has(.new), event.has(.values))
        guard old || new || marker else { return [] }
        let first: TraceField = old ? .old : new ? .new : .values
        guard kind == .write else { return [(first, "expected \"\(first.key)\" only on \"write\" events")] }
        guard !marker || !(old || new) else { return [(.values, "expected either \"old\" and \"new\" or \"values\", not both")] }
        guard old == new else { return [(first, "expected \"old\" and \"new\" together")] }
        if marker {
            let spellings = [WriteValuesState.redacted, .unavailable].compactMap(\.marker)
            let text = reader.string(event.valuesMarker)
            return spellings.contains(text) ? [] : [(.values, "expected \(spellings.map { "\"\($0)\"" }.joined(separator: " or ")) for \"values\", not \"\(text)\"")]
        }
        return [(TraceField.old, event.old), (.new, event.new)].compactMap { field, id in
            let bytes = reader.string(id).utf8.count
            return bytes > ValueText.capacity ? (field, "expected at most \(ValueText.capacity) bytes of UTF-8 in \"\(field.key)\" (\(bytes))") : nil
        }
    }

    /// The fields an event of `kind` must carry in a trace whose header is `header`.
    private static func requiredFields(_ kind: EventKind, _ header: TraceHeader?) -> [TraceField] {
        let can = { (capability: TraceCapability) in header?.can(capability) ?? true }
        switch kind {
        case .write: return can(.wrapper) ? [.view, .prop, .wrapper] : [.view, .prop]
        // NB: an Instruments update still in flight when recording stopped has no length.
        case .bodyEval: return can(.duration) && !(header?.isInstruments ?? false) ? [.view, .dur] : [.view]
        case .updateGroup: return [.group]
        case .mark: return [.name]
        case .dropped: return [.count]
        case .warning: return [.message]
        default: return kind.requiresView ? [.view] : []
        }
    }
}
