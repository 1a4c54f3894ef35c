import Foundation
import Testing

/// ProfilingASwiftUIApp.md's "to check on a Mac" lines and the Mac kit's checks
/// (Examples/MacKit/MacKitTests.swift) name each other.
@Suite struct MacKitListTests {
    /// The repository's root, from this file's real path (Tests/SwiftUIStandIn/AdapterTests/…).
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("every \"to check on a Mac\" line names a kit check, and every kit check is listed")
    func docsAndKitAgree() throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("Sources/TracerSwiftUI/TracerSwiftUI.docc/ProfilingASwiftUIApp.md"), encoding: .utf8)
        let kit = try String(contentsOf: Self.root.appendingPathComponent("Examples/MacKit/MacKitTests.swift"), encoding: .utf8)
        let checks = Set(kit.matches(of: /func (test\w+)\(\)/).map { String($0.1) })
        let items = docs.components(separatedBy: "\n- ").filter { $0.hasPrefix("To check on a Mac:") }
        #expect(!checks.isEmpty && !items.isEmpty)
        var listed: Set<String> = []
        for item in items {
            let named = item.matches(of: /`(test\w+)`/).map { String($0.1) }
            #expect(!named.isEmpty && named.allSatisfy(checks.contains), "names no kit check: \(item.prefix(60))")
            listed.formUnion(named)
        }
        #expect(checks.subtracting(listed).isEmpty, "kit checks not listed: \(checks.subtracting(listed).sorted())")
    }
}
