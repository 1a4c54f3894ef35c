import TraceSupport

/// Where a command writes its output: the file `-o` names or standard output, opened and closed
/// with a failure as a command error.
enum CommandOutput {
    /// The stream `-o` names, or standard output; the reading is over, so the progress line goes.
    static func open(_ arguments: ParsedArguments) throws(CommandError) -> FileOutputStream {
        arguments.progressLine?.stop()
        return try open(path: arguments.value(CommonOptions.output) ?? "-")
    }

    /// The stream writing to `path` ('-': standard output).
    static func open(path: String) throws(CommandError) -> FileOutputStream {
        do {
            return try FileOutputStream.create(path: path)
        } catch {
            throw CommandError(error.description)
        }
    }

    /// Flushes and closes `output`, mapping a write failure to an error.
    static func close(_ output: inout FileOutputStream) throws(CommandError) {
        do { try output.close() } catch { throw CommandError(error.description) }
    }
}
