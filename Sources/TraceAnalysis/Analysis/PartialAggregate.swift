import TracerCore
import TraceSupport

/// The aggregate of one range of a trace, keyed by names so that ranges parsed on different
/// threads (with different interned ids) merge.
struct PartialAggregate: Sendable {
    /// One view's figures (its name is its key); writes and causes are keyed by index in
    /// `origins`.
    struct ViewPart: Sendable {
        var tally: ViewPartial
        var writes = OriginCounts()
        var causes = OriginCounts()
        /// `inputs-changed` evaluations by the inputs that differed (`ParsedEvent.inputs`'s text).
        var inputs: [String: Int] = [:]

        /// Adds `other`'s figures; `moved[i]` is the index here of `other`'s origin `i`.
        mutating func add(_ other: ViewPart, moving moved: [Int]) {
            tally.add(other.tally)
            writes.add(other.writes, moving: moved)
            causes.add(other.causes, moving: moved)
            inputs.merge(other.inputs, uniquingKeysWith: +)
        }
    }

    /// Counts by origin index and inference (`InferenceOutcome`, 0: recorded), each pair once.
    ///
    /// NB: a view has a few origins: an array of entries, merged by sorting, takes neither hashing
    /// nor a table per view.
    struct OriginCounts: Sendable {
        private(set) var entries: [(origin: Int, inference: UInt8, count: Int)] = []

        /// Adds `count` for `origin` reached with `inference`, which has none yet.
        mutating func append(origin: Int, inference: UInt8 = 0, count: Int) { entries.append((origin, inference, count)) }

        /// Adds `other`'s counts; `moved[i]` is the index here of `other`'s origin `i`.
        mutating func add(_ other: OriginCounts, moving moved: [Int]) {
            guard !other.entries.isEmpty else { return }
            var all = entries
            all.reserveCapacity(entries.count + other.entries.count)
            for entry in other.entries { all.append((moved[entry.origin], entry.inference, entry.count)) }
            all.sort { ($0.origin, $0.inference) < ($1.origin, $1.inference) }
            entries.removeAll(keepingCapacity: true)
            for entry in all {
                if let last = entries.last, entry.origin == last.origin, entry.inference == last.inference {
                    entries[entries.count - 1].count += entry.count
                } else {
                    entries.append(entry)
                }
            }
        }
    }

    /// The views of one range: names, figures, and their order by name.
    ///
    /// NB: arrays, not a dictionary keyed by name: a trace may have a million views, each seen a
    /// few times; sorting each range's names (on its own thread) lets ranges merge in one pass.
    /// A view's counts and body times stay in the tables the range gathered them in (`tallies`),
    /// read when the summary is made, never copied per view.
    struct ViewParts: Sendable {
        /// The tables of the range's counts and body times, by view id.
        private let tallies: RangeTables?
        private(set) var names: [String] = []
        /// Each view's id in `tallies`.
        private var ids: [Int32] = []
        /// The writes and causes of the views (by index) that have any: in a long list most have none.
        private var writes: [Int: OriginCounts] = [:]
        private var causes: [Int: OriginCounts] = [:]
        private var inputs: [Int: [String: Int]] = [:]
        /// Indices of `names`, in name order (after `sortByName()`).
        private(set) var order: [Int32] = []

        /// No views, room for `capacity`; the figures of those appended are in `tallies`.
        init(tallies: RangeTables? = nil, capacity: Int = 0) {
            self.tallies = tallies
            names.reserveCapacity(capacity)
            ids.reserveCapacity(capacity)
        }

        /// Appends view `name` (not yet here), whose figures are `tallies`' id `id`; returns its index.
        mutating func append(_ name: String, id: Int) -> Int {
            names.append(name)
            ids.append(Int32(id))
            return names.count - 1
        }

        /// Adds `count` writes from `origin` (which has none yet) to the view at `index`.
        mutating func addWrites(_ count: Int, from origin: Int, at index: Int) {
            writes[index, default: OriginCounts()].append(origin: origin, count: count)
        }

        /// Adds `count` evaluations caused by `origin` through `inference` (that pair has none yet)
        /// to the view at `index`.
        mutating func addCauses(_ count: Int, from origin: Int, inference: UInt8, at index: Int) {
            causes[index, default: OriginCounts()].append(origin: origin, inference: inference, count: count)
        }

        /// Adds `count` evaluations whose inputs `names` differed to the view at `index`.
        mutating func addInputs(_ count: Int, names: String, at index: Int) {
            inputs[index, default: [:]][names, default: 0] += count
        }

