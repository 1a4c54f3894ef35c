#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// One line of input: its bytes (without `\n`), valid until the next `LineSource.next()`.
package struct Line {
    package var start: UnsafePointer<UInt8>
    package var count: Int
    /// The 1-based line number, counted from the start of the source's range.
    package var number: Int
    /// The byte offset of the line's start in the file.
    package var offset: Int
    /// False only for a final line with no `\n` after it.
    package var hasNewline: Bool
}

/// Splits a file descriptor's bytes into lines, reading large blocks into one reusable buffer.
///
/// NB: a line longer than the buffer doubles it, and only the new bytes are searched for `\n`, so a
/// 10 MB line costs linear time. The buffer keeps 16 zero-initialised bytes past the data so
/// parsers may read whole words beyond a line's end.
package struct LineSource: ~Copyable {
    static let padding = 16
    private let descriptor: Int32
    /// Read with `pread` within the range (whose end may move closer meanwhile), or with `read` to
    /// end of stream when nil.
    private let range: ReadRange?
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var dataStart = 0
    private var dataEnd = 0
    private var searchFrom = 0
    /// The file offset of `buffer[0]`.
    private var bufferOffset: Int
    private var readOffset: Int
    private var atEnd = false
    package private(set) var lineCount = 0
    /// The first read error, if any.
    package private(set) var readError: Int32 = 0
    /// Told of each block read, if anything is.
    private let progress: ReadProgress?

    /// Lines of `descriptor` in `range` (`pread`), or of the whole stream when `range` is nil;
    /// each block read is added to `progress`.
    package init(descriptor: Int32, range: ReadRange?, blockSize: Int = 1 << 18, progress: ReadProgress? = nil) {
        self.descriptor = descriptor
        self.range = range
        self.progress = progress
        capacity = blockSize
        buffer = .allocate(capacity: blockSize + Self.padding)
        // NB: only the padding is zeroed here and after each read: the parsers never read past
        // the data's padding, and a short trace then touches only the pages a read fills.
        buffer.initialize(repeating: 0, count: Self.padding)
        bufferOffset = range?.start ?? 0
        readOffset = bufferOffset
    }

    /// The lines of `bytes`, held in memory.
    package init(bytes: [UInt8]) {
        descriptor = -1
        range = nil
        progress = nil
        capacity = bytes.count
        buffer = .allocate(capacity: bytes.count + Self.padding)
        buffer.initialize(from: bytes, count: bytes.count)
        (buffer + bytes.count).initialize(repeating: 0, count: Self.padding)
        bufferOffset = 0
        readOffset = bytes.count
        dataEnd = bytes.count
        // NB: everything is already read; `next()` never refills.
        atEnd = true
    }

    deinit { buffer.deallocate() }

    /// The next line, or nil at the end of the range.
    @inline(__always)
    package mutating func next() -> Line? {
        while true {
            if dataEnd > searchFrom,
               let found = memchr(buffer + searchFrom, 0x0A, dataEnd - searchFrom)
            {
                let newline = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let line = Line(
                    start: UnsafePointer(buffer + dataStart), count: newline - dataStart,
                    number: lineCount + 1, offset: bufferOffset + dataStart, hasNewline: true)
                lineCount += 1
                dataStart = newline + 1
                searchFrom = dataStart
                return line
            }
            searchFrom = dataEnd
            if atEnd {
                guard dataStart < dataEnd else { return nil }
                buffer[dataEnd] = 0
                let line = Line(
                    start: UnsafePointer(buffer + dataStart), count: dataEnd - dataStart,
                    number: lineCount + 1, offset: bufferOffset + dataStart, hasNewline: false)
                lineCount += 1
                dataStart = dataEnd
                return line
            }
            refill()
        }
    }

    @inline(never)
    private mutating func refill() {
        if dataStart > 0 {
            let kept = dataEnd - dataStart
            if kept > 0 { memmove(buffer, buffer + dataStart, kept) }
            bufferOffset += dataStart
            searchFrom -= dataStart
            dataEnd = kept
            dataStart = 0
        }
        if dataEnd == capacity {
            buffer = buffer.reallocated(keeping: dataEnd, capacity: capacity * 2 + Self.padding)
            capacity *= 2
        }
        var wanted = capacity - dataEnd
        if let range { wanted = range.reserve(from: readOffset, count: wanted) }
        guard wanted > 0 else {
            atEnd = true
            return
        }
        if progress?.isCancelled == true {
            (readError, atEnd) = (ECANCELED, true)
            return
        }
        let got = POSIX.readRetrying(descriptor, buffer + dataEnd, wanted, at: range == nil ? nil : readOffset)
        if got <= 0 {
            if got < 0 { readError = errno }
            atEnd = true
        } else {
            dataEnd += got
            readOffset += got
            progress?.add(got)
        }
        // NB: keep the padding after the data zero, so word reads past a line's end stay in bounds
        // and never see a stray quote from a previous block.
        (buffer + dataEnd).initialize(repeating: 0, count: min(Self.padding, capacity + Self.padding - dataEnd))
    }
}
