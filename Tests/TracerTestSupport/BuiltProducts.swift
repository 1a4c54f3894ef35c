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

    /// The object files the build compiled module `name` into (`Module.build/*.o` next to the
    /// built executables); empty when it was not built.
    public static func objects(ofModule name: String) -> [URL] {
        let directory = executable("\(name).build")
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "o" }.sorted { $0.path < $1.path }
    }
}
