import Foundation
import Testing
import TracerTestSupport

/// Each module a user of a product sees has its public API pinned: the compiler's list of its
/// public declarations is `Golden/public-api/MODULE.txt`; every other module's declarations are
/// `package`. TraceAnalysis's is also a stated facade: the topics of its DocC landing page,
/// `Sources/TraceAnalysis/TraceAnalysis.docc/TraceAnalysis.md`, list its public types.
@Suite("The products' public API", .temporaryDirectory)
struct PublicAPITests {
    static let goldens = TestSupport.goldens.appendingPathComponent("public-api")

    /// The modules under Sources that may declare `public`, each with the product that shows it.
    ///
    /// NB: TracerSwiftUI is empty here (`#if canImport(SwiftUI)`): its list is pinned where it is
    /// compiled, against the stand-in SwiftUI (`scripts/check-swiftui-adapter.sh`, the stand-in's
    /// `PublicAPITests`).
    static let publicModules: KeyValuePairs = [
        "TracerCore": "the TracerCore product, re-exported by Tracer",
        "Tracer": "the Tracer product",
        "TraceAnalysis": "the TraceAnalysis product",
        "TraceFormat": "re-exported by the TraceAnalysis product",
        "TracerSwiftUICore": "the types the TracerSwiftUI product's API names (a declaration, a scope path)",
        "TracerSwiftUI": "the TracerSwiftUI product (pinned against the stand-in SwiftUI)",
        "TracerTesting": "the TracerTesting product",
    ]

    /// The modules pinned here: those that may declare `public`, but for TracerSwiftUI.
    static let pinnedHere = publicModules.map(\.key).filter { $0 != "TracerSwiftUI" }

    @Test("every public declaration of the module is in its pinned list, and every listed one is public", arguments: pinnedHere)
    func moduleIsPinned(module: String) throws {
        let declarations = try PublicAPI.declarations(of: module, in: temporaryDirectory(prefix: "symbols"))
        #expect(!declarations.isEmpty, "the symbol graph of \(module) lists no declaration")
        PublicAPI.expectPinned(declarations, of: module, in: Self.goldens.appendingPathComponent("\(module).txt"))
    }

    /// The modules under Sources whose sources declare something `public`.
    static func modulesDeclaringPublic() throws -> Set<String> {
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources")
        let declaration = #/^\s*(?:@\S+\s+|nonisolated\s+|final\s+)*public\s/#.anchorsMatchLineEndings()
        var found: Set<String> = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let files = FileManager.default.enumerator(atPath: sources.appendingPathComponent(module).path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: sources.appendingPathComponent("\(module)/\(file)"), encoding: .utf8)
                if text.contains(declaration) { found.insert(module) }
            }
        }
        return found
    }

    @Test("the modules whose sources declare public are those a product shows, and each has its pinned list")
    func onlyShownModulesArePublic() throws {
        let declaring = try Self.modulesDeclaringPublic(), allowed = Set(Self.publicModules.map(\.key))
        #expect(declaring.subtracting(allowed).isEmpty, "modules no product shows declare public (make it `package`): \(declaring.subtracting(allowed).sorted())")
        #expect(allowed.subtracting(declaring).isEmpty, "listed as public, but declaring nothing public: \(allowed.subtracting(declaring).sorted())")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(goldens) == Set(Self.publicModules.map { "\($0.key).txt" }), "Golden/public-api holds one list per module of publicModules, and no other")
    }

    /// The names the landing page of TraceAnalysis's documentation curates (its ``Name`` links).
    static func curatedNames() throws -> Set<String> {
        let page = TestSupport.packageRoot.appendingPathComponent("Sources/TraceAnalysis/TraceAnalysis.docc/TraceAnalysis.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let topics = try #require(text.range(of: "\n## Topics\n"), "TraceAnalysis.md has no Topics")
        return Set(text[topics.upperBound...].matches(of: #/``(?<name>[A-Za-z]+)``/#).map { String($0.output.name) })
    }

    @Test("TraceAnalysis's landing page curates every public type of TraceAnalysis and of the TraceFormat it re-exports, and names no other")
    func landingPageCuratesTheFacade() throws {
        let declarations = try ["TraceAnalysis", "TraceFormat"].flatMap { try PublicAPI.declarations(of: $0, in: temporaryDirectory(prefix: "symbols")) }
        // NB: a type's own line has no `Parent: ` prefix: `struct TraceSummary`, `enum ReportRenderer`.
        let types = Set(declarations.filter { !$0.contains(": ") }.compactMap { $0.split(separator: " ").first { $0.first?.isUppercase == true } }.map(String.init))
        let curated = try Self.curatedNames()
        #expect(types.count > 50, "the symbol graph lists too few types: \(types.count)")
        #expect(types.subtracting(curated).isEmpty, "public types the landing page's topics do not list: \(types.subtracting(curated).sorted())")
        #expect(curated.subtracting(types).isEmpty, "topics naming no public type: \(curated.subtracting(types).sorted())")
    }
}
