/// Why an `xctrace export` document could not be read: where, and what was expected there.
package struct XctraceReadError: Error, Equatable, CustomStringConvertible, Sendable {
    package var file: String
    /// 1-based line.
    package var line: Int
    /// 1-based column, in bytes.
    package var column: Int
    package var message: String

    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COL: message` (`FILE: message` when the file could not be read at all).
    package var description: String { line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)" }
}
