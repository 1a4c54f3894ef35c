import Foundation
import Testing

/// A built module's public API as the compiler lists it from outside the package (its symbol
/// graph), and the golden that pins it: the one mechanism every product's `PublicAPITests` use.
public enum PublicAPI {
    /// Runs `swift ARGUMENTS` and returns its standard output; fails the test when it exits non-zero.
    static func swift(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift \(arguments.joined(separator: " ")) failed: \(complaint)")
        return String(decoding: printed, as: UTF8.self)
    }

    /// The public declarations of the built module `module`, one a line (`Parent: declaration`),
    /// by path, so that a type's line comes before its members'. `directory` is where its symbol
    /// graph is written (a test's temporary directory).
    ///
    /// NB: `symbolgraph-extract` lists a module's own declarations only, not those it re-exports:
    /// each module of a product is pinned on its own.
    public static func declarations(of module: String, in directory: String) throws -> [String] {
        let products = BuiltProducts.executable("Modules").deletingLastPathComponent()
        let info = try JSONSerialization.jsonObject(with: Data(try swift(["-print-target-info"]).utf8)) as? [String: Any]
        let target = try #require((info?["target"] as? [String: Any])?["triple"] as? String)
        // NB: C targets (TracerTicks) are found through the module maps SwiftPM generated for them;
        // not through those of their `-tool` twins (the build of tracectl for the command plugins),
        // which define the same modules again.
        let moduleMaps = try FileManager.default.contentsOfDirectory(atPath: products.path).sorted()
            .filter { !$0.hasSuffix("-tool.build") }
            .map { products.appendingPathComponent($0).appendingPathComponent("module.modulemap").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        let sdk = ((info?["paths"] as? [String: Any])?["sdkPath"] as? String).map { ["-sdk", $0] } ?? []
        _ = try swift(
            ["symbolgraph-extract", "-module-name", module, "-target", target, "-I", products.appendingPathComponent("Modules").path,
             "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", directory]
                + sdk + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] })
        var lines: [(path: String, line: String)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file.hasPrefix(module + ".") || file.hasPrefix(module + "@") {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(file)")))
            for case let symbol as [String: Any] in (graph as? [String: Any])?["symbols"] as? [Any] ?? [] {
                let path = symbol["pathComponents"] as? [String] ?? []
                let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
                let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                let line = (path.count > 1 ? path.dropLast().joined(separator: ".") + ": " : "") + declaration
                lines.append((path.joined(separator: "."), line))
            }
        }
        return lines.sorted { ($0.path, $0.line) < ($1.path, $1.line) }.map(\.line)
    }

    /// Expects `declarations`, module `module`'s, to be the list pinned in `golden`; a difference
    /// names each declaration added and each one gone.
    public static func expectPinned(
        _ declarations: [String], of module: String, in golden: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectGolden(declarations.joined(separator: "\n") + "\n", at: golden, difference: { expected in
            let pinned = Set(expected.split(separator: "\n").map(String.init)), found = Set(declarations)
            let added = declarations.filter { !pinned.contains($0) }, removed = pinned.subtracting(found).sorted()
            return """
                \(module)'s public API differs from \(golden.lastPathComponent). A declaration a user of the \
                library needs goes into it: update the list (TRACER_RECORD_GOLDENS=1) and, for a type, the \
                topics of the module's DocC landing page; anything else is `package`.
                new public: \(added.isEmpty ? "none" : "\n  " + added.joined(separator: "\n  "))
                no longer public: \(removed.isEmpty ? "none" : "\n  " + removed.joined(separator: "\n  "))
                """
        }, sourceLocation: sourceLocation)
    }
}
