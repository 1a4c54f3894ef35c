/// A glob over view paths (`Root/Child[id]/Leaf#2`), matched against the whole path.
///
/// Segments are split as every reader splits them (`ViewPathScanner`): a `/` inside a segment's
/// `[id]` is part of the id (`FileDetailView[site/style]` is one segment).
///
/// - `*` matches any run of characters within one segment (never a separating `/`); inside the
///   pattern's `[…]` (`Row[*]`), any run within the id, a `/` included, never past the `]` that
///   closes it (`A[*]` matches `A[x/y]`, not `A[x]/B[y]`);
/// - `?` matches one character other than a separating `/`;
/// - `**` matches any run of characters across segments (including `/`), inside `[…]` as `*`; written
///   as a whole segment followed by `/` (`**/Row`), it also matches zero segments, so `**/Row`
///   matches `Row` and `A/B/Row`; `Screen/**` matches everything below `Screen` (not `Screen` itself);
/// - `\` makes the next character literal; every other character is literal, `[`, `]` and `#`
///   included (view paths contain `[id]`, so there are no character classes).
///
/// Matching is by UTF-8 bytes and takes time proportional to pattern × path length.
public struct ViewGlob: Sendable, Hashable, CustomStringConvertible {
    private enum Token: Hashable {
        case literal(UInt8)
        case oneCharacter
        case segmentRun
        /// `*` inside `[…]`: a run within the id.
        case identityRun
        case anyRun
        /// `**/`: empty, or any run ending in `/`.
        case anySegments
    }

    /// The pattern as written.
    public let pattern: String
    private let tokens: [Token]
    /// The bytes every matching path starts with: the literal characters before the first wildcard.
    let literalPrefix: [UInt8]
    /// The bytes every matching path ends with: the literal characters after the last wildcard
    /// (none when the pattern has no wildcard: they are all in `literalPrefix`).
    private let literalSuffix: [UInt8]
    /// The one path the pattern matches when it has no wildcard (`MyView`, `List/Row\\*`), else nil:
    /// such a glob is a lookup, not a scan of every view.
    public let literalPath: String?

    /// Compiles `pattern`.
    public init(_ pattern: String) {
        self.pattern = pattern
        var tokens: [Token] = []
        let bytes = Array(pattern.utf8)
        var index = 0
        // NB: the pattern's own brackets say whether a `*` is inside an id, as the path's say of its bytes.
        var brackets = ViewPathScanner()
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\") where index + 1 < bytes.count:
                tokens.append(.literal(bytes[index + 1]))
                _ = brackets.role(of: bytes[index + 1])
                index += 2
                continue
            case UInt8(ascii: "*") where brackets.isInIdentity:
                tokens.append(.identityRun)
                while index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*") { index += 1 }
            case UInt8(ascii: "*"):
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") else {
                    tokens.append(.segmentRun)
                    break
                }
                let startsSegment = index == 0 || bytes[index - 1] == UInt8(ascii: "/")
                if startsSegment && index + 2 < bytes.count && bytes[index + 2] == UInt8(ascii: "/") {
                    tokens.append(.anySegments)
                    index += 3
                } else {
                    tokens.append(.anyRun)
                    index += 2
                }
                continue
            case UInt8(ascii: "?"): tokens.append(.oneCharacter)
            default:
                tokens.append(.literal(byte))
                _ = brackets.role(of: byte)
            }
            index += 1
        }
        self.tokens = tokens
        let literalByte = { (token: Token) -> UInt8? in
            if case .literal(let byte) = token { byte } else { nil }
        }
        literalPrefix = Array(tokens.lazy.prefix { literalByte($0) != nil }.compactMap(literalByte))
        let afterPrefix = tokens.dropFirst(literalPrefix.count)
        literalSuffix = Array(afterPrefix.reversed().prefix { literalByte($0) != nil }.compactMap(literalByte).reversed())
        literalPath = afterPrefix.isEmpty ? String(decoding: literalPrefix, as: UTF8.self) : nil
    }

    /// `path` as a pattern that matches exactly it: `*`, `?` and `\` escaped.
    public static func escape(_ path: String) -> String {
        var pattern = ""
        for character in path {
            if character == "*" || character == "?" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern
    }


    /// Whether `path` matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        if tokens.count == 1 && tokens[0] == .anyRun { return true }
        var path = path
        // NB: a closure, not the method itself, which would copy the glob per path.
        return path.withUTF8 { matches($0) }
    }

    private func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        // NB: the pattern's literal ends are compared as bytes; only the tokens between them need
        // the table below, over the bytes between them (`Root/List/*` against a list's rows: the
        // row's name alone).
        let prefix = literalPrefix.count, suffix = literalSuffix.count
        guard text.count >= prefix + suffix,
              text.prefix(prefix).elementsEqual(literalPrefix), text.suffix(suffix).elementsEqual(literalSuffix)
        else { return false }
        let middle = prefix..<(text.count - suffix)
        // NB: each byte's role is read from the path's start: the literal prefix may open an id.
        return withUnsafeTemporaryAllocation(of: ViewPathScanner.Role.self, capacity: text.count) { roles in
            var scanner = ViewPathScanner()
            for index in text.indices { roles.initializeElement(at: index, to: scanner.role(of: text[index])) }
            defer { roles.deinitialize() }
            return matches(
                UnsafeBufferPointer(rebasing: text[middle]), UnsafeBufferPointer(rebasing: roles[middle]),
                tokens[prefix..<(tokens.count - suffix)])
        }
    }

    /// Whether `text`, whose bytes play `roles` in the path, matches `tokens` as a whole.
    private func matches(
        _ text: UnsafeBufferPointer<UInt8>, _ roles: UnsafeBufferPointer<ViewPathScanner.Role>, _ tokens: ArraySlice<Token>
    ) -> Bool {
        let width = text.count + 1
        // NB: `next[j]`: do tokens after the current one match `text[j...]`? Filled right to left;
        // every position of `current` is written for each token, so the two rows are reused.
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * width) { rows in
            rows.initialize(repeating: false)
            var next = UnsafeMutableBufferPointer(rebasing: rows[..<width])
            var current = UnsafeMutableBufferPointer(rebasing: rows[width...])
            next[text.count] = true
            for token in tokens.reversed() {
                var endsInSlashAhead = false
                for position in stride(from: text.count, through: 0, by: -1) {
                    let hasByte = position < text.count
                    switch token {
                    case .literal(let byte):
                        current[position] = hasByte && text[position] == byte && next[position + 1]
                    case .oneCharacter:
                        current[position] = hasByte && roles[position] != .separator && next[position + 1]
                    case .segmentRun:
                        current[position] = next[position] || (hasByte && roles[position] != .separator && current[position + 1])
                    case .identityRun:
                        current[position] = next[position] || (hasByte && roles[position] == .identity && current[position + 1])
                    case .anyRun:
                        current[position] = next[position] || (hasByte && current[position + 1])
                    case .anySegments:
                        if hasByte && roles[position] == .separator && next[position + 1] { endsInSlashAhead = true }
                        current[position] = next[position] || endsInSlashAhead
                    }
                }
                swap(&next, &current)
            }
            return next[0]
        }
    }

    public var description: String { pattern }
}
