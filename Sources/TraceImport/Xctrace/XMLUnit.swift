#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One attribute of the start tag just scanned: offsets of its value in the input buffer.
struct XMLAttribute {
    /// The attributes xctrace's readers look at; every other name is `.other`.
    enum Name: UInt8 { case id, ref, fmt, other }
    var name: Name
    var nameStart: Int
    var nameLength: Int
    var valueStart: Int
    var valueLength: Int
}

/// What `XMLScanner.next()` found.
enum XMLUnit {
    /// A start tag (`scanner.tag`, `scanner.attributes`, `scanner.selfClosing`); a self-closing
    /// one is followed by its `.end`.
    case start
    /// An end tag matching the innermost open element (`scanner.tag`).
    case end
    /// Character data at `scanner.textStart..<scanner.textEnd` (raw: a CDATA section's content,
    /// entities not decoded).
    case text(raw: Bool)
    /// The end of the document, after its root element.
    case endOfDocument
}