        /// The figures of the view at `index`.
        func part(at index: Int) -> ViewPart {
            ViewPart(
                tally: tallies!.tally(of: Int(ids[index])), writes: writes[index] ?? OriginCounts(),
                causes: causes[index] ?? OriginCounts(), inputs: inputs[index] ?? [:])
        }

        /// Works out `order`.
        mutating func sortByName() {
            let names = names
            order = Array(0..<Int32(names.count))
            order.sort { names[Int($0)] < names[Int($1)] }
        }
    }

    /// A range's counts and body times by view id, read-only once the range is read.
    ///
    /// NB: `@unchecked Sendable`: the tables are written by the range's thread only until it hands
    /// them over; after that they are only read (by the summary's threads).
    final class RangeTables: @unchecked Sendable {
        private let counters: DenseTable<NarrowCounts>
        /// The 2^32s carried from `counters` (see `NarrowCounts`).
        private let carried: [Int: CountVector]
        private let durations: DurationTable

        /// The tables of a finished range.
        init(counters: DenseTable<NarrowCounts>, carried: [Int: CountVector], durations: DurationTable) {
            self.counters = counters
            self.carried = carried
            self.durations = durations
        }

        /// View `id`'s counts and body times.
        func tally(of id: Int) -> ViewPartial {
            ViewPartial(counters: counters[id].widened(carried: carried[id]), durations: durations.accumulator(for: id))
        }
    }

    var reading: RangeReading
    var views = ViewParts()
    /// The views of later ranges, each with the index here of its origins (`moved[i]` for its
    /// origin `i`), not yet added to `views`.
    ///
    /// NB: they are added view by view while the summary is made, on all of its threads.
    var laterViews: [(parts: ViewParts, moved: [Int])] = []
    /// The origin of every written property, each property once (with the site it was first
    /// seen at).
    ///
    /// NB: views refer to origins by index, so that neither merging nor ranking hashes or
    /// compares their names per view.
    var origins: [WriteOrigin] = []
    var kindCounts: [String: Int] = [:]
    /// The events before this range's first mark (in a later range: the continuation of the
    /// previous range's last interval).
    var leading = EventCounts()
    var marks: [MarkInterval] = []
    /// The lengths of the range's `update-group` events.
    var updateGroups = DurationAccumulator()
    /// The update groups per label.
    var updateGroupLabels: [String: UpdateGroupLabel] = [:]
    var invalidLines: [TraceDiagnostic] = []
    var keptDiagnostics = 10
    /// The clients of `record --listen` the trace names, and the events of others left out.
    var connections: [TraceConnection] = []
    var selectedConnection: Int64?
    var filteredEventCount = 0
    /// With `AnalysisOptions.markViews`: per mark name, the per-view figures of its intervals.
    var markViews: [String: [String: ViewPart]] = [:]
    /// With `AnalysisOptions.markViews`: the per-view figures before this range's first mark.
    var leadingMarkViews: [String: ViewPart] = [:]
    /// With `AnalysisOptions.causeGraph`: the cause graph's edges by their endpoints' names.
    var edges: [CauseEdge.Key: CauseEdge]?
    /// The index in `origins` of the property each edge from a source takes its wrapper and site
    /// from.
    var edgeSources: [CauseEdge.Key: Int] = [:]
    /// The first appearances the edges' ranges handed out so far: a later range's come after them.
    var edgeAppearances = 0

