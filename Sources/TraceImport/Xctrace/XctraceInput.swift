import Foundation
import TraceFormat
import TraceSupport

/// What `tracectl import --from xctrace` was given, as the XML documents to read: a directory
/// of exported files (any names; each document says what it holds), one exported document, or
/// a `.trace` bundle, exported with `xcrun xctrace export` into a temporary directory.
struct XctraceInput: ~Copyable {
    /// The documents holding tables (`<trace-query-result>`), in name order.
    private(set) var tableFiles: [String] = []
    /// The table of contents (`<trace-toc>`), if one was given or exported.
    private var tocFile: String?
    /// The directory the export was written to, removed with the input.
    private var temporaryDirectory: String?
    /// Each file of a directory that is not read, and why, in name order.
    private(set) var filesNotRead: [(file: String, reason: String)] = []

    /// Reads what `path` is.
    ///
    /// - Throws: `TraceError` when `path` cannot be read, holds no export, or is a `.trace` where
    ///   no `xcrun` can export it (the message gives the commands to run on a Mac).
    init(path: String) throws(TraceError) {
        guard let status = PathAccess.status(path) else { throw XctraceImporter.failure(path, "cannot open: \(String(cString: strerror(errno)))") }
        if path.hasSuffix(".trace") || path.hasSuffix(".trace/") {
            try export(path)
        } else if status.st_mode & S_IFMT == S_IFDIR {
            guard let names = PathAccess.entries(path) else { throw XctraceImporter.failure(path, "cannot list: \(String(cString: strerror(errno)))") }
            try classify(names.map { (path as NSString).appendingPathComponent($0) }, noting: true)
        } else {
            try classify([path])
        }
        guard !tableFiles.isEmpty else {
            let notRead = filesNotRead.isEmpty ? "" : "; not read: " + filesNotRead.map { "\($0.file) (\($0.reason))" }.joined(separator: ", ")
            throw XctraceImporter.failure(path, (tocFile == nil
                ? "expected xctrace export XML (<trace-query-result> tables, a <trace-toc>) or a .trace; found none"
                : "only a table of contents (<trace-toc>): export the SwiftUI tables too (xcrun xctrace export --xpath …)") + notRead)
        }
    }

    /// Sorts `files` into tables and the table of contents; other files are not read (when
    /// `noting`, each is kept in `filesNotRead` with why), an export in another encoding than
    /// UTF-8 is an error.
    private mutating func classify(_ files: [String], noting: Bool = false) throws(TraceError) {
        for file in files {
            let prefix = ImportProbe.head(of: file)
            if let prefix, let problem = XctraceDocumentKind.encodingProblem(prefix: prefix) { throw XctraceImporter.failure(file, problem) }
            switch prefix?.withUnsafeBytes(XctraceDocumentKind.detect(prefix:)) {
            case .tables?: tableFiles.append(file)
            case .toc?: tocFile = file
            case nil: if noting { filesNotRead.append((file, Self.whyNotRead(file, prefix: prefix))) }
            }
        }
    }

    /// Why `file`, whose first bytes are `prefix` (nil: none could be read), is not read as a document of the export.
    private static func whyNotRead(_ file: String, prefix: [UInt8]?) -> String {
        guard let prefix else {
            guard let status = PathAccess.status(file) else { return "cannot be read: \(String(cString: strerror(errno)))" }
            if status.st_mode & S_IFMT == S_IFDIR { return "a directory: documents are not looked for in subdirectories" }
            return status.st_size == 0 ? "empty" : "cannot be read"
        }
        let extent = prefix.count < 4096 ? "in its \(prefix.count) byte(s)" : "in its first 4 KB"
        return "not an xctrace export document: no <trace-query-result> or <trace-toc> element begins \(extent) "
            + "(another document, not XML, cut short, or a header longer than 4 KB)"
    }

    /// The table of contents, if there is one.
    func tableOfContents() throws(TraceError) -> XctraceTOC? {
        guard let tocFile else { return nil }
        do {
            return try XctraceTOC.read(path: tocFile)
        } catch {
            throw TraceError(TraceDiagnostic(file: error.file, line: error.line, column: error.column, message: error.message, severity: .error))
        }
    }

    /// Removes the temporary export, if any.
    func removeTemporaryFiles() {
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

    // MARK: Exporting a .trace

    /// The `xctrace export` commands that give what the import reads, for `trace` into `directory`.
    static func exportCommands(_ trace: String, run: String, schemas: [String], into directory: String) -> [[String]] {
        let toc = ["xcrun", "xctrace", "export", "--input", trace, "--toc", "--output", directory + "/toc.xml"]
        return [toc] + schemas.map { schema in
            ["xcrun", "xctrace", "export", "--input", trace,
             "--xpath", "/trace-toc/run[@number=\"\(run)\"]/data/table[@schema=\"\(schema)\"]",
             "--output", directory + "/\(schema).xml"]
        }
    }

    /// Exports `trace` with `xcrun`, or fails with the commands to run where there is one.
    private mutating func export(_ trace: String) throws(TraceError) {
        guard let xcrun = Self.executable("xcrun") else {
            // NB: not SwiftUIFilteredUpdates, which only stands in for a missing swiftui-updates.
            let commands = Self.exportCommands(trace, run: "1", schemas: XctraceSchema.all.filter { $0 != XctraceSchema.filteredUpdates }, into: "export")
            let lines = commands.map { "  " + $0.map(Self.shellQuoted).joined(separator: " ") }
            throw XctraceImporter.failure(trace, "a .trace is exported with Xcode's xctrace, and no xcrun is on PATH here; "
                + "on a Mac with Xcode run (run 1; list the runs with the first command)\n" + lines.joined(separator: "\n")
                + "\nand import the directory: tracectl import export --from xctrace")
        }
        let directory = NSTemporaryDirectory() + "tracectl-xctrace-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        } catch {
            throw XctraceImporter.failure(directory, "cannot create a directory for the export: \(error.localizedDescription)")
        }
        temporaryDirectory = directory
        let tocCommand = Self.exportCommands(trace, run: "1", schemas: [], into: directory)[0]
        try Self.run(xcrun, tocCommand, trace: trace)
        tocFile = directory + "/toc.xml"
        let toc = try tableOfContents()
        guard let run = toc?.runs.max(by: { $0.number < $1.number }) else {
            throw XctraceImporter.failure(trace, "xctrace export --toc lists no run")
        }
        let present = Set(run.tables.map(\.schema))
        // NB: swiftui-full-causes only when swiftui-causes is not there, SwiftUIFilteredUpdates when swiftui-updates is not.
        var schemas = XctraceSchema.all.filter(present.contains)
        if present.contains(XctraceSchema.causes) { schemas.removeAll { $0 == XctraceSchema.fullCauses } }
        if present.contains(XctraceSchema.updates) { schemas.removeAll { $0 == XctraceSchema.filteredUpdates } }
        for command in Self.exportCommands(trace, run: String(run.number), schemas: schemas, into: directory).dropFirst() {
            try Self.run(xcrun, command, trace: trace)
            tableFiles.append(command.last!)
        }
    }

    /// Runs `command` (its first word is `executable`), failing with its output when it fails.
    private static func run(_ executable: String, _ command: [String], trace: String) throws(TraceError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw XctraceImporter.failure(trace, "cannot run \(executable): \(error.localizedDescription)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw XctraceImporter.failure(trace, "\(command.map(shellQuoted).joined(separator: " ")) failed (exit \(process.terminationStatus)): "
                + message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The path of `name` on `PATH`, if it is there and executable.
    private static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// `word` as a POSIX shell reads it back: quoted when it holds anything but safe characters.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
