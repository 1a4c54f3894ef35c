import Foundation
import Testing
import TracerTestSupport

@Suite("tracectl validate", .temporaryDirectory)
struct ValidateCommandTests {
    @Test("--limit caps the findings printed, not the error count in the summary")
    func summaryCountsPastTheLimit() throws {
        let trace = temporaryPath("t.jsonl")
        // 6 lines that are not JSON and 6 marks of one seq: 11 errors (the first mark is fine).
        let lines = [#"{"kind":"meta","schema":"tracer/1"}"#]
            + (1...6).map { _ in "not json" }
            + (1...6).map { _ in #"{"seq":1,"ts":1,"kind":"mark","name":"m"}"# }
        try (lines.joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        let all = try TracectlProcess.run(["validate", trace])
        let limited = try TracectlProcess.run(["validate", trace, "--limit", "3"])
        #expect(limited.status == 2)
        #expect(limited.stdout.split(separator: "\n").count == 3)
        #expect(all.stdout.split(separator: "\n").count == 11, "stdout: \(all.stdout)")
        #expect(limited.stderr == all.stderr)
        #expect(limited.stderr == "tracectl: error: \(trace): 11 error(s), 0 warning(s)\n", "stderr: \(limited.stderr)")
    }
}
