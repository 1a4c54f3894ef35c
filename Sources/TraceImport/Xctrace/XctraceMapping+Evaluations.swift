import TracerCore

extension XctraceMapping {
    /// Adds an evaluation per body row (SwiftUI's own modules left out unless `allModules`);
    /// returns, when `joining`, each view's evaluations in start order and the evaluation of each row id.
    mutating func mapEvaluations(
        _ bodies: [XctraceRows.Body], views: [String], groups: UpdateGroups, _ settings: Settings, limit: UInt64,
        joining joins: Bool, _ writer: inout ImportedTraceWriter
    ) -> (byView: [String: [Int]], byID: [UInt64: Int]) {
        let exclusive = Self.exclusiveDurations(bodies, limit: limit)
        var evaluationsByView: [String: [Int]] = [:]
        var evaluationByID: [UInt64: Int] = [:]
        var viewSymbols = [Symbol?](repeating: nil, count: views.count)
        for (index, body) in bodies.enumerated() {
            if body.isSwiftUIModule && !settings.allModules {
                counts.swiftUIModuleRows += 1
                continue
            }
            var event = TraceEvent(kind: .bodyEval)
            if viewSymbols[Int(body.view)] == nil { viewSymbols[Int(body.view)] = writer.intern(views[Int(body.view)]) }
            event.view = viewSymbols[Int(body.view)]!
            event.tid = tid(body.thread)
            event.group = groups.number(holding: body.start, thread: body.thread)
            if let duration = exclusive[index] {
                event.ts = body.start &+ body.duration
                event.dur = duration
                event.hasDuration = true
            } else {
                event.ts = body.start
                if body.start == 0 { counts.startsAtZero += 1 } else { counts.garbageDurations += 1 }
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

    /// Each row's exclusive duration, by index; nil for a row without an interval (garbage
    /// duration or start 0).
    ///
    /// NB: per thread, rows in start order (the longer first on a tie) on a stack of the rows
    /// still open: the innermost open row holding a row is its direct parent.
    static func exclusiveDurations(_ bodies: [XctraceRows.Body], limit: UInt64) -> [UInt64?] {
        func hasInterval(_ body: XctraceRows.Body) -> Bool { body.start > 0 && body.duration <= limit }
        var nested = [UInt64](repeating: 0, count: bodies.count)
        let order = bodies.indices.filter { hasInterval(bodies[$0]) }.sorted {
            let (a, b) = (bodies[$0], bodies[$1])
            return (a.thread, a.start, UInt64.max - a.duration, $0) < (b.thread, b.start, UInt64.max - b.duration, $1)
        }
        var stack: [Int] = []
        for index in order {
            let body = bodies[index]
            if let top = stack.last, bodies[top].thread != body.thread { stack.removeAll(keepingCapacity: true) }
            while let top = stack.last, bodies[top].start &+ bodies[top].duration <= body.start { stack.removeLast() }
            if let top = stack.last, body.start &+ body.duration <= bodies[top].start &+ bodies[top].duration {
                nested[top] &+= body.duration
            }
            stack.append(index)
        }
        return bodies.indices.map { index in
            hasInterval(bodies[index]) ? bodies[index].duration - min(bodies[index].duration, nested[index]) : nil
        }
    }
}
