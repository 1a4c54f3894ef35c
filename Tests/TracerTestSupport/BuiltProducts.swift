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
}
