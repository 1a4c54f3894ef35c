#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process run to its end, its standard output to `/dev/null`: exit status, wall and CPU
/// time and peak resident memory from `wait4`, and what it wrote to standard error.
struct MeasuredChild {
    var status: Int32
    var wall: Double
    /// User and system time, in seconds.
    var cpu: Double
    /// Peak resident set, in MB.
    var peakMB: Double
    var errors: String

    /// Runs `command` (looked up in `PATH` when it has no `/`) and waits for it.
    static func run(_ command: [String]) -> MeasuredChild {
        let errorPath = NSTemporaryDirectory() + "tracer-bench-child-\(getpid()).err"
        defer { unlink(errorPath) }
        // NB: Glibc's spawn types are structs, Darwin's optional pointers the init calls fill in.
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { variables.forEach { free($0) } }
        let start = nowNanoseconds()
        var pid: pid_t = 0
        guard posix_spawnp(&pid, command[0], &actions, nil, argv, variables) == 0 else {
            return MeasuredChild(status: 127, wall: 0, cpu: 0, peakMB: 0, errors: "cannot run \(command[0])")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(nowNanoseconds() - start) / 1e9
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        // NB: ru_maxrss is in KiB on Linux, in bytes on Darwin.
        #if canImport(Darwin)
        let peakMB = Double(usage.ru_maxrss) / 1_048_576
        #else
        let peakMB = Double(usage.ru_maxrss) / 1024
        #endif
        return MeasuredChild(status: exited, wall: wall, cpu: cpu, peakMB: peakMB,
                             errors: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// Runs `tracectl` with `arguments` (its output to `/dev/null`) and waits for it; the process
    /// stops when it exits with a status outside `expected`.
    static func tracectl(_ tracectl: String, _ arguments: [String], expected: ClosedRange<Int32> = 0...0) -> MeasuredChild {
        let child = run([tracectl] + arguments)
        precondition(expected.contains(child.status), "tracectl \(arguments.joined(separator: " ")) failed (\(child.status)): \(child.errors.prefix(300))")
        return child
    }

    /// The `tracectl` built beside this executable; the process exits (2) when there is none.
    static func builtTracectl() -> String {
        let tracectl = sibling("tracectl")
        guard access(tracectl, X_OK) == 0 else {
            FileHandle.standardError.write(Data("tracer-bench: \(tracectl) not found: build it first (swift build -c release --product tracectl)\n".utf8))
            exit(2)
        }
        return tracectl
    }

    /// The path of `name` built beside this executable (`tracectl` beside `tracer-bench`).
    static func sibling(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Wall time, CPU time, MB per CPU-second and peak RSS as figures named `name.…`.
    func figures(_ name: String, megabytes: Double, note: String) -> [BenchFigure] {
        [
            BenchFigure(name: name + ".wall_s", value: wall, unit: "s", note: note),
            BenchFigure(name: name + ".cpu_s", value: cpu, unit: "s", note: "user + system"),
            BenchFigure(name: name + ".mb_per_cpu_s", value: megabytes / cpu, unit: "MB/s"),
            BenchFigure(name: name + ".peak_rss_mb", value: peakMB, unit: "MB"),
        ]
    }
}
