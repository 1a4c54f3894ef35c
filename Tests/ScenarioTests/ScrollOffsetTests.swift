import Testing
import Tracer
@testable import Scenarios

@Suite("Scenario: scroll-offset")
struct ScrollOffsetTests {
    @Test("Every variant writes 240 offsets, each a change, that cross the threshold exactly twice")
    func offsetsCrossTwice() {
        #expect(ScrollOffset.offsets.count == 240)
        #expect(zip(ScrollOffset.offsets, ScrollOffset.offsets.dropFirst()).allSatisfy { $0 != $1 })
        let crossings = zip(ScrollOffset.offsets, ScrollOffset.offsets.dropFirst()).filter { ($0 < 0) != ($1 < 0) }
        #expect(crossings.count == 2)
    }
}
