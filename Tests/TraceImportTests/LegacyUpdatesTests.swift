import Testing
@testable import TraceImport

/// The legacy tables' updates and links (`LegacyUpdates`): a write links to the evaluation of its
/// view in its update only when exactly one does.
@Suite("Instruments legacy updates")
struct LegacyUpdatesTests {
    /// The rows `spec` names, one a letter each: `w`/`s`/`e` (write, state init, evaluation) then the view.
    private func rows(_ spec: String) -> [(kind: LegacyUpdates.Kind, view: String)] {
        spec.split(separator: " ").map { row in
            let kind: LegacyUpdates.Kind = row.first == "w" ? .write : row.first == "s" ? .stateInit : .evaluation
            return (kind, String(row.dropFirst()))
        }
    }

    @Test("a write links to the one evaluation of its view that follows in its update")
    func exactlyOneLinks() {
        let result = LegacyUpdates.link(rows("wA eA eB"))
        #expect(result.links == [1, nil, nil])
        #expect(result.updates == [1, 1, 1])
    }

    @Test("no evaluation of the write's view in its update: no link, even when the next update evaluates the view")
    func noneLinksNothing() {
        let result = LegacyUpdates.link(rows("wA eB wC eA"))
        #expect(result.links == [nil, nil, nil, nil])
        #expect(result.updates == [1, 1, 2, 2])
    }

    @Test("two evaluations of the write's view in its update (two views of one type name): no link")
    func twoLinkNothing() {
        let result = LegacyUpdates.link(rows("wRow eRow eRow"))
        #expect(result.links == [nil, nil, nil])
    }

    @Test("writes before any evaluation share an update; several writes of one view link to its one evaluation; a state init cuts nothing")
    func updatesAreCutAtAWriteAfterAnEvaluation() {
        let result = LegacyUpdates.link(rows("eA sB wA wA eA sC eB wB eB"))
        #expect(result.updates == [1, 1, 2, 2, 2, 2, 2, 3, 3])
        #expect(result.links == [nil, nil, 4, 4, nil, nil, nil, 8, nil])
    }

    @Test("an evaluation caused through an observed object's or model's write is observed, an environment value's environment, any other's state")
    func reasons() {
        #expect(LegacyUpdates.reason(of: .observable) == .observed)
        #expect(LegacyUpdates.reason(of: .observedObject) == .observed)
        #expect(LegacyUpdates.reason(of: .environment) == .environment)
        #expect(LegacyUpdates.reason(of: .state) == .state)
        #expect(LegacyUpdates.reason(of: .none) == .state)
    }
}
