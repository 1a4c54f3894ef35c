/// Where a property wrapper was declared: captured by its initializer's `#fileID`/`#line`
/// defaults and written as `Module/File.swift:12` in the `site` field.
package struct DeclarationSite: Sendable, Hashable {
    /// The `#fileID` of the declaration (`Module/File.swift`).
    package let fileID: StaticString
    /// The line of the declaration.
    package let line: UInt

    /// A site at `fileID`:`line`.
    package init(fileID: StaticString, line: UInt) {
        self.fileID = fileID
        self.line = line
    }

    /// `Module/File.swift:12`: the file ID and the line. The module lets `check --source-root`
    /// tell apart two files of one name in two modules.
    package var text: String { "\(fileID):\(line)" }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.line == rhs.line && lhs.fileID.description == rhs.fileID.description
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(fileID.description)
        hasher.combine(line)
    }
}
