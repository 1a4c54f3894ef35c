import Foundation
import Testing

/// Whether a `chromium` is on PATH (`.ci/run` installs Debian's).
private let chromiumAvailable = (ProcessInfo.processInfo.environment["PATH"] ?? "")
    .split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/chromium") }

@Suite("HTML pages in a real browser")
struct HTMLBrowserTests {
    @Test("the report and diff pages render in headless Chromium: table, flame graph, timeline, no script error",
          .enabled(if: chromiumAvailable, "needs chromium on PATH (.ci/run installs it)"))
    func pagesRender() throws {
        let directory = PackagePaths.temporaryDirectory()
        let visual = PackagePaths.trace("visual")
        let report = try TracectlProcess.run(["report", visual + "/state.jsonl", "--format", "html", "-o", directory + "/report.html"])
        #expect(report.status == 0)
        let diff = try TracectlProcess.run([
            "diff", visual + "/state.jsonl", visual + "/view-storage.jsonl", "--format", "html", "-o", directory + "/diff.html",
        ])
        #expect(diff.status == 0)
        for page in ["report", "diff"] {
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/bin/bash")
            check.arguments = [
                PackagePaths.root.appendingPathComponent("scripts/check-html.sh").path,
                "\(directory)/\(page).html", "\(directory)/\(page).png",
            ]
            let output = Pipe()
            check.standardOutput = output
            check.standardError = output
            try check.run()
            let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            check.waitUntilExit()
            #expect(check.terminationStatus == 0, "check-html.sh \(page).html:\n\(log)")
            #expect(log.contains("ok: the per-view table has rows"))
        }
    }
}
