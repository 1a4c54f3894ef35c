#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// Accepts TCP connections from programs recording with `TRACER_OUTPUT=tcp://HOST:PORT` and
/// merges their lines into one `tracer/1` trace (see `MergedTraceWriter` for the tagging).
///
/// One thread (the caller of `run`) polls every socket. A connection's lines are written a whole
/// transaction at a time (a run of lines with one `tx`), so transactions of different clients do
/// not interleave; a transaction still open is written once its connection has been quiet for
/// `quietInterval`, or ends. A line longer than 1 MiB, newline-terminated or not, closes its
/// connection (the lines before it are kept); a client that disconnects mid-line loses that line
/// only. Both are logged and counted.
///
/// NB: `@unchecked Sendable` because only `stop()` may be called from another thread; it only
/// writes to a pipe.
package final class TraceListener: @unchecked Sendable {
    /// How long a connection must be quiet before its open transaction is written.
    static let quietInterval: UInt64 = 200_000_000
    /// How often `run` wakes without activity.
    static let tick: Int32 = 100
    /// Reads per connection per wake, so that one busy client cannot starve the others.
    static let readsPerWake = 8

    /// The address actually bound (the real port when 0 was asked for).
    package let address: ListenAddress
    /// The `TRACER_OUTPUT` value a client should use. For a wildcard bind (`0.0.0.0`, `::`),
    /// which no client can connect to, it names an address of this machine instead.
    package let clientOutputValue: String
    /// For a wildcard bind, what the client may use instead; nil otherwise.
    package let clientNote: String?
    private let socket: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let output: CaptureOutput
    private let log: (String) -> Void
    private var finished = false

    /// Binds `address` and listens; nothing is accepted until `run`.
    ///
    /// - Throws: `CaptureError` (`isUsage`) for a non-loopback address without `allowRemote`,
    ///   or when the address cannot be resolved or bound.
    package init(
        address requested: ListenAddress, allowRemote: Bool, output: CaptureOutput,
        log: @escaping (String) -> Void = { _ in }
    ) throws(CaptureError) {
        let resolved = try requested.resolved()
        guard allowRemote || ListenAddress.isLoopback(resolved) else {
            throw CaptureError(
                "refusing to listen on \(requested.description): not a loopback address; traces would be reachable from the network (pass --allow-remote to allow it)",
                isUsage: true)
        }
        let family = resolved.withUnsafeBytes { POSIX.family(of: $0) }
        let socket = POSIX.streamSocket(family: family, nonBlocking: true)
        guard socket >= 0 else { throw CaptureError("cannot create a socket: \(String(cString: strerror(errno)))") }
        // NB: lets a port be listened on again at once, while its old connections linger in TIME_WAIT.
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var bound = resolved
        let failure = bound.withUnsafeMutableBytes { raw -> Int32? in
            let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr.self)
            guard bind(socket, address, socklen_t(raw.count)) == 0, listen(socket, 64) == 0 else { return errno }
            var length = socklen_t(raw.count)
            return getsockname(socket, address, &length) == 0 ? nil : errno
        }
        if let failure {
            POSIX.close(socket)
            throw CaptureError("cannot listen on \(requested.description): \(String(cString: strerror(failure)))", isUsage: true)
        }
        let port = bound.withUnsafeBytes { raw -> UInt16 in
            family == AF_INET6 ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
                : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
        guard let ends = POSIX.pipe(nonBlocking: true) else {
            POSIX.close(socket)
            throw CaptureError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        self.socket = socket
        address = ListenAddress(host: requested.host, port: port)
        (clientOutputValue, clientNote) = Self.clientAddress(for: address, wildcard: ListenAddress.isWildcard(resolved), family: family)
        (wakeRead, wakeWrite) = ends
        self.output = output
        self.log = log
    }

    deinit {
        if !finished { POSIX.close(socket) }
        POSIX.close(wakeRead)
        POSIX.close(wakeWrite)
    }

    /// The `TRACER_OUTPUT` value for `address`, and for a wildcard a note on the alternatives.
    private static func clientAddress(for address: ListenAddress, wildcard: Bool, family: Int32) -> (String, String?) {
        guard wildcard else { return ("tcp://\(address.description)", nil) }
        let addresses = ListenAddress.machineAddresses(includingIPv6: family == AF_INET6)
        let name = ListenAddress.machineName()
        // NB: with no network interface, only this machine can connect anyway.
        let host = addresses.first ?? name ?? (family == AF_INET6 ? "::1" : ListenAddress.defaultHost)
        let alternatives = addresses + (name.map { ["the host name '\($0)'"] } ?? [])
        let value = "tcp://\(ListenAddress(host: host, port: address.port).description)"
        let note = "\(address.host) listens on every interface: any address of this machine the app can reach will do"
        guard let last = alternatives.last else { return (value, note) }
        let others = alternatives.dropLast().joined(separator: ", ")
        return (value, "\(note), here \(others.isEmpty ? last : "\(others) or \(last)")")
    }

    /// Asks `run` to finish: safe from any thread, and from a signal handler's queue.
    package func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Accepts and merges connections until `stop()` or `duration` seconds, then writes out
    /// every whole line received, stops listening and returns the summary. Call it once.
    ///
    /// - Throws: `CaptureError` when the output cannot be written.
    package func run(duration: Double? = nil) throws(CaptureError) -> CaptureSummary {
        signal(SIGPIPE, SIG_IGN)
        // NB: a duration too long to count in nanoseconds (`--duration 1e11`) waits as long as one can.
        let deadline = duration.flatMap(CheckedInteger.nanoseconds(seconds:)).map { length in
            let (end, overflow) = TraceClock.monotonicNow().addingReportingOverflow(length)
            return overflow ? UInt64.max : end
        }
        var writer = MergedTraceWriter(output: output, metadata: TraceMetadata())
        var connections: [ListenerConnection] = []
        var descriptors: [pollfd] = []
        var nextID = 1
        while true {
            let now = TraceClock.monotonicNow()
            if let deadline, now >= deadline { break }
            let timeout = deadline.map { Int32(min(UInt64(Self.tick), ($0 - now) / 1_000_000 + 1)) } ?? Self.tick
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: socket, events: Int16(POLLIN), revents: 0))
            for connection in connections { descriptors.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)) }
            let polled = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if polled < 0, errno != EINTR { break }
            if descriptors[0].revents != 0 { break }
            let stamp = TraceClock.monotonicNow()
            // NB: connections accepted just now were not polled; they come first next time round.
            for (index, connection) in connections.enumerated() {
                if index + 2 < descriptors.count, descriptors[index + 2].revents != 0 {
                    connection.receive(reads: Self.readsPerWake, writer: &writer, now: stamp, log: log)
                } else if stamp - connection.lastActivity >= Self.quietInterval {
                    connection.writeOpenTransaction(writer: &writer)
                }
            }
            connections.removeAll { !$0.isOpen }
            if descriptors[1].revents != 0 { accept(into: &connections, nextID: &nextID, writer: &writer) }
            output.flush()
        }
        // NB: clients that connected (and perhaps already finished) before the stop still count;
        // then stop listening, so that later ones see a refusal and back off instead of queueing.
        accept(into: &connections, nextID: &nextID, writer: &writer)
        POSIX.close(socket)
        finished = true
        for connection in connections { connection.finish(writer: &writer, log: log) }
        let summary = writer.summary.finished()
        output.flush()
        if let failure = output.failure { throw failure }
        return summary
    }

    private func accept(into connections: inout [ListenerConnection], nextID: inout Int, writer: inout MergedTraceWriter) {
        while true {
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    POSIX.accept(socket, $0, &length)
                }
            }
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            POSIX.setDescriptorFlags(client, nonBlocking: true)
            let connection = ListenerConnection(id: nextID, descriptor: client, peer: Self.describe(peer))
            nextID += 1
            writer.countConnection()
            connections.append(connection)
            log("connection \(connection.state.id) from \(connection.peer)")
        }
    }

    private static func describe(_ peer: sockaddr_storage) -> String {
        var peer = peer
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let status = withUnsafePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, socklen_t(MemoryLayout<sockaddr_storage>.size), &host, socklen_t(host.count),
                            &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard status == 0 else { return "an unknown peer" }
        let name = ListenAddress.string(host)
        return "\(name.contains(":") ? "[\(name)]" : name):\(ListenAddress.string(service))"
    }
}

