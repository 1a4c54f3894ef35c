import Foundation
import Testing
import TracerTestSupport
@testable import TraceAnalysis
import TraceSupport

@Suite("Output streams", .temporaryDirectory)
struct OutputStreamTests {
    /// `count` bytes that differ from block to block, so a block written twice or out of order shows.
    static func bytes(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 31) ^ (seed &* 7) ^ ($0 >> 9)) }
    }

    @Test("pieces of any size, across many blocks, reach the file in order and whole")
    func piecesAcrossBlocks() throws {
        let block = FileOutputStream.blockSize
        let sizes = [1, 7, block - 8, block, 3, block + 1, 3 * block + 5, 0, 1_000, 2 * block - 1_003, 64]
        let pieces = sizes.enumerated().map { Self.bytes($1, seed: $0) }
        let path = temporaryPath("pieces.bin")
        let stream = try FileOutputStream.create(path: path)
        for piece in pieces { piece.withUnsafeBytes { stream.write(bytes: $0) } }
        try stream.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(pieces.joined()))
        #expect(stream.byteCount == sizes.reduce(0, +))
    }

    @Test("flush returns once everything written so far is in the (temporary) file")
    func flushWaits() throws {
        let directory = temporaryDirectory()
        let stream = try FileOutputStream.create(path: directory + "/flushed.bin")
        let written = Self.bytes(3 * FileOutputStream.blockSize + 11, seed: 1)
        written.withUnsafeBytes { stream.write(bytes: $0) }
        stream.flush()
        let temporary = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + temporary)) == Data(written))
        try stream.close()
    }

    @Test("a write error on the writing thread surfaces at close, for a full device and a closed pipe")
    func backgroundWriteErrors() throws {
        let data = Self.bytes(4 * FileOutputStream.blockSize, seed: 2)
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = try FileOutputStream.create(path: "/dev/full")
            data.withUnsafeBytes { full.write(bytes: $0) }
            #expect(throws: OutputError.self) { try full.close() }
            do { try full.close() } catch { Issue.record("a second close reports nothing more: \(error)") }
        }
        let fifo = temporaryPath("closed.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // NB: opening a FIFO's write end waits for a reader; the reader closes at once.
        let reader = Thread { close(open(fifo, O_RDONLY)) }
        reader.start()
        let pipe = try FileOutputStream.create(path: fifo)
        data.withUnsafeBytes { pipe.write(bytes: $0) }
        do {
            try pipe.close()
            Issue.record("a closed pipe must fail the stream")
        } catch {
            #expect(error.code == EPIPE)
            #expect(error.description == "\(fifo): cannot write: \(String(cString: strerror(EPIPE)))")
        }
    }
}
