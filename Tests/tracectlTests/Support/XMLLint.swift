import Foundation

/// `xmllint` (Debian's libxml2-utils, installed by `.ci/run`), when it is on PATH.
enum XMLLint {
    /// Whether `xmllint` is on PATH.
    static let available = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/xmllint") }

    /// Whether `file` is valid against the XML Schema `schema`.
    static func validates(_ file: String, schema: String) -> Bool {
        let lint = Process()
        lint.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        lint.arguments = ["xmllint", "--noout", "--schema", schema, file]
        guard (try? lint.run()) != nil else { return false }
        lint.waitUntilExit()
        return lint.terminationStatus == 0
    }
}
