import Foundation
import Testing
import TracerTestSupport

/// Whether a `chromium` is on PATH (`.ci/run` installs Debian's).
private let chromiumAvailable = (ProcessInfo.processInfo.environment["PATH"] ?? "")
    .split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/chromium") }

@Suite("HTML pages in a real browser", .temporaryDirectory, .serialized, .enabled(if: chromiumAvailable, "needs chromium on PATH (.ci/run installs it)"))
struct HTMLBrowserTests {
    /// Runs `scripts/check-html.sh arguments…` with `environment`; returns its status and its merged output.
    private func checkHTML(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, log: String) {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/bin/bash")
        check.arguments = [PackagePaths.root.appendingPathComponent("scripts/check-html.sh").path] + arguments
        check.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        check.standardOutput = output
        check.standardError = output
        try check.run()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        return (check.terminationStatus, log)
    }

    private var tracectl: String { BuiltProducts.executable("tracectl").path }

    @Test("check-html.sh as CI runs it: report and diff pages render with table, flame graph, timeline, no script error; screenshots saved")
    func pagesRender() throws {
        let directory = temporaryDirectory()
        let (status, log) = try checkHTML([], environment: ["TRACECTL": tracectl, "CHECK_HTML_OUT": directory])
        #expect(status == 0, "check-html.sh:\n\(log)")
        for page in ["report", "diff", "scroll-offset.diff"] {
            for check in ["the per-view table has rows", "the flame graph has frames", "no script error on the console"] {
                #expect(log.contains("check-html: \(page).html: ok: \(check)\n"), "\(page): \(check)")
            }
            let links = ["the view rows link to their why sections", "every why link has its section"]
            for check in links { #expect(log.contains("check-html: \(page).html: ok: \(check)\n") == (page == "report"), "\(page): \(check)") }
            let screenshot = "\(directory)/\(page).png"
            #expect(log.contains("check-html: \(page).html: screenshot \(screenshot)\n"))
            let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(page).png is a PNG")
        }
    }

    @Test("check-html.sh fails when tracectl cannot write the report page, and still checks the diff pages")
    func reportFailureFailsTheRun() throws {
        let directory = temporaryDirectory()
        let failing = directory + "/tracectl"
        try """
            #!/bin/bash
            if [ "$1" = report ]; then echo "tracectl: error: report is broken" >&2; exit 2; fi
            exec "\(tracectl)" "$@"

            """.write(toFile: failing, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing)
        let (status, log) = try checkHTML([], environment: ["TRACECTL": failing, "CHECK_HTML_OUT": directory])
        #expect(status == 1, "check-html.sh:\n\(log)")
        #expect(log.contains("check-html: report.html: FAILED: 'tracectl report "))
        #expect(log.contains("check-html: diff.html: ok: the per-view table has rows"))
        #expect(log.hasSuffix("check-html: FAILED\n"))
    }

    @Test("check-html.sh fails on a page whose script throws")
    func scriptErrorFailsTheCheck() throws {
        let directory = temporaryDirectory()
        let report = try TracectlProcess.run(["report", PackagePaths.trace("visual/state.jsonl"), "--format", "html"])
        #expect(report.status == 0)
        // The data block no longer parses: the page script stops at JSON.parse.
        let broken = report.stdout.replacingOccurrences(of: "<script type=\"application/json\" id=\"tracer-data\">{",
                                                        with: "<script type=\"application/json\" id=\"tracer-data\">{,")
        #expect(broken != report.stdout)
        try broken.write(toFile: directory + "/broken.html", atomically: true, encoding: .utf8)
        let (status, log) = try checkHTML([directory + "/broken.html", directory + "/broken.png"])
        #expect(status == 1, "check-html.sh:\n\(log)")
        #expect(log.contains("check-html: broken.html: FAILED: the page script ran to the end"))
        #expect(log.contains("check-html: broken.html: FAILED: the page reported a script error"))
        #expect(log.contains("check-html: broken.html: FAILED: script errors on the console"))
        #expect(log.contains("check-html: broken.html: screenshot \(directory)/broken.png"))
    }

    @Test("a report page's why links lead to the views' why sections; a link whose section is missing fails the check")
    func whyLinks() throws {
        let directory = temporaryDirectory()
        let report = try TracectlProcess.run(["report", PackagePaths.trace("values/edges.jsonl"), "--format", "html"])
        #expect(report.status == 0)
        try report.stdout.write(toFile: directory + "/edges.html", atomically: true, encoding: .utf8)
        let (status, log) = try checkHTML([directory + "/edges.html", directory + "/edges.png", "why"])
        #expect(status == 0, "check-html.sh:\n\(log)")
        #expect(log.contains("check-html: edges.html: ok: every why link has its section\n"))
        let broken = report.stdout.replacingOccurrences(of: #"<section class="why" id="why-1">"#, with: #"<section class="why" id="elsewhere">"#)
        #expect(broken != report.stdout)
        try broken.write(toFile: directory + "/broken.html", atomically: true, encoding: .utf8)
        let (brokenStatus, brokenLog) = try checkHTML([directory + "/broken.html", directory + "/broken.png", "why"])
        #expect(brokenStatus == 1, "check-html.sh:\n\(brokenLog)")
        #expect(brokenLog.contains("check-html: broken.html: FAILED: every why link has its section (none for: why-1)"))
    }
}
