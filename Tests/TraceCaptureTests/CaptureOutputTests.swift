import Foundation
import Testing
@testable import TraceCapture
import TracerTestSupport

@Suite("Capture output", .temporaryDirectory)
struct CaptureOutputTests {
    @Test("a staged output replaces the path on its first bytes, and is followable from then on")
    func stagedOutputAppearsOnFirstBytes() throws {
        let directory = temporaryDirectory()
        let path = directory + "/t.jsonl"
        try "old\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = try CaptureOutput(path: path, staged: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        output.append(Array("new\n".utf8))
        output.flush()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        output.append(Array("more\n".utf8))
        output.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\nmore\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["t.jsonl"])
    }

    @Test("a staged output with nothing written leaves the path as it was and no temporary file", arguments: [true, false])
    func stagedOutputWithNothingWritten(existing: Bool) throws {
        let directory = temporaryDirectory()
        let path = directory + "/t.jsonl"
        if existing { try "old\n".write(toFile: path, atomically: true, encoding: .utf8) }
        try CaptureOutput(path: path, staged: true).discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == (existing ? ["t.jsonl"] : []))
        if existing { #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n") }
    }
}
