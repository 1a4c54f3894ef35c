import Foundation

/// Maps the declaration sites a trace records to paths in a source tree, so that GitHub can attach
/// annotations to the files of a pull request.
///
/// Wrappers capture their site with `#fileID` (`Module/File.swift:12` or `File.swift:12`), not a
/// path. A site maps to the one indexed file with that name; when several have it, the module
/// name picks the one under a folder of that name. Ambiguous and unknown sites stay unmapped.
public struct SourceIndex: Sendable {
    /// Indexed paths by file name.
    private var pathsByName: [String: [String]] = [:]

    /// An index of `paths` (relative to the repository root, `/`-separated).
    public init(paths: [String]) {
        for path in paths {
            pathsByName[String(path.split(separator: "/").last ?? ""), default: []].append(path)
        }
    }

    /// Indexes the `*.swift` files under the directory `root`, skipping hidden folders (`.build*`,
    /// `.git`); the paths are relative to `root`.
    ///
    /// - Returns: nil when `root` is not a readable directory.
    public init?(root: String) {
        let rootURL = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDirectory), isDirectory.boolValue,
              let files = FileManager.default.enumerator(
                  at: rootURL, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { return nil }
        let prefix = rootURL.path.hasSuffix("/") ? rootURL.path : rootURL.path + "/"
        var paths: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = file.standardizedFileURL.path
            if path.hasPrefix(prefix) { paths.append(String(path.dropFirst(prefix.count))) }
        }
        self.init(paths: paths.sorted())
    }

    /// The indexed path of the file a site names (`Module/File.swift` or `File.swift`), if unique.
    package func path(ofFile file: String) -> String? {
        let parts = file.split(separator: "/").map(String.init)
        guard let name = parts.last, let candidates = pathsByName[name] else { return nil }
        if candidates.count == 1 { return candidates[0] }
        guard parts.count >= 2 else { return nil }
        let module = parts[parts.count - 2]
        let inModule = candidates.filter { $0.split(separator: "/").dropLast().contains { $0 == module } }
        return inModule.count == 1 ? inModule[0] : nil
    }

    /// The path and line of a site `FILE:LINE`, or nil when it has no line or its file is not
    /// (uniquely) indexed.
    package func location(ofSite site: String) -> (path: String, line: Int)? {
        guard let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]), line > 0,
              let path = path(ofFile: String(site[..<colon]))
        else { return nil }
        return (path, line)
    }
}
