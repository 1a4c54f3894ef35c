import Foundation
import TracerTestSupport
import Synchronization

/// The result of running the built `tracectl` binary.
struct TracectlRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether the process was ended by a signal (`status` is then the signal's number).
    var signaled = false
}

/// Runs the built `tracectl` as a child process, the way a user or CI does.
enum TracectlProcess {
    /// Runs `tracectl arguments…` with optional standard input and extra environment.
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        currentDirectory: String? = nil
    ) throws -> TracectlRun {
        let process = Process()
        process.executableURL = BuiltProducts.executable("tracectl")
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_STEP_SUMMARY"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            // NB: tracectl may stop reading (an error): a broken pipe is then an error here, not a
            // SIGPIPE that ends the test runner.
            signal(SIGPIPE, SIG_IGN)
            DispatchQueue.global().async {
                try? input.fileHandleForWriting.write(contentsOf: stdin)
                try? input.fileHandleForWriting.close()
            }
        }
        // NB: drain both pipes concurrently so a chatty child cannot fill one and stall.
        let errorData = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return TracectlRun(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData.withLock { $0 }, as: UTF8.self),
            signaled: process.terminationReason == .uncaughtSignal)
    }
}

/// Paths inside the package: fixtures and goldens.
enum PackagePaths {
    /// The package root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Fixtures/Traces/NAME`.
    static func trace(_ name: String) -> String { root.appendingPathComponent("Fixtures/Traces/\(name)").path }
}