/// One client connection: its socket, the bytes not yet written, and where its open transaction starts.
final class ListenerConnection {
    let descriptor: Int32
    let peer: String
    var state: ConnectionState
    private var lines = LineBuffer()
    /// Bytes before this offset are whole lines already scanned.
    private var scanned = 0
    /// Bytes before this offset are whole transactions, ready to be written.
    private var complete = 0
    private var openTransaction: Int64?
    private(set) var lastActivity: UInt64 = TraceClock.monotonicNow()
    private(set) var isOpen = true

    init(id: Int, descriptor: Int32, peer: String) {
        self.descriptor = descriptor
        self.peer = peer
        state = ConnectionState(id: id)
    }

    deinit {
        if isOpen { close(descriptor) }
    }

    /// Reads what the socket holds (at most `reads` times) and writes the finished transactions.
    func receive(reads: Int, writer: inout MergedTraceWriter, now: UInt64, log: (String) -> Void) {
        lastActivity = now
        for _ in 0..<reads {
            switch lines.read(from: descriptor) {
            case .bytes:
                guard scan(writer: &writer, log: log) else { return finish(writer: &writer, log: log, drain: false) }
            case .wouldBlock:
                return writeTransactions(upTo: complete, writer: &writer)
            case .end:
                return finish(writer: &writer, log: log)
            case .failed(let code):
                log("connection \(state.id) from \(peer): \(String(cString: strerror(code)))")
                return finish(writer: &writer, log: log)
            }
        }
        writeTransactions(upTo: complete, writer: &writer)
    }

