// A fixture for `scripts/check-portability.sh --self-test`: every line marked expect-violation
// must be reported, and no other. Not compiled.
import Glibc

func send(_ socket: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL)) // expect-violation
}

#if canImport(Darwin)
let flags = SOCK_NONBLOCK // expect-violation
#else
let cpus = String(contentsOfFile: "/proc/cpuinfo") // expect-violation
#endif

#if !os(Linux)
let mapped = MADV_HUGEPAGE // expect-violation
#elseif DEBUG
let ends = pipe2(&fds, O_CLOEXEC) // reached on Linux only (not Linux, else DEBUG): fine
#endif

#if os(Linux) || arch(arm64)
let stamp = info.st_mtim // expect-violation
#endif

/* Glibc.read in a block comment is not code */
let family = raw.load(as: sa_family_t.self) // expect-violation
var actions = posix_spawn_file_actions_t() // expect-violation
