#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Sends JSON lines to a TCP listener (`tracectl record --listen`) without ever stalling the host.
///
/// `write` only copies lines into a bounded buffer; a sender thread of its own connects, sends
/// on a non-blocking socket and reconnects with backoff when the listener is absent or goes away.
/// When the buffer is full the oldest whole lines are dropped, and a `dropped` line with their
/// `count` is sent once the connection accepts data again. The host name is resolved by the
/// sender thread too, before its first connection: never on the thread that makes the sink
/// (an app's main thread, inside its first traced body), which a slow name server would stall. Every connection starts with the
/// trace's `meta` header, so each one is a trace of its own to the listener.
public final class TCPSink: TraceSink {
    /// The default buffer bound: lines beyond it drop the oldest ones.
    public static let defaultCapacity = 4 << 20
    /// The longest wait between connection attempts.
    static let maximumBackoff = 2.0
    /// How long `close` waits for buffered lines to reach a connected listener.
    static let closeDrainTimeout = 2.0

    /// What the sink has done so far.
    public struct Statistics: Sendable, Equatable {
        /// Connections established (the first one and every reconnection).
        public var connections = 0
        /// Bytes handed to the socket, headers and `dropped` lines included.
        public var sentBytes = 0
        /// Whole lines dropped because the buffer was full or a connection broke mid-line.
        public var droppedLines = 0
        /// Bytes waiting in the buffer.
        public var bufferedBytes = 0
        /// Attempts to resolve the host name that failed (each retried with the connection's backoff).
        public var failedResolutions = 0
    }

    public let name: String
    private let host: String
    private let port: UInt16
    private let state: LockedBox<SendState>
    private let wake = DispatchSemaphore(value: 0)
    private let senderFinished = DispatchSemaphore(value: 0)

    /// A sink sending to `host:port`; the name is resolved and connections are made by the sender
    /// thread (a name that does not resolve is reported once on stderr and retried).
    ///
    /// - Throws: `TraceSinkError` when `host` is empty or longer than a DNS name can be.
    public init(host: String, port: UInt16, capacity: Int = TCPSink.defaultCapacity) throws(TraceSinkError) {
        name = "tcp://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        guard !host.isEmpty, host.utf8.count <= 253 else {
            throw TraceSinkError(sink: name, reason: "expected a host name of 1 to 253 bytes")
        }
        self.host = host
        self.port = port
        state = LockedBox(SendState(capacity: max(capacity, 1024)))
        let sender = Thread { [self] in runSender() }
        sender.name = "tracer-tcp-sink"
        sender.start()
    }

    /// A sink for a `tcp://HOST:PORT` value (`[v6]` hosts in brackets).
    public static func parse(_ value: String) throws(TraceSinkError) -> TCPSink {
        let rest = value.dropFirst("tcp://".count)
        guard value.hasPrefix("tcp://"), let colon = rest.lastIndex(of: ":"),
              let port = UInt16(rest[rest.index(after: colon)...]), port > 0
        else {
            throw TraceSinkError(sink: value, reason: "expected tcp://HOST:PORT with PORT from 1 to 65535")
        }
        var host = rest[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty else { throw TraceSinkError(sink: value, reason: "expected a host before the port") }
        return try TCPSink(host: String(host), port: port)
    }

    /// Buffers `bytes` (whole lines) for sending; never waits for the network.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(TraceSinkError) {
        let accepted = state.withLock { $0.append(bytes) }
        if accepted { wake.signal() }
    }

    /// Sends what is buffered (waiting at most a couple of seconds for a listener) and stops.
    public func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closing = true }
            return !state.closing
        }
        guard first else { return }
        wake.signal()
        _ = senderFinished.wait(timeout: .now() + Self.closeDrainTimeout + 1)
    }

    /// Counters for diagnostics and tests.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    deinit {
        state.withLock { $0.storage.deallocate() }
    }

    // MARK: Sender

    private func runSender() {
        var address: SocketAddress?
        var connection: Int32 = -1
        var backoff = 0.05
        var nextAttempt = 0.0
        var drainDeadline: Double?
        var attemptedWhileClosing = false
        defer {
            if connection >= 0 { POSIX.close(connection) }
            senderFinished.signal()
        }
        while true {
            let now = Self.now()
            let (closing, hasData) = state.withLock { ($0.closing, $0.hasData) }
            if closing {
                // NB: with nobody listening, one last attempt; the host is exiting and must not wait.
                drainDeadline = drainDeadline ?? now + Self.closeDrainTimeout
                if !hasData || now >= drainDeadline! || connection < 0 && attemptedWhileClosing { return }
                if connection < 0 {
                    nextAttempt = now
                    attemptedWhileClosing = true
                }
            }
            if connection < 0 {
                guard now >= nextAttempt else {
                    _ = wake.wait(timeout: .now() + min(nextAttempt - now, 0.1))
                    continue
                }
                address = address ?? resolve()
                connection = address?.connect(timeout: 0.1) ?? -1
                if connection < 0 {
                    nextAttempt = now + backoff
                    backoff = min(backoff * 2, Self.maximumBackoff)
                    continue
                }
                backoff = 0.05
                state.withLock { $0.startConnection() }
            }
            guard hasData else {
                _ = wake.wait(timeout: .now() + 0.1)
                continue
            }
            var ready = pollfd(fd: connection, events: Int16(POLLOUT), revents: 0)
            let polled = poll(&ready, 1, 100)
            if polled < 0 && errno != EINTR || polled > 0 && ready.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                disconnect(&connection)
                continue
            }
            guard polled > 0 else { continue }
            // NB: a listener that closed is noticed before sending, so nothing is sent into the void.
            guard !Self.peerClosed(connection) else {
                disconnect(&connection)
                continue
            }
            let alive = state.withLock { $0.send(on: connection) }
            if !alive { disconnect(&connection) }
        }
    }

    /// The host's address, or nil (counted; the first failure reported on stderr).
    private func resolve() -> SocketAddress? {
        do throws(TraceSinkError) {
            return try SocketAddress.resolve(host: host, port: port, sinkName: name)
        } catch {
            let first = state.withLock { state in
                state.statistics.failedResolutions += 1
                return state.statistics.failedResolutions == 1
            }
            if first { reportError("\(name): \(error.reason); retrying") }
            return nil
        }
    }

    private func disconnect(_ connection: inout Int32) {
        POSIX.close(connection)
        connection = -1
        state.withLock { $0.connectionLost() }
    }

    /// Whether the listener has closed its end (the socket reads as ended or failed).
    private static func peerClosed(_ connection: Int32) -> Bool {
        var byte: UInt8 = 0
        let peeked = recv(connection, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return peeked == 0 || peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
    }

    private static func now() -> Double {
        Double(TraceClock.monotonicNow()) / 1e9
    }
}