    /// Writes the lines of a transaction that may still be open.
    func writeOpenTransaction(writer: inout MergedTraceWriter) {
        writeTransactions(upTo: scanned, writer: &writer)
    }

    /// Reads what is left when `drain`, writes every whole line scanned, counts a partial one,
    /// and closes the connection.
    func finish(writer: inout MergedTraceWriter, log: (String) -> Void, drain: Bool = true) {
        guard isOpen else { return }
        if drain {
            var withinLimit = true
            while withinLimit, case .bytes = lines.read(from: descriptor) { withinLimit = scan(writer: &writer, log: log) }
            if withinLimit, lines.count > scanned {
                writer.countCutOff()
                log("connection \(state.id) from \(peer): disconnected mid-line; partial line of \(lines.count - scanned) bytes dropped")
            }
        }
        writeTransactions(upTo: scanned, writer: &writer)
        close(descriptor)
        isOpen = false
        log("connection \(state.id) from \(peer) closed")
    }

    /// Splits newly read bytes into lines and moves `complete` to the start of the open
    /// transaction; false, counted and logged, when a line is over the limit (the connection
    /// must then be closed: nothing after that line is read).
    private func scan(writer: inout MergedTraceWriter, log: (String) -> Void) -> Bool {
        while let split = lines.line(at: scanned) {
            switch split {
            case .overlong(let length, let terminated):
                writer.countOverlong()
                log("connection \(state.id) from \(peer): a line of \(LineBuffer.describeOverlong(length: length, terminated: terminated)); dropping the connection")
                return false
            case .whole(let line):
                let transaction = writer.transaction(of: line)
                if transaction == nil || transaction != openTransaction { complete = scanned }
                scanned += line.count + 1
                if transaction == nil { complete = scanned }
                openTransaction = transaction
            }
        }
        return true
    }

    private func writeTransactions(upTo end: Int, writer: inout MergedTraceWriter) {
        guard end > 0 else { return }
        var offset = 0
        while offset < end, case .whole(let line)? = lines.line(at: offset) {
            writer.write(line, from: &state)
            offset += line.count + 1
        }
        lines.discard(upTo: end)
        scanned -= end
        complete = max(complete - end, 0)
    }
}
