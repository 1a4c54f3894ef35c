#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library calls whose spelling differs between Linux (Glibc) and Apple platforms (Darwin),
/// in one place, for every target of the package.
///
/// NB: `package` access: `TraceCapture` and `tracectl` use these too, apps never see them.
package enum POSIX {
    /// `read(2)`.
    @inlinable
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Reads up to `count` bytes into `buffer`, at `offset` with `pread(2)` when one is given,
    /// retrying `EINTR`: the bytes read, 0 at the end, or -1 with `errno` set.
    ///
    /// NB: the one read loop of the package: trace files, budget files, exports and pipes.
    package static func readRetrying(
        _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int? = nil
    ) -> Int {
        while true {
            let got = offset.map { pread(descriptor, buffer, count, off_t($0)) } ?? read(descriptor, buffer, count)
            if got >= 0 || errno != EINTR { return got }
        }
    }

    /// `write(2)`.
    @inlinable
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and `EINTR`: 0, or the `errno`
    /// of the write that failed (`EIO` for one that wrote nothing).
    ///
    /// NB: the one write loop of the package: sinks, output streams, the console and captures.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return written < 0 && errno != 0 ? errno : EIO }
            offset += written
        }
        return 0
    }

    /// `open(2)`, with `mode` for a file it creates.
    package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags, mode)
        #else
        Darwin.open(path, flags, mode)
        #endif
    }

    /// `close(2)`.
    @inlinable @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Darwin.close(descriptor)
        #endif
    }

    /// A close-on-exec pipe, (read end, write end); nil with `errno` set on failure.
    ///
    /// NB: `pipe2` is Linux-only; `fcntl` sets the flags everywhere.
    package static func pipe(nonBlocking: Bool) -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        guard Glibc.pipe(&ends) == 0 else { return nil }
        #else
        guard Darwin.pipe(&ends) == 0 else { return nil }
        #endif
        for end in ends { setDescriptorFlags(end, nonBlocking: nonBlocking) }
        return (ends[0], ends[1])
    }

    /// `accept(2)`.
    package static func accept(_ socket: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?) -> Int32 {
        #if canImport(Glibc)
        Glibc.accept(socket, address, length)
        #else
        Darwin.accept(socket, address, length)
        #endif
    }

    /// `connect(2)`.
    package static func connect(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(socket, address, length)
        #else
        Darwin.connect(socket, address, length)
        #endif
    }

    /// `SOCK_STREAM` as the `Int32` that `socket(2)` and `addrinfo.ai_socktype` take.
    package static var streamSocketType: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    /// A close-on-exec stream socket of `family`, non-blocking when asked, that never raises
    /// `SIGPIPE` when written through `sendWithoutSignal`; -1 with `errno` set on failure.
    package static func streamSocket(family: Int32, nonBlocking: Bool) -> Int32 {
        #if canImport(Glibc)
        let flags = Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        return Glibc.socket(family, streamSocketType | flags, 0)
        #else
        let socket = Darwin.socket(family, streamSocketType, 0)
        guard socket >= 0 else { return -1 }
        setDescriptorFlags(socket, nonBlocking: nonBlocking)
        // NB: Darwin has no MSG_NOSIGNAL; the socket itself is told not to raise SIGPIPE.
        var yes: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        return socket
        #endif
    }

    /// Sets close-on-exec and, when asked, non-blocking mode on `descriptor`.
    package static func setDescriptorFlags(_ descriptor: Int32, nonBlocking: Bool) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if nonBlocking { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
    }

    /// `send(2)` without `SIGPIPE` on a broken connection, and without blocking unless asked (on
    /// Darwin the socket must come from `streamSocket`, which sets `SO_NOSIGPIPE`).
    package static func sendWithoutSignal(_ socket: Int32, _ bytes: UnsafeRawPointer, _ count: Int, blocking: Bool = false) -> Int {
        #if canImport(Glibc)
        Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL) | (blocking ? 0 : Int32(MSG_DONTWAIT)))
        #else
        Darwin.send(socket, bytes, count, blocking ? 0 : MSG_DONTWAIT)
        #endif
    }

    /// The address family of the socket address in `raw` (a `sockaddr_in`, `sockaddr_in6`, …).
    ///
    /// NB: Darwin's `sockaddr` opens with `sa_len`, so the family is not at offset 0 there.
    package static func family(of raw: UnsafeRawBufferPointer) -> Int32 {
        Int32(raw.load(fromByteOffset: MemoryLayout<sockaddr>.offset(of: \.sa_family)!, as: sa_family_t.self))
    }
}
