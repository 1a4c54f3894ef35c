import Foundation

/// The files of a fixture folder that a parameterised test takes its cases from.
public enum FixtureFolder {
    /// The names of the files in the folder at `path` that end in `suffix`, sorted.
    ///
    /// NB: a missing or empty folder gives one name saying so instead of none: a test with no
    /// cases passes, a moved folder must fail the test instead (the name is no file it can read).
    public static func names(in path: String, suffix: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
        return names.isEmpty ? ["(no *\(suffix) file in \(path))"] : names
    }
}
