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

    @Test("a staged output onto a FIFO or a symbolic link writes through it in place, leaving it a FIFO or a link")
    func stagedOutputWritesSpecialFilesInPlace() throws {
        let directory = temporaryDirectory()
        let target = directory + "/target.jsonl"
        try "old\n".write(toFile: target, atomically: true, encoding: .utf8)
        let link = directory + "/link.jsonl"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let output = try CaptureOutput(path: link, staged: true)
        output.append(Array("new\n".utf8))
        output.close()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")

        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // NB: opened read-write first, so that opening the FIFO to write does not wait for a reader.
        let reader = open(fifo, O_RDWR | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let fifoOutput = try CaptureOutput(path: fifo, staged: true)
        fifoOutput.append(Array("line\n".utf8))
        fifoOutput.close()
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(reader, &bytes, bytes.count)
        #expect(count == 5 && String(decoding: bytes.prefix(5), as: UTF8.self) == "line\n")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["fifo", "link.jsonl", "target.jsonl"])
    }
}
