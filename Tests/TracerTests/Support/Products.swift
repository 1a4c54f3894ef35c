import Foundation

/// Locates the package's built executables next to the running test bundle.
enum Products {
    /// The directory holding the built products (`.build/debug` or a scratch path's).
    static var directory: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("tracer-example").path) {
            url.deleteLastPathComponent()
        }
        return url
    }

    /// The built executable `name`.
    static func executable(_ name: String) -> URL { directory.appendingPathComponent(name) }
}

/// Parses each line of `text` with Foundation's `JSONSerialization`; nil where a line is not an object.
func parseLines(_ text: String) -> [[String: Any]?] {
    text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}
