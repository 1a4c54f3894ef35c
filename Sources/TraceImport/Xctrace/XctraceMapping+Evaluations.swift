import TracerCore

extension XctraceMapping {
    /// Adds an evaluation per body row (SwiftUI's own modules left out unless `allModules`);
    /// returns, when `joining`, each view's evaluations in start order and the evaluation of each row id.
    mutating func mapEvaluations(
        _ bodies: [XctraceRows.Body], views: [String], groups: UpdateGroups, _ settings: Settings, joining joins: Bool, _ writer: inout ImportedTraceWriter
    ) -> (byView: [String: [Int]], byID: [UInt64: Int]) {
        let exclusive = Self.exclusiveDurations(bodies)
        var evaluationsByView: [String: [Int]] = [:]
        var evaluationByID: [UInt64: Int] = [:]
        var viewSymbols = [Symbol?](repeating: nil, count: views.count)
        for (index, body) in bodies.enumerated() {
            if body.isSwiftUIModule && !settings.allModules {
                counts.swiftUIModuleRows += 1
                tally.leaveOut(body.schema, XctraceImportSummary.Reason.swiftUIModule)
                continue
            }
            tally.importRows(body.schema)
            var event = TraceEvent(kind: .bodyEval)
            if viewSymbols[Int(body.view)] == nil { viewSymbols[Int(body.view)] = writer.intern(views[Int(body.view)]) }
            event.view = viewSymbols[Int(body.view)]!
            event.tid = tid(body.thread)
            event.group = groups.number(holding: body.start, thread: body.thread)
            if let duration = exclusive[index], let inclusive = body.duration {
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
        for key in evaluationsByView.keys { evaluationsByView[key]!.sort { pending[$0].key < pending[$1].key } }
        return (evaluationsByView, evaluationByID)
    }

    /// Each row's exclusive duration, by index; nil for a row without an interval (no duration,
    /// or start 0).
    ///
    /// NB: per thread, rows in start order (the longer first on a tie) on a stack of the rows
    /// still open: the innermost open row holding a row is its direct parent.
    static func exclusiveDurations(_ bodies: [XctraceRows.Body]) -> [UInt64?] {
        func length(_ index: Int) -> UInt64? { bodies[index].start > 0 ? bodies[index].duration : nil }
        func end(_ index: Int) -> UInt64 { Self.end(bodies[index].start, length(index)!) }
        var nested = [UInt64](repeating: 0, count: bodies.count)
        let order = bodies.indices.filter { length($0) != nil }.sorted {
            let (a, b) = (bodies[$0], bodies[$1])
            return (a.thread, a.start, UInt64.max - length($0)!, $0) < (b.thread, b.start, UInt64.max - length($1)!, $1)
        }
        var stack: [Int] = []
        for index in order {
            let body = bodies[index]
            if let top = stack.last, bodies[top].thread != body.thread { stack.removeAll(keepingCapacity: true) }
            while let top = stack.last, end(top) <= body.start { stack.removeLast() }
            if let top = stack.last, end(index) <= end(top) {
                let (sum, overflow) = nested[top].addingReportingOverflow(length(index)!)
                nested[top] = overflow ? .max : sum
            }
            stack.append(index)
        }
        return bodies.indices.map { index in length(index).map { $0 - min($0, nested[index]) } }
    }
}
