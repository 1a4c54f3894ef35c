/// Where a property wrapper was declared: captured by its initializer's `#fileID`/`#line`
/// defaults and written as `File.swift:12` in the `site` field.
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

    /// `File.swift:12`: the file name without its module, and the line.
    package var text: String {
        let file = fileID.description
        let name = file.lastIndex(of: "/").map { file[file.index(after: $0)...] } ?? file[...]
        return "\(name):\(line)"
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.line == rhs.line && lhs.fileID.description == rhs.fileID.description
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(fileID.description)
        hasher.combine(line)
    }
}
