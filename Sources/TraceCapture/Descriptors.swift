#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Descriptor helpers the portable C library lacks (`pipe2`, `accept4`).
enum Descriptors {
    /// A close-on-exec pipe, (read end, write end); nil with `errno` set on failure.
    static func pipe(nonBlocking: Bool) -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { return nil }
        for end in ends { configure(end, nonBlocking: nonBlocking) }
        return (ends[0], ends[1])
    }

    /// Sets close-on-exec and, when asked, non-blocking mode on `descriptor`.
    static func configure(_ descriptor: Int32, nonBlocking: Bool) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if nonBlocking { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
    }
}
