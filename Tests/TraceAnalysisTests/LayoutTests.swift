import Foundation
import Testing

/// The Layout article states the module graph; `Package.swift` declares it.
@Suite("The Layout article's module graph")
struct LayoutTests {
    /// The article (Tracer's DocC catalog) whose first block is the module graph.
    static let article = "Sources/Tracer/Tracer.docc/Layout.md"

    /// The dependencies of each module the Layout article lists (`Name → A, B (re-exported)   what it is`).
    static func articleGraph() throws -> [String: [String]] {
        let text = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(article), encoding: .utf8)
        let layout = try #require(text.range(of: "# Layout\n"), "\(article) has no Layout title")
        let fence = try #require(text.range(of: "```\n", range: layout.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```\n", range: fence.upperBound..<text.endIndex))
        var graph: [String: [String]] = [:]
        for line in text[fence.upperBound..<end.lowerBound].split(separator: "\n") where line.first?.isWhitespace == false {
            let name = String(line.prefix { !$0.isWhitespace })
            var dependencies: [String] = []
            if let arrow = line.range(of: "→ ") {
                // NB: the dependency list ends where the description starts, after two spaces or more.
                let rest = line[arrow.upperBound...]
                let list = rest.range(of: "  ").map { rest[..<$0.lowerBound] } ?? rest
                dependencies = list.split(separator: ",").map {
                    $0.replacingOccurrences(of: "(re-exported)", with: "").trimmingCharacters(in: .whitespaces)
                }
            }
            graph[name] = dependencies.sorted()
        }
        return graph
    }

    /// The dependencies of every non-test target `Package.swift` declares.
    static func packageGraph() throws -> [String: [String]] {
        let manifest = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = #/\.(?:target|executableTarget)\(\s*name:\s*"(?<name>[^"]+)"(?:,\s*dependencies:\s*\[(?<dependencies>[^\]]*)\])?/#
        var graph: [String: [String]] = [:]
        for match in manifest.matches(of: target) {
            let dependencies = match.output.dependencies.map { list in
                list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            } ?? []
            graph[String(match.output.name)] = dependencies.filter { !$0.isEmpty }.sorted()
        }
        return graph
    }

    @Test("every module under Sources is in the Layout article's graph, each with the dependencies Package.swift gives it")
    func articleGraphMatchesThePackage() throws {
        let article = try Self.articleGraph(), package = try Self.packageGraph()
        let sources = try FileManager.default.contentsOfDirectory(atPath: TestSupport.packageRoot.appendingPathComponent("Sources").path)
        #expect(package.count > 10, "Package.swift's targets were not found: \(package.keys.sorted())")
        for module in sources.filter({ !$0.hasPrefix(".") }) {
            #expect(article[module] != nil, "\(Self.article) does not list \(module)")
        }
        for (module, dependencies) in article {
            #expect(package[module] == dependencies, "\(Self.article) gives \(module) → \(dependencies); Package.swift: \(package[module].map { "\($0)" } ?? "no such target")")
        }
    }
}
