import Foundation
import Testing

/// What the README and the DocC articles must say plainly, and the placeholders they must not hold.
@Suite("Documentation claims")
struct DocumentationClaimTests {
    /// README.md and every Markdown file of a DocC catalog, by path from the package root.
    static func documents() throws -> [String] {
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources")
        let catalogs = try FileManager.default.contentsOfDirectory(atPath: sources.path).flatMap { module in
            let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
            return ((try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? [])
                .filter { $0.hasSuffix(".md") }.map { "Sources/\(module)/\(module).docc/\($0)" }
        }
        return ["README.md"] + catalogs.sorted()
    }

    /// The text of the document at `path` from the package root.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the README says the built-in scenarios' times come from a simulated clock")
    func simulatedTimes() throws {
        let readme = try Self.text("README.md")
        #expect(readme.contains("simulated clock"), "README.md shows scenario times without saying they are simulated")
    }

    @Test("no document asks for a URL it does not give (a `<…URL>` placeholder)", arguments: try documents())
    func noPlaceholderURL(path: String) throws {
        let placeholder = try Self.text(path).firstRange(of: /<[^<>\n]*URL[^<>\n]*>/)
        #expect(placeholder == nil, "\(path) holds a placeholder")
    }
}
