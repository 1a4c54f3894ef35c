@testable import TracectlCommands

/// Runs `tracectl` in this process through the library the binary is a few lines over, with a
/// console that keeps its output: for commands that need no working directory or standard input.
enum TracectlInProcess {
    /// Runs `tracectl arguments…` and returns its exit status and output.
    static func run(_ arguments: [String]) -> TracectlRun {
        let console = Console.capturing()
        let status = Tracectl.main(arguments, console: console)
        let (stdout, stderr) = console.captured
        return TracectlRun(status: status, stdout: stdout, stderr: stderr)
    }
}
