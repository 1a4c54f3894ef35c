import Testing
@testable import TraceAnalysis
import TracerTestSupport

/// The fixed-size counts `why` folds paths into: ranges of a path's events, counted apart and
/// added in any order, give the figures of the whole.
@Suite("why's path counts")
struct WhyCountsTests {
    /// One counted event: an evaluation (with its body time and whether it was wasted) or a skip.
    struct Event {
        var seq: Int64?
        var ts: Int64?
        var isEvaluation: Bool
        var dur: Int64
        var wasted: Bool
    }

    /// A path's events in trace order: `seq`s ascend, some events lack `seq` or `ts`.
    static func events(seed: UInt64) -> [Event] {
        var random = SystemRandomNumberGenerator.Seeded(seed: seed)
        var seq: Int64 = 0
        return (0..<random.next(below: 12)).map { _ in
            seq += Int64(1 + random.next(below: 5))
            return Event(
                seq: random.next(below: 8) == 0 ? nil : seq, ts: random.next(below: 6) == 0 ? nil : Int64(random.next(below: 1_000)),
                isEvaluation: random.next(below: 3) > 0, dur: random.next(below: 9) == 0 ? .max - 3 : Int64(random.next(below: 900)),
                wasted: random.next(below: 2) == 0)
        }
    }

    /// `events` counted from nothing.
    static func counted(_ events: ArraySlice<Event>) -> WhyCounts {
        var counts = WhyCounts()
        for event in events {
            if event.isEvaluation {
                counts.evals += 1
                counts.wasted += event.wasted ? 1 : 0
                counts.bodyTimeNs = counts.bodyTimeNs.addingSaturated(event.dur)
            } else {
                counts.skips += 1
            }
            counts.note(seq: event.seq, ts: event.ts)
        }
        return counts
    }

    @Test("ranges counted apart and added in any order give the whole's figures", arguments: 0..<200)
    func rangesAddUp(seed: UInt64) {
        let events = Self.events(seed: seed)
        var random = SystemRandomNumberGenerator.Seeded(seed: seed ^ 0x5EED)
        let cuts = ([0, events.count] + (0..<random.next(below: 4)).map { _ in random.next(below: events.count + 1) }).sorted()
        let ranges = zip(cuts, cuts.dropFirst()).map { Self.counted(events[$0..<$1]) }
        var sum = WhyCounts()
        var order = Array(ranges.indices)
        for index in order.indices.reversed() { order.swapAt(index, random.next(below: index + 1)) }
        for index in order { sum.add(ranges[index]) }
        #expect(sum.figures == Self.counted(events[...]).figures)
        #expect(sum.firstSeq == events.compactMap(\.seq).first)
    }
}
