import Testing
@testable import TraceImport

@Suite("xctrace compounds")
struct XctraceCompoundsTests {
    /// A process compound of pid `pid`.
    static func process(_ pid: UInt64) -> XctraceCompound {
        var compound = XctraceCompound(tag: 7)
        compound.number = pid
        compound.hasNumber = true
        return compound
    }

    @Test("a compound with an id is kept for the document, one without it for its row only")
    func documentAndRowCompounds() {
        var compounds = XctraceCompounds()
        let kept = compounds.store(Self.process(1001), hasID: true)
        let first = compounds.store(Self.process(1002), hasID: false)
        #expect(kept.kind == .compound && first.kind == .compound)
        #expect(compounds[kept.bits].number == 1001)
        #expect(compounds[first.bits].number == 1002)
        compounds.beginRow()
        let next = compounds.store(Self.process(1003), hasID: false)
        // NB: the next row's first compound takes the index of the last row's first.
        #expect(next.bits == first.bits)
        #expect(compounds[next.bits].number == 1003)
        #expect(compounds[kept.bits].number == 1001)
    }

    @Test("a row's compound read after the next row began stops the process (TraceImport has no internal-checks flag)")
    func staleRowCompoundTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var compounds = XctraceCompounds()
            let stale = compounds.store(Self.process(1001), hasID: false)
            compounds.beginRow()
            _ = compounds[stale.bits]
        }
        #expect(result.map { stopMessage($0).contains("index outside the flat array") } == true)
    }

    @Test("a document compound index past those stored stops the process")
    func unstoredDocumentCompoundTraps() async {
        await #expect(processExitsWith: .failure) {
            var compounds = XctraceCompounds()
            _ = compounds.store(Self.process(1001), hasID: true)
            _ = compounds[1]
        }
    }
}