/// The sink's buffer and counters, touched under its mutex by `write` and the sender.
///
/// NB: `@unchecked Sendable` because of the raw buffer, which only the holder of the mutex touches.
private struct SendState: @unchecked Sendable {
    let capacity: Int
    let storage: UnsafeMutablePointer<UInt8>
    /// Buffered bytes are `storage[start..<end]`.
    var start = 0
    var end = 0
    /// Whether `start` is at the beginning of a line (false after a partial send).
    var startsLine = true
    /// The trace's `meta` line: the first line written, sent first on every connection.
    var header: [UInt8]?
    /// Whether the current connection (or the next one) has yet to get the header.
    var needsHeader = true
    /// Bytes to send before the buffer: the header or a `dropped` line.
    var preamble: [UInt8] = []
    var preambleSent = 0
    var unreportedDrops = 0
    var closing = false
    var statistics = TCPSink.Statistics()

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    var hasData: Bool {
        end > start || preambleSent < preamble.count || header != nil && (needsHeader || unreportedDrops > 0)
    }

    /// Copies whole lines in, dropping the oldest buffered lines to make room; false when nothing was added.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !closing, !bytes.isEmpty else { return false }
        var source = bytes.assumingMemoryBound(to: UInt8.self)
        if header == nil {
            let lineEnd = (source.firstIndex(of: UInt8(ascii: "\n")) ?? source.count - 1) + 1
            header = Array(source[..<lineEnd])
            guard lineEnd < source.count else { return true }
            source = UnsafeBufferPointer(rebasing: source[lineEnd...])
        }
        let free = capacity - (end - start)
        if source.count > free {
            dropBuffered(upTo: lineStart(atOrAfter: start + source.count - free))
            let excess = end - start + source.count - capacity
            if excess > 0 {
                // NB: more than the whole buffer: keep the newest lines that fit.
                let cut = lineStart(in: source, atOrAfter: excess)
                drop(lineCount: Self.newlines(in: UnsafeBufferPointer(rebasing: source[..<cut])))
                source = UnsafeBufferPointer(rebasing: source[cut...])
            }
        }
        if end + source.count > capacity {
            memmove(storage, storage + start, end - start)
            end -= start
            start = 0
        }
        (storage + end).update(from: source.baseAddress!, count: source.count)
        end += source.count
        statistics.bufferedBytes = end - start
        return true
    }

    /// Drops buffered lines from `start` up to `cut` (a line start), keeping a partly sent first line.
    private mutating func dropBuffered(upTo cut: Int) {
        guard cut > start else { return }
        var keptStart = cut
        if !startsLine {
            // NB: the listener holds the beginning of the first line; its rest must still follow.
            let firstLineEnd = lineStart(atOrAfter: start)
            let rest = min(firstLineEnd, cut) - start
            keptStart = cut - rest
            memmove(storage + keptStart, storage + start, rest)
            drop(lineCount: Self.newlines(in: UnsafeBufferPointer(start: storage + start + rest, count: cut - start - rest)))
        } else {
            drop(lineCount: Self.newlines(in: UnsafeBufferPointer(start: storage + start, count: cut - start)))
        }
        start = keptStart
        if start == end { start = 0; end = 0 }
    }

    private mutating func drop(lineCount: Int) {
        unreportedDrops += lineCount
        statistics.droppedLines += lineCount
    }

    /// The index just past the first newline at or after `offset` in the buffer (or `end`).
    private func lineStart(atOrAfter offset: Int) -> Int {
        var index = max(offset, start)
        while index < end, storage[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, end)
    }

    private func lineStart(in source: UnsafeBufferPointer<UInt8>, atOrAfter offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let newline = source[(offset - 1)...].firstIndex(of: UInt8(ascii: "\n")) ?? source.count - 1
        return newline + 1
    }

    private static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
        return count
    }

    /// A new connection: the header goes first.
    mutating func startConnection() {
        statistics.connections += 1
        needsHeader = true
        preamble = []
        preambleSent = 0
    }

    /// A broken connection: the rest of a partly sent line is useless to the next one.
    mutating func connectionLost() {
        if !startsLine {
            start = lineStart(atOrAfter: start)
            startsLine = true
            drop(lineCount: 1)
        }
        needsHeader = true
        preamble = []
        preambleSent = 0
        if start == end { start = 0; end = 0 }
        statistics.bufferedBytes = end - start
    }

    /// Sends what the socket takes without waiting; false when the connection is broken.
    mutating func send(on connection: Int32) -> Bool {
        guard let header else { return true }
        if needsHeader {
            preamble = header
            preambleSent = 0
            needsHeader = false
        } else if preambleSent == preamble.count, unreportedDrops > 0, startsLine {
            preamble = Self.droppedLine(count: unreportedDrops)
            preambleSent = 0
            unreportedDrops = 0
        }
        if preambleSent < preamble.count {
            let sent = preamble.withUnsafeBytes { Self.send(connection, $0.baseAddress! + preambleSent, preamble.count - preambleSent) }
            guard let sent else { return false }
            preambleSent += sent
            statistics.sentBytes += sent
            guard preambleSent == preamble.count else { return true }
        }
        guard end > start else { return true }
        guard let sent = Self.send(connection, storage + start, end - start) else { return false }
        if sent > 0 {
            start += sent
            startsLine = storage[start - 1] == UInt8(ascii: "\n")
            statistics.sentBytes += sent
            if start == end { start = 0; end = 0 }
            statistics.bufferedBytes = end - start
        }
        return true
    }

    /// A `dropped` line: its `seq` and `ts` are the listener's to assign.
    private static func droppedLine(count: Int) -> [UInt8] {
        typealias F = TraceSchema.Field
        var line = Array("{\"\(F.kind)\":".utf8)
        JSONString.appendQuoted(EventKind.dropped.name, to: &line)
        line += Array(",\"\(F.count)\":".utf8)
        JSONLineEncoder.appendDecimal(UInt64(count), to: &line)
        line += Array("}\n".utf8)
        return line
    }

    /// Bytes sent (0 when the socket is full), or nil when the connection is broken.
    private static func send(_ connection: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int? {
        while true {
            let sent = POSIX.sendWithoutSignal(connection, bytes, count)
            if sent >= 0 { return sent }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return 0
            default: return nil
            }
        }
    }
}
