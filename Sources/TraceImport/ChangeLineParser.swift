#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a message is to the importer: a change record, something else, or a broken record.
enum ChangeLine {
    case record(ChangeRecord)
    /// Not a change record (other output): ignored and counted.
    case foreign
    /// Looks like a change record but does not parse: `offset` is the byte in the message where
    /// it goes wrong.
    case malformed(offset: Int, message: String)
}

/// Parses the message of one `_printChanges()` line: `TYPE: CHANGES changed.` or `TYPE: unchanged.`
///
/// `TYPE` may be module-qualified and nested (`App.Screen.Row`) and generic, with commas, colons
/// and spaces inside its brackets (`Row<Dictionary<String, Int>>`, `Cell<[String: Int]>`,
/// `Row<(Int) -> Void>`). `CHANGES` is a comma-separated list of `@self`, `@identity`,
/// `@dependencies` and `_property` names.
enum ChangeLineParser {
    /// Parses `message` (a trailing `\r` and spaces are ignored).
    static func parse(_ message: UnsafeBufferPointer<UInt8>) -> ChangeLine {
        var end = message.count
        while end > 0, message[end - 1] == UInt8(ascii: " ") || message[end - 1] == 0x0D { end -= 1 }
        let text = UnsafeBufferPointer(rebasing: message[..<end])
        switch typeEnd(text) {
        case .failure(let failure):
            return looksLikeRecord(text) ? .malformed(offset: failure.offset, message: failure.message) : .foreign
        case .success(let colon):
            guard colon + 1 < text.count, text[colon + 1] == UInt8(ascii: " ") else {
                return looksLikeRecord(text)
                    ? .malformed(offset: colon + 1, message: "expected ': ' after the view's type") : .foreign
            }
            let view = UnsafeBufferPointer(rebasing: text[..<colon])
            let rest = UnsafeBufferPointer(rebasing: text[(colon + 2)...])
            if rest.holds("unchanged.") {
                return .record(ChangeRecord(view: view, changes: UnsafeBufferPointer(rebasing: rest[..<0]), markers: []))
            }
            // NB: prose such as `Note: the settings changed.` is other output, not a broken record.
            if rest.holds("unchanged", at: 0) {
                return .malformed(offset: colon + 2, message: "expected 'unchanged.' to end the line")
            }
            guard let first = rest.first, first == UInt8(ascii: "@") || first == UInt8(ascii: "_") else { return .foreign }
            return parseChanges(view: view, rest: rest, restOffset: colon + 2)
        }
    }

    private static let suffix: StaticString = " changed."

    /// Checks the change list of `rest` (`CHANGES changed.`).
    private static func parseChanges(
        view: UnsafeBufferPointer<UInt8>, rest: UnsafeBufferPointer<UInt8>, restOffset: Int
    ) -> ChangeLine {
        guard rest.count > suffix.utf8CodeUnitCount, rest.holds(suffix, at: rest.count - suffix.utf8CodeUnitCount) else {
            return .malformed(offset: restOffset + rest.count, message: "expected the change list to end in ' changed.' (or 'unchanged.')")
        }
        let changes = UnsafeBufferPointer(rebasing: rest[..<(rest.count - suffix.utf8CodeUnitCount)])
        var markers: ChangeRecord.Markers = []
        var index = 0
        while index <= changes.count {
            while index < changes.count, changes[index] == UInt8(ascii: " ") { index += 1 }
            let start = index
            while index < changes.count, changes[index] != UInt8(ascii: ","), changes[index] != UInt8(ascii: " ") { index += 1 }
            let item = UnsafeBufferPointer(rebasing: changes[start..<index])
            guard let marker = marker(item) else {
                let found = String(decoding: item, as: UTF8.self)
                return .malformed(
                    offset: restOffset + start,
                    message: item.isEmpty
                        ? "expected a change (@self, @identity, @dependencies or _property) in the change list"
                        : "expected @self, @identity, @dependencies or a _property in the change list, found '\(found)'")
            }
            markers.insert(marker)
            while index < changes.count, changes[index] == UInt8(ascii: " ") { index += 1 }
            guard index < changes.count else { break }
            guard changes[index] == UInt8(ascii: ",") else {
                return .malformed(offset: restOffset + index, message: "expected ',' between changes")
            }
            index += 1
        }
        return .record(ChangeRecord(view: view, changes: changes, markers: markers))
    }

    /// The marker `item` stands for, or nil when it is none.
    private static func marker(_ item: UnsafeBufferPointer<UInt8>) -> ChangeRecord.Markers? {
        if item.count > 1 && item[0] == UInt8(ascii: "_") { return .property }
        if item.holds("@self") { return .value }
        if item.holds("@identity") { return .identity }
        if item.holds("@dependencies") { return .dependencies }
        return nil
    }

    /// Where a type name could not be read, and why.
    private struct TypeFailure: Error {
        var offset: Int
        var message: String
    }

    /// The offset of the `:` that ends the view's type at the start of `text`.
    ///
    /// NB: brackets nest (`<`, `(`, `[`); inside them anything goes but a line break, so
    /// `Row<Dictionary<String, Int>>` and `Cell<[String: Int]>` are one type. The `>` of `->`
    /// closes nothing.
    private static func typeEnd(_ text: UnsafeBufferPointer<UInt8>) -> Result<Int, TypeFailure> {
        var depth = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: ">") where index > 0 && text[index - 1] == UInt8(ascii: "-"):
                break
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                guard depth > 0 else { return .failure(TypeFailure(offset: index, message: "unbalanced '\(Character(Unicode.Scalar(byte)))' in the view's type")) }
                depth -= 1
            case UInt8(ascii: ":") where depth == 0:
                guard index > 0 else { return .failure(TypeFailure(offset: 0, message: "expected the view's type before ':'")) }
                return .success(index)
            default:
                guard depth > 0 || isTypeByte(byte) else {
                    return .failure(TypeFailure(offset: index, message: "expected the view's type, then ': '"))
                }
            }
            index += 1
        }
        return .failure(TypeFailure(
            offset: index, message: depth > 0 ? "unbalanced brackets in the view's type" : "expected ': ' after the view's type"))
    }

    /// Whether `byte` may appear in a type name outside brackets: an identifier byte or `.`.
    @inline(__always)
    private static func isTypeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "$"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    /// Whether `text` looks like a change record gone wrong rather than other output: it holds
    /// `: @`, `: _` or `: unchanged`.
    private static func looksLikeRecord(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 2 < text.count {
            if text[index] == UInt8(ascii: ":") && text[index + 1] == UInt8(ascii: " ") {
                let next = text[index + 2]
                if next == UInt8(ascii: "@") || next == UInt8(ascii: "_") { return true }
                if text.holds("unchanged", at: index + 2) { return true }
            }
            index += 1
        }
        return false
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are exactly `literal`.
    @inline(__always)
    func holds(_ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && holds(literal, at: 0)
    }

    /// Whether `literal`'s bytes appear at `offset`.
    @inline(__always)
    func holds(_ literal: StaticString, at offset: Int) -> Bool {
        offset >= 0 && offset + literal.utf8CodeUnitCount <= count
            && memcmp(baseAddress! + offset, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }
}
