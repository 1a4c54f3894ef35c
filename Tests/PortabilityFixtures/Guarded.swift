// A fixture for `scripts/check-portability.sh --self-test`: Linux-only API inside Linux branches
// only, so nothing may be reported. Not compiled.
#if canImport(Glibc)
import Glibc
let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
#elseif canImport(Darwin)
import Darwin
let flags = SOCK_STREAM
#endif

#if os(Linux) && arch(x86_64)
let source = "/sys/devices/system/clocksource/clocksource0/current_clocksource"
#endif

#if canImport(Darwin)
let option = SO_NOSIGPIPE
#else
#if os(Linux)
let option = MSG_NOSIGNAL
#endif
#endif

#if !canImport(Darwin) && !os(Windows)
let unguarded = 0 // not Linux-only, but no Linux-only symbol either
#endif

// Glibc.send and /proc/self in comments are not code.
