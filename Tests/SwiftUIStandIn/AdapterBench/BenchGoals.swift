import Foundation
import SwiftUI

/// What a path made the stand-in SwiftUI and the heap do, per call.
struct BenchCounts: CustomStringConvertible {
    var projections: Double
    var locationAllocations: Double
    var trackedReads: Double
    var untrackedReads: Double
    var mallocs: Double

    /// `counters` and `allocations` over `per` calls.
    init(_ counters: StandInCounters, allocations: Int, per calls: Int) {
        let calls = Double(calls)
        projections = Double(counters.projections) / calls
        locationAllocations = Double(counters.locationAllocations) / calls
        trackedReads = Double(counters.trackedReads) / calls
        untrackedReads = Double(counters.untrackedReads) / calls
        mallocs = Double(allocations) / calls
    }

    /// These counts less `twin`'s.
    func minus(_ twin: BenchCounts) -> BenchCounts {
        var counts = self
        counts.projections -= twin.projections
        counts.locationAllocations -= twin.locationAllocations
        counts.trackedReads -= twin.trackedReads
        counts.untrackedReads -= twin.untrackedReads
        counts.mallocs -= twin.mallocs
        return counts
    }

    var description: String {
        [projections, locationAllocations, trackedReads, untrackedReads, mallocs].map { String(format: "%.2f", $0) }.joined(separator: ", ")
    }
}

/// The counter goals of issue #54 (BENCHMARKS.md, "SwiftUI adapter"), per path, over the twin.
enum BenchGoals {
    /// A call's heap allocations below this are a recorder's chunk amortised over its events,
    /// not one per call.
    static let amortised = 0.01

    /// "met", "NOT MET: …" or "—" (no counter goal) for `path`'s `counts`.
    static func verdict(path: String, recording: Bool, counts: BenchCounts) -> String {
        guard !path.hasPrefix("describe") else { return "—" }
        var failed: [String] = []
        func require(_ holds: Bool, _ what: String) { if !holds { failed.append(what) } }
        if !recording {
            require(counts.projections == 0 && counts.locationAllocations == 0, "no projection")
            require(counts.trackedReads == 0 && counts.untrackedReads == 0, "no read")
            require(counts.mallocs == 0, "no allocation")
        } else {
            require(counts.trackedReads == 0, "no tracked read")
            switch path {
            case "write view.x = v":
                require(counts.projections == 0, "0 projections")
                require(counts.untrackedReads <= 1, "≤ 1 untracked read")
                require(counts.locationAllocations == 0 && counts.mallocs < amortised, "0 allocations")
            case "$x":
                require(counts.projections == 1, "1 projection")
                require(counts.locationAllocations <= 1, "≤ 1 location allocated")
            case "$x, a child holding it":
                require(counts.projections == 1, "1 projection")
                require(counts.locationAllocations == 0 && counts.mallocs < amortised, "0 allocations")
            default: break
            }
        }
        return failed.isEmpty ? "met" : "NOT MET: " + failed.joined(separator: ", ")
    }
}
