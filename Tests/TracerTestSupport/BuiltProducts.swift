import Foundation

/// The package's built executables, next to the running test bundle (`.build/debug` or a scratch
/// path's).
public enum BuiltProducts {
    /// The built executable `name`.
    public static func executable(_ name: String) -> URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent(name)
    }

    /// The object files the build compiled module `name`'s current sources into (`Module.build/*.o` next to the
    /// built executables); empty when it was not built.
    public static func objects(ofModule name: String) -> [URL] {
        let directory = executable("\(name).build")
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        // NB: only the objects of the module's current sources (SwiftPM lists them in `sources`):
        // an incremental build directory keeps the objects of files since moved elsewhere.
        let sources = (try? String(contentsOf: directory.appendingPathComponent("sources"), encoding: .utf8))
            .map { Set($0.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent + ".o" }) }
        return files.filter { $0.pathExtension == "o" && sources?.contains($0.lastPathComponent) != false }.sorted { $0.path < $1.path }
    }
}
