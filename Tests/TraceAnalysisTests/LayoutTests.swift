import Foundation
import Testing

/// README's Layout states the module graph; `Package.swift` declares it.
@Suite("README's module graph")
struct LayoutTests {
    /// The dependencies of each module README's Layout lists (`Name → A, B (re-exported)   what it is`).
    static func readmeGraph() throws -> [String: [String]] {
        let readme = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let layout = try #require(readme.range(of: "## Layout\n"), "README has no Layout section")
        let fence = try #require(readme.range(of: "```\n", range: layout.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```\n", range: fence.upperBound..<readme.endIndex))
        var graph: [String: [String]] = [:]
        for line in readme[fence.upperBound..<end.lowerBound].split(separator: "\n") where line.first?.isWhitespace == false {
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

    @Test("every module under Sources is in README's Layout graph, each with the dependencies Package.swift gives it")
    func readmeGraphMatchesThePackage() throws {
        let readme = try Self.readmeGraph(), package = try Self.packageGraph()
        let sources = try FileManager.default.contentsOfDirectory(atPath: TestSupport.packageRoot.appendingPathComponent("Sources").path)
        #expect(package.count > 10, "Package.swift's targets were not found: \(package.keys.sorted())")
        for module in sources.filter({ !$0.hasPrefix(".") }) {
            #expect(readme[module] != nil, "README's Layout does not list \(module)")
        }
        for (module, dependencies) in readme {
            #expect(package[module] == dependencies, "README's Layout gives \(module) → \(dependencies); Package.swift: \(package[module].map { "\($0)" } ?? "no such target")")
        }
    }
}
