import Testing
@testable import TraceImport
import TracerTestSupport

@Suite("Instruments mapping")
struct XctraceMappingTests {
    private func body(_ start: UInt64, _ duration: UInt64?, thread: UInt64 = 1) -> XctraceRows.Body {
        XctraceRows.Body(start: start, duration: duration, thread: thread, id: nil, isSwiftUIModule: false, view: 0, process: nil)
    }

    /// Each row's exclusive duration, as the mapping takes it from the nested durations.
    private func exclusive(_ bodies: [XctraceRows.Body]) -> [UInt64?] {
        let nested = XctraceMapping.nestedDurations(XctraceBodyChunks(bodies) { _ in true })
        return bodies.indices.map { XctraceMapping.exclusiveDuration(of: bodies[$0], nested: nested[$0]) }
    }

    @Test("exclusive dur subtracts only the rows directly nested on the same thread, never below 0")
    func exclusiveDurations() {
        let bodies = [
            body(100, 100),            // parent: 100 − 30 (child) = 70; the grandchild is the child's
            body(110, 30),             // child: 30 − 10 = 20
            body(115, 10),             // grandchild
            body(150, 20, thread: 2),  // another thread overlapping the parent: not nested
            body(300, 10),             // after the parent
        ]
        #expect(exclusive(bodies) == [70, 20, 10, 20, 10])
    }

    @Test("a row without a duration or starting at 0 gives no interval: it neither holds rows nor is subtracted")
    func untimedRowsHaveNoInterval() {
        let bodies = [body(100, nil), body(200, 50), body(0, 40), body(1_000, 10)]
        #expect(exclusive(bodies) == [nil, 50, nil, 10])
    }

    @Test("an interval ending past 2^64 − 1 ends there, never wrapping to before its start")
    func endsSaturate() {
        #expect(XctraceMapping.end(.max - 5, 10) == .max)
        #expect(XctraceMapping.end(100, 10) == 110)
        let bodies = [body(.max - 100, 1_000), body(.max - 50, 20)]
        #expect(exclusive(bodies) == [980, 20])
    }

    @Test("a row's view: view-name, else the description without .body, else <unknown>", arguments: [
        ("GreetingCard", "GreetingCard.body", "GreetingCard"),
        (nil, "ProofPhotoView.body", "ProofPhotoView"),
        ("[unknown view: created before tracing started?]", "Counter.body", "Counter"),
        ("", "Text Content", "Text Content"),
        (nil, nil, "<unknown>"),
    ] as [(String?, String?, String)])
    func viewNames(viewName: String?, description: String?, expected: String) {
        #expect(XctraceRows.viewName(viewName: viewName, description: description) == expected)
    }

    @Test("groups are numbered in start order; an event's is the innermost holding its start on its thread")
    func updateGroups() {
        let groups = UpdateGroups(ordered: UpdateGroups.ordered([
            XctraceRows.Group(start: 100, duration: 100, thread: 1, process: nil),
            XctraceRows.Group(start: 120, duration: 20, thread: 1, process: nil),
            XctraceRows.Group(start: 100, duration: 100, thread: 2, process: nil),
            XctraceRows.Group(start: 300, duration: nil, thread: 1, process: nil),
        ]))
        #expect(groups.number(holding: 110, thread: 1) == 1)
        // NB: numbers follow the starts (1 and 2 start at 100, 3 at 120), whatever the thread.
        #expect(groups.number(holding: 125, thread: 1) == 3)
        #expect(groups.number(holding: 125, thread: 2) == 2)
        #expect(groups.number(holding: 200, thread: 1) == 0)
        // NB: a group without a duration holds nothing.
        #expect(groups.number(holding: 400, thread: 1) == 0)
    }

    @Test("the group holding a time is the one a look at every group finds, on nested, disjoint and untimed groups", arguments: 1...20)
    func updateGroupsAgreeWithEveryGroupLookedAt(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var rows: [XctraceRows.Group] = []
        for _ in 0..<300 {
            let start = random.next() % 10_000
            let duration: UInt64? = random.next() % 5 == 0 ? nil : random.next() % 2_000
            rows.append(XctraceRows.Group(start: start, duration: duration, thread: random.next() % 3, process: nil))
        }
        let ordered = UpdateGroups.ordered(rows)
        let groups = UpdateGroups(ordered: ordered)
        for _ in 0..<2_000 {
            let time = random.next() % 12_000, thread = random.next() % 4
            var expected: UInt32 = 0
            for (index, group) in ordered.enumerated().reversed() where group.thread == thread && group.start <= time {
                if let duration = group.duration, time < group.start + duration { expected = UInt32(index + 1); break }
            }
            #expect(groups.number(holding: time, thread: thread) == expected, "time \(time) on thread \(thread)")
        }
    }
}