    /// Appends `later` (the range after this one), whose line numbers are relative to its start.
    mutating func append(_ later: PartialAggregate) {
        var indexOf = Dictionary(uniqueKeysWithValues: origins.enumerated().map { (WriteOrigin.Property($1), $0) })
        let moved = later.origins.map { origin in
            if let index = indexOf[WriteOrigin.Property(origin)] { return index }
            origins.append(origin)
            indexOf[WriteOrigin.Property(origin)] = origins.count - 1
            return origins.count - 1
        }
        laterViews.append((later.views, moved))
        laterViews += later.laterViews.map { ($0.parts, $0.moved.map { moved[$0] }) }
        // NB: the later range's events before its first mark continue this range's last interval.
        if let last = marks.last?.name, !later.leadingMarkViews.isEmpty {
            Self.merge(later.leadingMarkViews, into: &markViews[last, default: [:]], moving: moved)
        } else {
            Self.merge(later.leadingMarkViews, into: &leadingMarkViews, moving: moved)
        }
        for (name, parts) in later.markViews { Self.merge(parts, into: &markViews[name, default: [:]], moving: moved) }
        kindCounts.merge(later.kindCounts, uniquingKeysWith: +)
        updateGroups.merge(later.updateGroups)
        updateGroupLabels.merge(later.updateGroupLabels) { var merged = $0; merged.add($1); return merged }
        if marks.isEmpty { leading.add(later.leading) } else { marks[marks.count - 1].counters.add(later.leading) }
        marks += later.marks
        invalidLines = Array((invalidLines + later.invalidLines.shifted(by: lineCount)).prefix(keptDiagnostics))
        connections += later.connections
        filteredEventCount += later.filteredEventCount
        if let laterEdges = later.edges {
            for (key, var edge) in laterEdges {
                edge.firstAppearance += edgeAppearances
                // NB: an edge new here takes its property's site as it stands here, the first in
                // file order: the later range's first site of it may come after one of ours.
                if edges?[key] == nil, let source = later.edgeSources[key] {
                    edgeSources[key] = moved[source]
                    edge.site = origins[moved[source]].site
                }
                edges?[key, default: CauseEdge(key: key)].add(edge)
            }
            edgeAppearances += later.edgeAppearances
        }
        appendReading(of: later)
    }

    /// Adds each view's figures in `parts` to those in `views`; `moved[i]` is the index in
    /// `origins` of the parts' origin `i`.
    private static func merge(_ parts: [String: ViewPart], into views: inout [String: ViewPart], moving moved: [Int]) {
        for (name, part) in parts {
            var index = views.index(forKey: name)
            if index == nil {
                views[name] = ViewPart(tally: ViewPartial())
                index = views.index(forKey: name)
            }
            // NB: through the index, the part is updated in place rather than copied out and back.
            views.values[index!].add(part, moving: moved)
        }
    }

    /// The finished statistics of view `name`.
    private func finished(_ name: String, _ part: ViewPart) -> ViewStats {
        var stats = part.tally.counters.stats(view: name)
        stats.bodyTime = part.tally.durations.stats
        stats.writesByProperty = ranked(part.writes)
        stats.writesByWrapper = part.writes.entries.reduce(into: [:]) { $0[origins[$1.origin].wrapper, default: 0] += $1.count }
        stats.causes = ranked(part.causes)
        stats.changedInputs = part.inputs.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { InputsCount(inputs: $0.key.components(separatedBy: ", "), evals: $0.value) }
        return stats
    }

    /// `counts` (keyed by index in `origins`) as reports list them: by count (descending), then
    /// by the property's first write, recorded before inferred.
    ///
    /// NB: `origins` are in the order of their first write: each range's in the order it met
    /// them, a later range's new ones after the earlier ranges', however the trace was split.
    private func ranked(_ counts: OriginCounts) -> [OriginCount] {
        counts.entries.sorted { $0.count != $1.count ? $0.count > $1.count : ($0.origin, $0.inference) < ($1.origin, $1.inference) }
            .map { OriginCount(origin: origins[$0.origin], count: $0.count, inference: InferenceOutcome(rawValue: $0.inference) ?? .notInferred) }
    }

    /// Sets each view's `firstAppearance`: its rank by where it first appears, its first part's
    /// range (ranges in file order) and index there (a range's views in the order of their first event).
    ///
    /// NB: the rank, not the place itself, which depends on how the trace was split.
    private static func rankFirstAppearances(
        _ views: inout [ViewStats], entries: [(range: Int32, index: Int32)], starts: [Int32], rangeSizes: [Int]
    ) {
        var offsets = [0]
        for size in rangeSizes.dropLast() { offsets.append(offsets.last! + size) }
        let places = views.indices.map { view in
            let first = entries[Int(starts[view])]
            return offsets[Int(first.range)] + Int(first.index)
        }
        for (rank, view) in views.indices.sorted(by: { places[$0] < places[$1] }).enumerated() { views[view].firstAppearance = rank }
    }

