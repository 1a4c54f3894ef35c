import Tracer

/// The aggregate of one range of a trace, keyed by names so that ranges parsed on different
/// threads (with different interned ids) merge.
struct PartialAggregate: Sendable {
    /// A written property: its origin without the site (a property's site is the first one seen).
    struct Property: Sendable, Hashable {
        var view: String
        var prop: String
        var wrapper: String
    }

    struct ViewPart: Sendable {
        var stats: ViewStats
        var durations = DurationAccumulator()
        var writes: [Property: Int] = [:]
        var causes: [Property: Int] = [:]
    }

    var file: String
    var header: TraceHeader?
    var views: [String: ViewPart] = [:]
    /// The declaration site of each property, as first seen.
    var sites: [Property: String] = [:]
    var kindCounts: [String: Int] = [:]
    /// The events before this range's first mark (in a later range: the continuation of the
    /// previous range's last interval).
    var leading = EventCounters()
    var marks: [MarkInterval] = []
    var warnings: [TraceDiagnostic] = []
    var invalidLineCount = 0
    var invalidLines: [TraceDiagnostic] = []
    var lineCount = 0
    var keptDiagnostics = 10
    /// With `AnalysisOptions.markViews`: per mark name, the per-view figures of its intervals.
    var markViews: [String: [String: ViewPart]] = [:]
    /// With `AnalysisOptions.markViews`: the per-view figures before this range's first mark.
    var leadingMarkViews: [String: ViewPart] = [:]
    /// Events whose `cause` refers to an event before this range (in an earlier range): their
    /// chains cannot be followed from here.
    var crossingCauses = 0

    /// Appends `later` (the range after this one), whose line numbers are relative to its start.
    mutating func append(_ later: PartialAggregate) {
        Self.merge(later.views, into: &views)
        // NB: the later range's events before its first mark continue this range's last interval.
        if let last = marks.last?.name, !later.leadingMarkViews.isEmpty {
            Self.merge(later.leadingMarkViews, into: &markViews[last, default: [:]])
        } else {
            Self.merge(later.leadingMarkViews, into: &leadingMarkViews)
        }
        for (name, parts) in later.markViews { Self.merge(parts, into: &markViews[name, default: [:]]) }
        sites.merge(later.sites) { earlier, _ in earlier }
        kindCounts.merge(later.kindCounts, uniquingKeysWith: +)
        if marks.isEmpty { leading.add(later.leading) } else { marks[marks.count - 1].counters.add(later.leading) }
        marks += later.marks
        let shift = lineCount
        func shifted(_ diagnostics: [TraceDiagnostic]) -> [TraceDiagnostic] {
            diagnostics.map { var moved = $0; moved.line += shift; return moved }
        }
        warnings += shifted(later.warnings)
        invalidLineCount += later.invalidLineCount
        invalidLines = Array((invalidLines + shifted(later.invalidLines)).prefix(keptDiagnostics))
        lineCount += later.lineCount
    }

    /// Adds each view's figures in `parts` to those in `views`.
    private static func merge(_ parts: [String: ViewPart], into views: inout [String: ViewPart]) {
        for (name, part) in parts {
            guard var mine = views[name] else {
                views[name] = part
                continue
            }
            mine.stats.bodyEvals += part.stats.bodyEvals
            mine.stats.skips += part.stats.skips
            mine.stats.wastedEvals += part.stats.wastedEvals
            mine.stats.invalidations += part.stats.invalidations
            mine.stats.writes += part.stats.writes
            mine.stats.evalsCausedByWrites += part.stats.evalsCausedByWrites
            mine.durations.merge(part.durations)
            mine.writes.merge(part.writes, uniquingKeysWith: +)
            mine.causes.merge(part.causes, uniquingKeysWith: +)
            views[name] = mine
        }
    }

    /// The finished statistics of one view.
    private func finished(_ part: ViewPart) -> ViewStats {
        var stats = part.stats
        stats.bodyTime = part.durations.stats
        stats.writesByProperty = ranked(part.writes)
        stats.writesByWrapper = part.writes.reduce(into: [:]) { $0[$1.key.wrapper, default: 0] += $1.value }
        stats.causes = ranked(part.causes)
        return stats
    }

    /// The finished summary.
    var summary: TraceSummary {
        let viewStats = views.values.map(finished).sorted { $0.view < $1.view }
        var totals = leading
        for mark in marks { totals.add(mark.counters) }
        let known = Set(EventKind.allCases.map(\.name))
        return TraceSummary(
            file: file, header: header, views: viewStats, totals: totals, kindCounts: kindCounts,
            unknownKinds: kindCounts.filter { !known.contains($0.key) }, marks: marks, beforeFirstMark: leading,
            warnings: warnings, invalidLineCount: invalidLineCount, invalidLines: invalidLines, lineCount: lineCount,
            markViews: markViews.mapValues { $0.mapValues(finished) })
    }

    /// `counts` by origin, ranked as reports list them.
    private func ranked(_ counts: [Property: Int]) -> [OriginCount] {
        // NB: each property has one site, so the origins are as distinct as the properties.
        counts.map { property, count in
            OriginCount(
                origin: WriteOrigin(view: property.view, prop: property.prop, wrapper: property.wrapper, site: sites[property] ?? ""),
                count: count)
        }.sorted(by: OriginCount.isRankedBefore)
    }
}
