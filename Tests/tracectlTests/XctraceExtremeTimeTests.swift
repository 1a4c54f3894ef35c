import Foundation
import Testing
import TracerTestSupport

/// Times a trace cannot hold, in an Instruments export: what an import writes, every command reads.
@Suite("import --from xctrace: times of 2^63 ns and beyond, and unreadable times", .temporaryDirectory)
struct XctraceExtremeTimeTests {
    /// The device export with the first time of each table (an evaluation's, a cause's, an update
    /// group's, a hitch's, a signpost's) set to `time`, in `directory`.
    static func export(in directory: String, time: String) throws {
        let device = PackagePaths.root.appendingPathComponent("Fixtures/Imports/xctrace/device").path
        let firstTime = try NSRegularExpression(pattern: #"(<(start-time|event-time)[^>]*>)[0-9]+(</\2>)"#)
        for file in try FileManager.default.contentsOfDirectory(atPath: device) {
            var text = try String(contentsOfFile: device + "/" + file, encoding: .utf8)
            var searched = text.startIndex..<text.endIndex
            // NB: the first time of each table: every `<node>` from the first on.
            while let node = text.range(of: "<node", range: searched) {
                let rest = NSRange(node.upperBound..<text.endIndex, in: text)
                if let match = firstTime.firstMatch(in: text, range: rest), let range = Range(match.range, in: text) {
                    let replaced = firstTime.replacementString(for: match, in: text, offset: 0, template: "$1\(time)$3")
                    text.replaceSubrange(range, with: replaced)
                }
                searched = text.index(after: node.lowerBound)..<text.endIndex
            }
            try text.write(toFile: directory + "/" + file, atomically: false, encoding: .utf8)
        }
    }

    @Test("rows at 2^63, 2^64 − 1 or 2^63 − 1 ns, or at a time that is text, are left out, counted and named with a position (never placed at 0); validate reads what is written",
          arguments: ["9223372036854775808", "18446744073709551615", "9223372036854775807", "00:01.5"])
    func leftOutAndReadable(time: String) throws {
        let directory = temporaryDirectory()
        try Self.export(in: directory, time: time)
        let imported = try TracectlProcess.run(
            ["import", directory, "--from", "xctrace", "-o", directory + "/t.jsonl", "--summary-json", directory + "/s.json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let warnings = imported.stderr.split(separator: "\n").filter { $0.contains("left out whose start or timestamp") }
        // NB: each table, with its first such row's place (`FILE:LINE:COL: SCHEMA: 1 row(s) left out …`).
        let tables = warnings.compactMap { warning in
            warning.firstMatch(of: /\.xml:\d+:\d+: ([A-Za-z-]+): 1 row\(s\) left out/).map { String($0.1) }
        }
        #expect(tables.sorted() == [
            "OSSignpostIntervals", "PointsOfInterestEvents", "hitches", "swiftui-causes", "swiftui-full-causes", "swiftui-update-groups",
            "swiftui-updates",
        ], "\(imported.stderr)")
        let summary = try String(contentsOfFile: directory + "/s.json", encoding: .utf8)
        #expect(summary.contains(#""unreadable-time""#), "\(summary)")
        let validate = try TracectlProcess.run(["validate", directory + "/t.jsonl"])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let report = try TracectlProcess.run(["report", directory + "/t.jsonl", "--format", "json"])
        #expect(report.status == 0, "\(report.stderr)")
    }
}
