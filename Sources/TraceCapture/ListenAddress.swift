#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// Where `tracectl record --listen` accepts connections: `[HOST:]PORT`, loopback by default.
package struct ListenAddress: Sendable, Equatable {
    /// The loopback address used when no host is given.
    package static let defaultHost = "127.0.0.1"

    /// The host as given (`127.0.0.1`, `::1`, `0.0.0.0`, `localhost`).
    package var host: String
    /// The port; 0 asks the system for a free one.
    package var port: UInt16

    /// An address on `host`, `port`.
    package init(host: String = ListenAddress.defaultHost, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `PORT`, `HOST:PORT` or `[V6HOST]:PORT`.
    package init(parsing text: String) throws(CaptureError) {
        let portText: Substring
        var host = Substring(Self.defaultHost)
        if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
            guard !host.isEmpty else {
                throw CaptureError("invalid address '\(text)': expected [HOST:]PORT, e.g. 127.0.0.1:7420", isUsage: true)
            }
        } else {
            portText = Substring(text)
        }
        guard let port = UInt16(portText) else {
            throw CaptureError("invalid port '\(portText)' in '\(text)': expected a number from 0 to 65535", isUsage: true)
        }
        self.init(host: String(host), port: port)
    }

    /// `HOST:PORT`, with brackets around an IPv6 host.
    package var description: String { "\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// The resolved socket addresses, or an error naming the host.
    func resolved() throws(CaptureError) -> [UInt8] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = POSIX.streamSocketType
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw CaptureError("cannot resolve '\(host)': \(String(cString: gai_strerror(status)))", isUsage: true)
        }
        defer { freeaddrinfo(list) }
        return Array(UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
    }

    /// Whether a resolved address is a wildcard (`0.0.0.0` or `::`): every interface, and no
    /// address a client can connect to.
    static func isWildcard(_ address: [UInt8]) -> Bool {
        address.withUnsafeBytes { raw in
            switch POSIX.family(of: raw) {
            case AF_INET: return raw.load(as: sockaddr_in.self).sin_addr.s_addr == 0
            case AF_INET6: return withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { $0.allSatisfy { $0 == 0 } }
            default: return false
            }
        }
    }

    /// The numeric addresses of this machine's interfaces that are up, loopback and IPv6
    /// link-local ones left out: IPv4 first, then IPv6 when `includingIPv6`.
    static func machineAddresses(includingIPv6: Bool) -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var ipv4: [String] = [], ipv6: [String] = []
        var next = list
        while let entry = next?.pointee {
            next = entry.ifa_next
            let flags = Int32(bitPattern: entry.ifa_flags)
            guard let address = entry.ifa_addr, flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            let family = Int32(address.pointee.sa_family)
            let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
            guard family == AF_INET || includingIPv6 && family == AF_INET6 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(length), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let name = Self.string(host)
            if family == AF_INET { ipv4.append(name) } else if !name.lowercased().hasPrefix("fe80") { ipv6.append(name) }
        }
        return ipv4 + ipv6
    }

    /// This machine's host name, or nil when it has none.
    static func machineName() -> String? {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0, name[0] != 0 else { return nil }
        return Self.string(name)
    }

    /// The text of a NUL-terminated C buffer.
    static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a resolved address is loopback (127.0.0.0/8 or ::1).
    static func isLoopback(_ address: [UInt8]) -> Bool {
        address.withUnsafeBytes { raw in
            switch POSIX.family(of: raw) {
            case AF_INET:
                let ipv4 = raw.load(as: sockaddr_in.self)
                return UInt32(bigEndian: ipv4.sin_addr.s_addr) >> 24 == 127
            case AF_INET6:
                let ipv6 = raw.load(as: sockaddr_in6.self)
                return withUnsafeBytes(of: ipv6.sin6_addr) { Array($0) == Array(repeating: 0, count: 15) + [1] }
            default:
                return false
            }
        }
    }
}
