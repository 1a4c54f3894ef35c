import TracerCore

extension XctraceMapping {
    /// Adds an evaluation per body row (SwiftUI's own modules left out unless `allModules`);
    /// returns, when `joining`, each view's evaluations in start order and the evaluation of each row id.
    mutating func mapEvaluations(
        _ bodies: XctraceBodyChunks, views: [String], groups: UpdateGroups, _ settings: Settings, joining joins: Bool,
        _ writer: inout ImportedTraceWriter
    ) -> (byView: [String: [Int]], byID: [UInt64: Int]) {
        let nested = Self.nestedDurations(bodies)
        var evaluationsByView: [String: [Int]] = [:]
        var evaluationByID: [UInt64: Int] = [:]
        var viewSymbols = [Symbol?](repeating: nil, count: views.count)
        // NB: rows counted by table here, tallied after the loop (no table name hashed per row).
        var imported = [Int](repeating: 0, count: XctraceRows.Body.schemas.count), ofSwiftUI = imported
        for index in bodies.indices {
            let body = bodies[index]
            bodies.release(after: index)
            if body.isSwiftUIModule && !settings.allModules {
                counts.swiftUIModuleRows += 1
                ofSwiftUI[body.schemaIndex] += 1
                continue
            }
            imported[body.schemaIndex] += 1
            var event = TraceEvent(kind: .bodyEval)
            if viewSymbols[Int(body.view)] == nil { viewSymbols[Int(body.view)] = writer.intern(views[Int(body.view)]) }
            event.view = viewSymbols[Int(body.view)]!
            event.tid = tid(body.thread)
            event.group = groups.number(holding: body.start, thread: body.thread)
            if let duration = Self.exclusiveDuration(of: body, nested: nested[index]), let inclusive = body.duration {
                event.ts = Self.end(body.start, inclusive)
                event.dur = duration
                event.hasDuration = true
            } else {
                event.ts = body.start
                if body.start == 0 { counts.startsAtZero += 1 } else { counts.untimedEvaluations += 1 }
            }
            if joins {
                evaluationsByView[views[Int(body.view)], default: []].append(pending.count)
                if let id = body.id { evaluationByID[id] = pending.count }
            }
            append(event, key: body.start, rank: 3)
            counts.evaluations += 1
        }
        for (schema, index) in zip(XctraceRows.Body.schemas, imported.indices) {
            tally.importRows(schema, imported[index])
            tally.leaveOut(schema, XctraceImportSummary.Reason.swiftUIModule, ofSwiftUI[index])
        }
        for key in evaluationsByView.keys { evaluationsByView[key]!.sort { pending[$0].key < pending[$1].key } }
        return (evaluationsByView, evaluationByID)
    }

    /// A row's exclusive duration: its duration less `nested`, the time of the rows directly
    /// nested in it (`nestedDurations`); nil for a row without an interval (no duration, or start 0).
    @inline(__always)
    static func exclusiveDuration(of body: XctraceRows.Body, nested: UInt64) -> UInt64? {
        guard body.start > 0, let length = body.duration else { return nil }
        return length - min(length, nested)
    }

    /// The time of the rows directly nested in each row, by index (saturating at 2^64 − 1).
    ///
    /// NB: per thread, rows in start order (the longer first on a tie) on a stack of the rows
    /// still open: the innermost open row holding a row is its direct parent. One `UInt64` per
    /// row: the exclusive durations are taken from it as the evaluations are made.
    static func nestedDurations(_ bodies: XctraceBodyChunks) -> [UInt64] {
        // NB: the rows with an interval with what orders them, read from the chunks once.
        var rows: [(thread: UInt64, start: UInt64, longestFirst: UInt64, index: Int)] = []
        rows.reserveCapacity(bodies.count)
        for index in bodies.indices {
            let body = bodies[index]
            if body.start > 0, let length = body.duration { rows.append((body.thread, body.start, .max - length, index)) }
        }
        rows.sort { ($0.thread, $0.start, $0.longestFirst, $0.index) < ($1.thread, $1.start, $1.longestFirst, $1.index) }
        var nested = [UInt64](repeating: 0, count: bodies.count)
        var stack: [(index: Int, end: UInt64, thread: UInt64)] = []
        for row in rows {
            let length = .max - row.longestFirst, end = Self.end(row.start, length)
            if let top = stack.last, top.thread != row.thread { stack.removeAll(keepingCapacity: true) }
            while let top = stack.last, top.end <= row.start { stack.removeLast() }
            if let top = stack.last, end <= top.end {
                let (sum, overflow) = nested[top.index].addingReportingOverflow(length)
                nested[top.index] = overflow ? .max : sum
            }
            stack.append((row.index, end, row.thread))
        }
        return nested
    }
}
