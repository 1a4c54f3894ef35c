#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A resolved socket address to connect to.
struct SocketAddress: Sendable {
    let family: Int32
    let bytes: [UInt8]

    /// Resolves `host` (a name or a numeric address); may wait for the name server.
    static func resolve(host: String, port: UInt16, sinkName: String) throws(TraceSinkError) -> SocketAddress {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = POSIX.streamSocketType
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw TraceSinkError(sink: sinkName, reason: "cannot resolve host '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        let bytes = Array(UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
        return SocketAddress(family: first.pointee.ai_family, bytes: bytes)
    }

    /// A connected non-blocking socket, or -1 when nobody accepted within `timeout` seconds.
    func connect(timeout: Double) -> Int32 {
        let socket = POSIX.streamSocket(family: family, nonBlocking: true)
        guard socket >= 0 else { return -1 }
        let result = bytes.withUnsafeBytes { raw in
            POSIX.connect(socket, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if result == 0 { return socket }
        guard errno == EINPROGRESS || errno == EINTR else {
            POSIX.close(socket)
            return -1
        }
        var ready = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard poll(&ready, 1, Int32(timeout * 1000)) == 1,
              getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0
        else {
            POSIX.close(socket)
            return -1
        }
        return socket
    }
}
