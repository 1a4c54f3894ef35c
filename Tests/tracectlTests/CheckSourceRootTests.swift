import Foundation
import Testing
import TracerTestSupport

/// `check --github --source-root`: recorded sites are `#fileID`s (`Scenarios/ScrollOffset.swift:62`),
/// so a file name that two modules share is resolved by the module's folder.
@Suite("tracectl check --github: sites resolved by module", .temporaryDirectory)
struct CheckSourceRootTests {
    @Test("two ScrollOffset.swift in two modules: the annotation names the one in the recording module's folder")
    func moduleFolderBreaksTies() throws {
        let root = temporaryDirectory()
        for module in ["Scenarios", "Other"] {
            let folder = root + "/Sources/\(module)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "// \(module)\n".write(toFile: folder + "/ScrollOffset.swift", atomically: true, encoding: .utf8)
        }
        let run = try TracectlProcess.run([
            "check", PackagePaths.trace("scenarios/scroll-offset.state.jsonl"),
            "--budget", PackagePaths.root.appendingPathComponent("Fixtures/Budgets/scroll-offset.json").path,
            "--github", "--source-root", root,
        ])
        #expect(run.status == 1)
        let annotations = run.stderr.split(separator: "\n").filter { $0.hasPrefix("::") }
        // NB: the rule on the scroll-down mark has offenders but no write behind them, hence no file.
        let placed = annotations.filter { $0.contains("file=") }
        #expect(placed.count == 4, "\(annotations)")
        #expect(placed.allSatisfy { $0.contains("file=Sources/Scenarios/ScrollOffset.swift,line=62,") }, "\(annotations)")
    }
}
