import Foundation
import Testing
import TracerTestSupport

/// TracerSwiftUI's public API, pinned as the root package pins every other module's
/// (`Tests/TraceAnalysisTests/PublicAPITests.swift`), in the same folder of lists: the module is
/// empty where SwiftUI is missing, so its list is read here, from the build against the stand-in.
@Suite("TracerSwiftUI's public API", .temporaryDirectory)
struct PublicAPITests {
    /// `Tests/TraceAnalysisTests/Golden/public-api/TracerSwiftUI.txt` of the root package.
    ///
    /// NB: this file is reached through the generated package's link to its folder; resolved, its
    /// path is the root package's.
    static let golden = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TraceAnalysisTests/Golden/public-api/TracerSwiftUI.txt")

    @Test("every public declaration of TracerSwiftUI is in its pinned list, and every listed one is public")
    func moduleIsPinned() throws {
        let declarations = try PublicAPI.declarations(of: "TracerSwiftUI", in: temporaryDirectory(prefix: "symbols"))
        #expect(!declarations.isEmpty, "the symbol graph of TracerSwiftUI lists no declaration")
        PublicAPI.expectPinned(declarations, of: "TracerSwiftUI", in: Self.golden)
    }
}
