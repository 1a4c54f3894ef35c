import Foundation
import Testing
import TraceSupport
import TracerTestSupport
@testable import TracectlCommands

@Suite("paths a command opens: confined under a root's directory descriptor, or as given", .temporaryDirectory)
struct PathAccessTests {
    /// A root holding a trace, a folder and links to a file and a folder outside it; and that outside.
    static func layout() throws -> (root: ConfinedRoot, outside: String) {
        let base = temporaryDirectory()
        let root = base + "/root", outside = base + "/outside"
        for directory in [root + "/out", outside] { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: PackagePaths.trace("scenarios/scroll-offset.state.jsonl"), toPath: root + "/a.jsonl")
        try FileManager.default.copyItem(atPath: root + "/a.jsonl", toPath: outside + "/secret.jsonl")
        try FileManager.default.createSymbolicLink(atPath: root + "/link.jsonl", withDestinationPath: outside + "/secret.jsonl")
        try FileManager.default.createSymbolicLink(atPath: root + "/away", withDestinationPath: outside)
        return (try ConfinedRoot(path: root), outside)
    }

    @Test("confined: a path under the root opens; a link, '..' or a path elsewhere does not")
    func confinedOpens() throws {
        let (root, outside) = try Self.layout()
        func opens(_ path: String) -> Bool {
            let descriptor = PathAccess.confined(to: [root]) { PathAccess.open(path, O_RDONLY) }
            if descriptor >= 0 { close(descriptor) }
            return descriptor >= 0
        }
        #expect(opens("a.jsonl"))
        #expect(opens(root.path + "/a.jsonl"))
        #expect(!opens("link.jsonl"))
        #expect(!opens("away/secret.jsonl"))
        #expect(!opens("../outside/secret.jsonl"))
        #expect(!opens(outside + "/secret.jsonl"))
        #expect(PathAccess.confined(to: [root]) { PathAccess.entries(".") } == ["a.jsonl", "away", "link.jsonl", "out"])
        #expect(PathAccess.confined(to: [root]) { PathAccess.entries("away") } == nil)
    }

    @Test("a command run confined reads and writes under the root, whole or not at all, and names the paths as given")
    func commandConfined() throws {
        let (root, _) = try Self.layout()
        let console = Console.capturing()
        let status = PathAccess.confined(to: [root]) { Tracectl.main(["report", "a.jsonl", "--format", "json", "-o", "out/r.json"], console: console) }
        #expect(status == 0, "\(console.captured.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + "/out") == ["r.json"])
        let refused = Console.capturing()
        #expect(PathAccess.confined(to: [root]) { Tracectl.main(["report", "link.jsonl"], console: refused) } == 2)
        #expect(refused.captured.err.hasPrefix("tracectl: error: link.jsonl: cannot open: "), "\(refused.captured.err)")
        let throughLink = Console.capturing()
        #expect(PathAccess.confined(to: [root]) { Tracectl.main(["report", "a.jsonl", "-o", "away/r.txt"], console: throughLink) } == 2)
        #expect(throughLink.captured.err.contains("away/r.txt: cannot write"), "\(throughLink.captured.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + "/away").sorted() == ["secret.jsonl"])
    }

    @Test("a stream dropped before close leaves the directory as it was")
    func droppedStreamLeavesNothing() throws {
        let (root, _) = try Self.layout()
        try PathAccess.confined(to: [root]) {
            let stream = try FileOutputStream.create(path: "out/partial.json")
            stream.write("{")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + "/out") == [])
    }
}
