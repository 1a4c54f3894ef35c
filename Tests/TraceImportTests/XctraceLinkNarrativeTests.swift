import Testing
@testable import TraceImport

@Suite("the legacy View Properties' narrative")
struct XctraceLinkNarrativeTests {
    @Test("old and new are read from the narrative, the value cell telling where the old ends; nil when it does not read so or is ambiguous",
          arguments: [
              ("State<Bool> in V updated from false to true", "true", "false", "true"),
              ("State<Bool> in V updated from false to true", nil, "false", "true"),
              ("State<Bool> in V updated from <initialState> to false", "false", "<initialState>", "false"),
              ("State<Bool> in V updated from a to b to c", "b to c", "a", "b to c"),
              ("State<Bool> in V updated from a to b to c", "c", "a to b", "c"),
              ("State<Bool> in V updated from a to b to c", nil, nil, nil),
              ("State<Bool> in W updated from false to true", "true", nil, nil),
              ("State<Bool> in V updated from  to ", "", "", ""),
          ] as [(String, String?, String?, String?)])
    func values(narrative: String, value: String?, old: String?, new: String?) {
        let read = XctraceLinkNarrative.values(of: narrative, linkType: "State<Bool>", view: "V", value: value)
        #expect(read?.old == old)
        #expect(read?.new == new)
    }
}
