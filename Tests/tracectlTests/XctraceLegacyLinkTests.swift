import Foundation
import Testing
import TracerTestSupport

/// The legacy import's links, end to end: `legacy-updates/export.xml` has a write whose view is
/// evaluated once in its update (linked), one whose view is evaluated twice (two `HikeRow`s) and
/// one whose view is not evaluated in its update (both left to the cause inference).
@Suite("tracectl import --from xctrace: legacy links", .temporaryDirectory)
struct XctraceLegacyLinkTests {
    @Test("a write links to the one evaluation of its view in its update; none or two: no link, and why's inference decides, marked")
    func links() throws {
        let trace = temporaryDirectory() + "/imported.jsonl"
        let run = try TracectlProcess.run(
            ["import", "legacy-updates/export.xml", "--from", "xctrace", "-o", trace], currentDirectory: XctraceImportCommandTests.exports)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("2 writes linked to the one evaluation of their view in their update, 2 to none"), "\(run.stderr)")
        let events = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst().map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        func integer(_ event: [String: Any], _ key: String) -> Int? { (event[key] as? NSNumber)?.intValue }
        let bySeq = Dictionary(uniqueKeysWithValues: events.map { (integer($0, "seq") ?? 0, $0) })
        let caused = events.filter { $0["kind"] as? String == "body-eval" && $0["cause"] != nil }
        // NB: the two HikeList writes, each linked in its own update; HikeRow's (two rows) and HikeEditor's (none) are not.
        #expect(caused.count == 2)
        for evaluation in caused {
            let write = try #require(bySeq[integer(evaluation, "cause") ?? 0])
            #expect(write["view"] as? String == "HikeList" && evaluation["view"] as? String == "HikeList")
            #expect(integer(write, "tx") == integer(evaluation, "tx"))
        }
        // NB: five updates: the first layout, then one per write.
        #expect(Set(events.compactMap { integer($0, "tx") }) == [1, 2, 3, 4, 5])
        let why = try TracectlProcess.run(["why", trace, "--format", "json", "--top", "all"])
        #expect(why.status == 0, "\(why.stderr)")
        // NB: HikeRow after the linked HikeList of update 2, and HikeEditor after update 5's: inferred, marked.
        #expect(why.stdout.components(separatedBy: #""inferred":"same-update-sole-root""#).count - 1 >= 2, "\(why.stdout)")
        let recordedOnly = try TracectlProcess.run(["why", trace, "--format", "json", "--top", "all", "--recorded-only"])
        #expect(!recordedOnly.stdout.contains(#""inferred":"same"#))
    }
}