    /// Where each view's figures are, in name order: `entries[starts[i]..<starts[i + 1]]` are
    /// the view `i`'s parts, as (range, index in its `ViewParts`) with range 0 this one and range
    /// `r` `laterViews[r - 1]`.
    private func mergedOrder() -> (entries: [(range: Int32, index: Int32)], starts: [Int32]) {
        let ranges = [views] + laterViews.map(\.parts)
        var cursors = Array(repeating: 0, count: ranges.count)
        var entries: [(range: Int32, index: Int32)] = []
        var starts: [Int32] = []
        // NB: at most one start per entry, and one more: neither array grows (a copy of millions).
        let total = ranges.reduce(0) { $0 + $1.names.count }
        entries.reserveCapacity(total)
        starts.reserveCapacity(total + 1)
        while true {
            // NB: a few ranges: the smallest next name by a scan of each range's next one.
            var smallest: String?
            for (range, parts) in ranges.enumerated() where cursors[range] < parts.order.count {
                let name = parts.names[Int(parts.order[cursors[range]])]
                if smallest == nil || name < smallest! { smallest = name }
            }
            guard let smallest else { break }
            starts.append(Int32(entries.count))
            for (range, parts) in ranges.enumerated() {
                while cursors[range] < parts.order.count, case let index = parts.order[cursors[range]],
                    parts.names[Int(index)] == smallest
                {
                    entries.append((Int32(range), index))
                    cursors[range] += 1
                }
            }
        }
        starts.append(Int32(entries.count))
        return (entries, starts)
    }

    /// The finished summary, its views' statistics worked out on `threads` threads.
    func summary(threads: Int) -> TraceSummary {
        let ranges = [(views, Array(origins.indices))] + laterViews
        let (entries, starts) = mergedOrder()
        var viewStats = (0..<(starts.count - 1)).concurrentMap(threads: threads) { view in
            var part = ViewPart(tally: ViewPartial())
            for (range, index) in entries[Int(starts[view])..<Int(starts[view + 1])] {
                part.add(ranges[Int(range)].0.part(at: Int(index)), moving: ranges[Int(range)].1)
            }
            let (range, index) = entries[Int(starts[view])]
            return finished(ranges[Int(range)].0.names[Int(index)], part)
        }
        Self.rankFirstAppearances(&viewStats, entries: entries, starts: starts, rangeSizes: ranges.map(\.0.names.count))
        var totals = leading
        for mark in marks { totals.add(mark.counters) }
        let known = Set(EventKind.allCases.map(\.name))
        let saturation = Self.saturationWarning(file: file, views: viewStats, totals: totals, marks: marks)
        // NB: a range hands on every view it counted anything of (a `state-init` alone): the views
        // without events of their own over the whole trace go only now.
        viewStats.removeAll { !ViewCounts(counts: $0.counts).hasEvents }
        return TraceSummary(
            file: file, header: header, views: viewStats, totals: totals, kindCounts: kindCounts,
            unknownKinds: kindCounts.filter { !known.contains($0.key) }, marks: marks, beforeFirstMark: leading,
            warnings: warnings + (saturation.map { [$0] } ?? []), invalidLineCount: invalidLineCount,
            invalidLines: invalidLines, lineCount: lineCount,
            connections: connections, selectedConnection: selectedConnection, filteredEventCount: filteredEventCount,
            updateGroups: updateGroups.stats, updateGroupLabels: UpdateGroupLabel.ranked(updateGroupLabels.values),
            markViews: markViews.mapValues { parts in
                Dictionary(uniqueKeysWithValues: parts.map { ($0.key, finished($0.key, $0.value)) })
            }, causeGraph: edges.map { CauseGraph(edges: $0.values) })
    }

    /// The warning that body-time totals saturated (the `tracectl report` article, "Body time beyond 292 years"), naming
    /// the first view and counting the rest; nil when none did.
    private static func saturationWarning(
        file: String, views: [ViewStats], totals: EventCounts, marks: [MarkInterval]
    ) -> TraceDiagnostic? {
        let saturatedViews = views.filter { $0.bodyTime.total == .saturatedTotal }
        let saturatedMarks = marks.count { $0.counters.bodyTimeNs == .saturatedTotal }
        var places: [String] = []
        if let first = saturatedViews.first {
            let others = saturatedViews.count > 1 ? ", …" : ""
            places.append("\(saturatedViews.count) view\(saturatedViews.count == 1 ? "" : "s") (\(first.view)\(others))")
        }
        if saturatedMarks > 0 { places.append("\(saturatedMarks) mark interval\(saturatedMarks == 1 ? "" : "s")") }
        if totals.bodyTimeNs == .saturatedTotal { places.append("the trace's total") }
        guard !places.isEmpty else { return nil }
        return TraceDiagnostic(
            file: file,
            message: "body time reached \(Int64.max) ns (Int64.max) in \(places.joined(separator: " and ")); "
                + "those totals are shown saturated at that figure",
            severity: .warning)
    }
}
