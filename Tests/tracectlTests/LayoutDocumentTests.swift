import Foundation
import Testing
import TracerTestSupport

/// `Tracer.docc/Layout.md` against the package: its module graph against `Package.swift`, its
/// folder list against the tree (both ways), and the files its "where a change goes" table names.
@Suite("the layout document says what the package holds")
struct LayoutDocumentTests {
    static let root = PackagePaths.root.path
    static let document = (try? String(contentsOfFile: root + "/Sources/Tracer/Tracer.docc/Layout.md", encoding: .utf8)) ?? ""

    /// The document's code blocks, each as its lines.
    static var blocks: [[String]] {
        document.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }
            .map { $0.element.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
    }

    @Test("the module graph lists every module in Sources/ with the dependencies Package.swift gives it, and only those")
    func moduleGraph() throws {
        let graph = try #require(Self.blocks.first)
        var documented: [String: Set<String>] = [:]
        for line in graph where !line.hasPrefix(" ") {
            let name = String(line.prefix { $0 != " " })
            var dependencies: Set<String> = []
            if let arrow = line.range(of: "→ ") {
                let list = line[arrow.upperBound...].components(separatedBy: "  ")[0]
                dependencies = Set(list.components(separatedBy: ", ").map { $0.replacingOccurrences(of: " (re-exported)", with: "") })
            }
            documented[name] = dependencies
        }
        let declared = try Self.packageTargets()
        let inSources = declared.filter { $0.value.path == nil }.map(\.key)
        #expect(inSources.count > 10)
        for name in inSources { #expect(documented[name] != nil, "\(name) is in Sources/ but not in the module graph") }
        for (name, dependencies) in documented {
            let target = try #require(declared[name], "\(name) is in the module graph but no target of Package.swift")
            #expect(dependencies == target.dependencies, "\(name): the document says \(dependencies.sorted()), Package.swift \(target.dependencies.sorted())")
        }
    }

    @Test("every folder has its entry, and every entry and folder it names exists")
    func folders() throws {
        let entries = try #require(Self.blocks.first { $0.first?.hasPrefix("Sources/") == true }).reduce(into: [(path: String, text: String)]()) { entries, line in
            if line.hasPrefix(" "), !entries.isEmpty { entries[entries.count - 1].text += "\n" + line } else {
                entries.append((String(line.prefix { $0 != " " }), line))
            }
        }
        let paths = entries.map(\.path)
        let fileManager = FileManager.default
        func directories(_ path: String) -> [String] {
            ((try? fileManager.contentsOfDirectory(atPath: Self.root + "/" + path)) ?? []).filter { name in
                var isDirectory: ObjCBool = false
                return !name.hasPrefix(".") && fileManager.fileExists(atPath: Self.root + "/" + path + name, isDirectory: &isDirectory) && isDirectory.boolValue
            }.sorted()
        }
        let ignored = try Self.ignoredFolders()
        for top in directories("") where !ignored.contains(top) {
            #expect(paths.contains { $0.hasPrefix(top + "/") }, "\(top)/ has no entry")
        }
        for parent in ["Sources/", "Fixtures/", "Tests/", "Examples/"] {
            for child in directories(parent) { #expect(paths.contains(parent + child + "/"), "\(parent)\(child)/ has no entry") }
        }
        for (path, text) in entries {
            if path.contains("*") { continue }
            #expect(!directories(path).isEmpty || fileManager.fileExists(atPath: Self.root + "/" + path), "\(path) is listed but gone")
            guard path.hasPrefix("Sources/") else { continue }
            for child in directories(path) where !child.hasSuffix(".docc") {
                #expect(text.contains(child + "/"), "\(path)\(child)/ is not named in its module's entry")
            }
            for line in text.split(separator: "\n").dropFirst() where line.hasPrefix("  ") && !line.hasPrefix("   ") {
                for name in line.split(separator: " ").prefix(while: { $0.hasSuffix("/") || $0.hasSuffix(".swift") }) {
                    #expect(fileManager.fileExists(atPath: Self.root + "/" + path + name), "\(path)\(name) is listed but gone")
                }
            }
        }
    }

    @Test("the table of where a change goes has each kind of change, and every file it names exists")
    func changeTable() throws {
        let rows = Self.document.split(separator: "\n").filter { $0.hasPrefix("| a") }.map { String($0) }
        for kind in ["a subcommand", "an option", "an importer", "an exporter", "an MCP tool", "a budget metric", "an event field"] {
            #expect(rows.contains { $0.hasPrefix("| \(kind) |") }, "no row for \(kind)")
        }
        var named = 0
        for row in rows {
            for (index, part) in row.components(separatedBy: "`").enumerated() where index % 2 == 1 && part.contains("/") && !part.contains(" ") {
                // NB: a placeholder file (NAME.swift) is checked by its folder.
                let path = part.contains("NAME") ? String(part[..<part.range(of: "/", options: .backwards)!.upperBound]) : part
                #expect(FileManager.default.fileExists(atPath: Self.root + "/" + path), "\(path), named in the table, does not exist")
                named += 1
            }
        }
        #expect(named > 20)
    }

    /// Each target of `Package.swift` (not the test targets): its dependencies and its `path:`, if any.
    static func packageTargets() throws -> [String: (dependencies: Set<String>, path: String?)] {
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let target = try Regex(#"\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)"([^)]*)\)"#)
        let quoted = try Regex(#""([^"]+)""#)
        var targets: [String: (dependencies: Set<String>, path: String?)] = [:]
        for match in manifest.matches(of: target) {
            let name = String(match.output[1].substring!), rest = String(match.output[2].substring!)
            let dependencies = rest.range(of: #"dependencies:\s*\[[^\]]*\]"#, options: .regularExpression)
                .map { Set(rest[$0].matches(of: quoted).map { String($0.output[1].substring!) }) } ?? []
            let path = rest.range(of: #"path:\s*"[^"]+""#, options: .regularExpression).map { String(rest[$0].matches(of: quoted)[0].output[1].substring!) }
            targets[name] = (dependencies, path)
        }
        return targets
    }

    /// The top-level folders `.gitignore` leaves out (builds, fuzzing's artefacts, outputs).
    static func ignoredFolders() throws -> Set<String> {
        let patterns = try String(contentsOfFile: root + "/.gitignore", encoding: .utf8).split(separator: "\n")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
        return Set(names.filter { name in
            patterns.contains { pattern in
                let bare = pattern.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                return bare.hasSuffix("*") ? name.hasPrefix(bare.dropLast()) : name == bare
            }
        })
    }
}
