#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore
import Foundation
import TraceAnalysis
import TraceCapture
import TracerTestSupport

/// The built `tracer-example` next to the running test bundle.
enum Example {
    static var path: String { BuiltProducts.executable("tracer-example").path }
}

/// The lines of the file at `path`, each parsed as a JSON object (nil where it is not one).
func traceLines(_ path: String) -> [[String: Any]?] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}

/// The contract violations (errors only) `TraceValidator` finds in the file at `path`.
func contractErrors(_ path: String) -> [String] {
    TraceValidator.validate(source: .file(path)).filter { $0.severity == .error }.map { "\($0)" }
}

/// A listener on a free loopback port, running on its own thread, writing to a temporary file.
final class RunningListener: @unchecked Sendable {
    let listener: TraceListener
    let path: String
    private let output: CaptureOutput
    private let done = DispatchSemaphore(value: 0)
    private let messages = MessageLog()
    private var result: Result<CaptureSummary, CaptureError>?

    init(host: String = ListenAddress.defaultHost, port: UInt16 = 0, allowRemote: Bool = false) throws {
        path = temporaryPath("trace.jsonl")
        output = try CaptureOutput(path: path)
        let messages = messages
        listener = try TraceListener(address: ListenAddress(host: host, port: port), allowRemote: allowRemote, output: output) {
            messages.append($0)
        }
        Thread { [self] in
            do throws(CaptureError) {
                let summary = try listener.run()
                output.close()
                result = .success(summary)
            } catch {
                result = .failure(error)
            }
            done.signal()
        }.start()
    }

    var port: UInt16 { listener.address.port }

    /// Messages logged so far.
    var log: [String] { messages.lines }

    /// Stops the listener and returns its summary.
    func stop() throws -> CaptureSummary {
        listener.stop()
        done.wait()
        return try result!.get()
    }
}

/// Lines logged from another thread.
final class MessageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }

    var lines: [String] { lock.withLock { stored } }
}

/// A raw TCP connection for sending and receiving exact bytes.
struct RawClient {
    let descriptor: Int32

    /// An established connection.
    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Connects to `port` on loopback.
    init(port: UInt16) {
        descriptor = POSIX.streamSocket(family: AF_INET, nonBlocking: false)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// Sends all of `text`; false when the peer closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { POSIX.sendWithoutSignal(descriptor, $0.baseAddress! + offset, bytes.count - offset, blocking: true) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Whether the peer closes the connection within `seconds`.
    func closedByPeer(within seconds: Double) -> Bool {
        eventually(within: seconds) {
            var byte: UInt8 = 0
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 10) == 1 else { return false }
            return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) <= 0
        }
    }

    /// Everything received until the peer closes the connection.
    func receiveAll() -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let got = recv(descriptor, &chunk, chunk.count, 0)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return received }
            received += chunk[..<got]
        }
    }

    func close() { _ = POSIX.close(descriptor) }
}

/// A trace line of exactly `length` bytes (newline excluded): a `mark` whose name pads it out.
func markLine(seq: Int, name: String? = nil, length: Int) -> String {
    let prefix = "{\"seq\":\(seq),\"ts\":\(seq),\"kind\":\"mark\",\"name\":\"\(name ?? "")"
    return prefix + String(repeating: "x", count: length - prefix.utf8.count - 2) + "\"}"
}

/// Runs `body` on a thread of its own; whether it returned within `seconds`.
///
/// NB: only a guard against a hang, so that a blocking call fails the test instead of stalling
/// the run; the deadline is generous and is never what a test asserts about speed.
func returns(within seconds: Double = 120, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + seconds) == .success
}

/// A loopback TCP server that accepts one connection and reads nothing until asked to.
final class SilentListener {
    let port: UInt16
    private let socket: Int32

    /// Listens on a free loopback port with a small receive buffer, so that a sender fills it soon.
    init() {
        let socket = POSIX.streamSocket(family: AF_INET, nonBlocking: false)
        var size: Int32 = 4096
        setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && listen(socket, 1) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        self.socket = socket
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { POSIX.close(socket) }

    /// The connection a client made (waiting for it), or nil when none came within `seconds`.
    func accept(within seconds: Double = 20) -> RawClient? {
        var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, Int32(seconds * 1000)) == 1 else { return nil }
        let connection = POSIX.accept(socket, nil, nil)
        return connection >= 0 ? RawClient(descriptor: connection) : nil
    }
}
