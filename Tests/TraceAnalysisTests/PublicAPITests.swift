import Foundation
import Testing
import TracerTestSupport

/// TraceAnalysis's public API is a stated facade (the topics of its DocC landing page,
/// `Sources/TraceAnalysis/TraceAnalysis.docc/TraceAnalysis.md`): the compiler's list of its public
/// declarations, and of the reading layer's it re-exports, is pinned in `Golden/public-api.txt`.
@Suite("TraceAnalysis's public API", .temporaryDirectory)
struct PublicAPITests {
    static let golden = TestSupport.goldens.appendingPathComponent("public-api.txt")
    /// The modules a user of the TraceAnalysis product sees: TraceAnalysis and TraceFormat, which it
    /// re-exports (`@_exported import`).
    ///
    /// NB: `symbolgraph-extract` lists a module's own declarations only, not those it re-exports.
    static let facadeModules = ["TraceAnalysis", "TraceFormat"]

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

    /// The public declarations of the built `facadeModules`, one a line (`Parent: declaration`), by
    /// path: the symbol graphs of the modules as the compiler sees them from outside the package.
    static func publicDeclarations() throws -> [String] {
        let products = BuiltProducts.executable("Modules").deletingLastPathComponent()
        let info = try JSONSerialization.jsonObject(with: Data(try swift(["-print-target-info"]).utf8)) as? [String: Any]
        let target = try #require((info?["target"] as? [String: Any])?["triple"] as? String)
        // NB: C targets (TracerTicks) are found through the module maps SwiftPM generated for them.
        let moduleMaps = try FileManager.default.contentsOfDirectory(atPath: products.path).sorted()
            .map { products.appendingPathComponent($0).appendingPathComponent("module.modulemap").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        let sdk = ((info?["paths"] as? [String: Any])?["sdkPath"] as? String).map { ["-sdk", $0] } ?? []
        let directory = temporaryDirectory(prefix: "symbols")
        for module in facadeModules {
            _ = try swift(
                ["symbolgraph-extract", "-module-name", module, "-target", target, "-I", products.appendingPathComponent("Modules").path,
                 "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", directory]
                    + sdk + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] })
        }
        var lines: [(path: String, line: String)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file.hasSuffix(".symbols.json") {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(file)")))
            for case let symbol as [String: Any] in (graph as? [String: Any])?["symbols"] as? [Any] ?? [] {
                let path = symbol["pathComponents"] as? [String] ?? []
                let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
                let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                let line = (path.count > 1 ? path.dropLast().joined(separator: ".") + ": " : "") + declaration
                lines.append((path.joined(separator: "."), line))
            }
        }
        // NB: by path, so that a type's line comes before its members'.
        return lines.sorted { ($0.path, $0.line) < ($1.path, $1.line) }.map(\.line)
    }

    @Test("every public declaration of TraceAnalysis and of the TraceFormat it re-exports is in the pinned facade list, and every listed one is public")
    func facadeIsPinned() throws {
        let actual = try Self.publicDeclarations()
        #expect(actual.count > 100, "the symbol graph lists too few declarations: \(actual.count)")
        expectGolden(actual.joined(separator: "\n") + "\n", at: Self.golden) { expected in
            let pinned = Set(expected.split(separator: "\n").map(String.init)), found = Set(actual)
            let added = actual.filter { !pinned.contains($0) }, removed = pinned.subtracting(found).sorted()
            return """
                TraceAnalysis's public API (its own declarations and TraceFormat's, which it re-exports) differs \
                from Golden/public-api.txt. A declaration a user of the library needs goes into the facade: update \
                the list (TRACER_RECORD_GOLDENS=1) and the topics of TraceAnalysis.docc/TraceAnalysis.md; anything else is `package`.
                new public: \(added.isEmpty ? "none" : "\n  " + added.joined(separator: "\n  "))
                no longer public: \(removed.isEmpty ? "none" : "\n  " + removed.joined(separator: "\n  "))
                """
        }
    }

    /// The names the landing page of TraceAnalysis's documentation curates (its ``Name`` links).
    static func curatedNames() throws -> Set<String> {
        let page = TestSupport.packageRoot.appendingPathComponent("Sources/TraceAnalysis/TraceAnalysis.docc/TraceAnalysis.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let topics = try #require(text.range(of: "\n## Topics\n"), "TraceAnalysis.md has no Topics")
        return Set(text[topics.upperBound...].matches(of: #/``(?<name>[A-Za-z]+)``/#).map { String($0.output.name) })
    }

    @Test("the documentation's landing page curates every public type of the facade, and names no other")
    func landingPageCuratesTheFacade() throws {
        let declarations = try Self.publicDeclarations()
        // NB: a type's own line has no `Parent: ` prefix: `struct TraceSummary`, `typealias TraceSource = TraceInput`.
        let types = Set(declarations.filter { !$0.contains(": ") }.compactMap { $0.split(separator: " ").first { $0.first?.isUppercase == true } }.map(String.init))
        let curated = try Self.curatedNames()
        #expect(types.count > 50, "the symbol graph lists too few types: \(types.count)")
        #expect(types.subtracting(curated).isEmpty, "public types the landing page's topics do not list: \(types.subtracting(curated).sorted())")
        #expect(curated.subtracting(types).isEmpty, "topics naming no public type: \(curated.subtracting(types).sorted())")
    }
}
