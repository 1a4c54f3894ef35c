/// Counts the ill-formed UTF-8 sequences of a document fed to it block by block (a sequence may
/// be cut between blocks), each as one U+FFFD would replace it, and the block's newlines and
/// control bytes in the same pass.
///
/// NB: one pass, eight bytes at a time while no sequence is open and the word is ASCII: an
/// export is almost all ASCII, and a word is looked at byte by byte only when it is not.
struct XMLUTF8Check {
    /// Ill-formed sequences so far.
    private(set) var invalid = 0
    /// What the next byte must be: 0 a lead byte, else a state of `next(_:_:)`.
    private var state: UInt8 = 0

    /// Checks `bytes[0..<count]`, the bytes after those checked so far, adding their newlines and
    /// control bytes to `counts`; the offset of the first ill-formed sequence among them (or of
    /// the byte it was found at), if any.
    mutating func check(_ bytes: UnsafePointer<UInt8>, _ count: Int, counting counts: inout XMLByteCounts) -> Int? {
        var first: Int?
        var index = 0
        let raw = UnsafeRawPointer(bytes)
        while index < count {
            if state == 0 {
                // NB: sixteen bytes at a time while they are ASCII and none is a control byte or
                // a newline (most of an export), then a word at a time while it is ASCII.
                while index + 16 <= count {
                    let lowWord = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let highWord = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                    if XMLByteCounts.isPlain(lowWord) && XMLByteCounts.isPlain(highWord) {
                        index += 16
                    } else {
                        break
                    }
                }
                if index + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if word & XMLByteCounts.high == 0 {
                        counts.add(word, at: index)
                        index += 8
                        continue
                    }
                }
                if index >= count { break }
            }
            let byte = bytes[index]
            counts.add(byte, at: index)
            let wasOpen = state != 0
            if !step(byte) {
                invalid += 1
                first = first ?? index
                // NB: the byte that broke an open sequence may begin the next one.
                if wasOpen && !step(byte) { invalid += 1 }
            }
            index += 1
        }
        return first
    }

    /// The end of the document: a sequence still open there is ill-formed; whether it was.
    mutating func finish() -> Bool {
        defer { state = 0 }
        guard state != 0 else { return false }
        invalid += 1
        return true
    }

    /// Takes `byte` in the current state; false when it cannot come there (the state is reset).
    @inline(__always)
    private mutating func step(_ byte: UInt8) -> Bool {
        let (low, high, after) = Self.expected(state, byte)
        guard byte >= low && byte <= high else {
            state = 0
            return false
        }
        state = after
        return true
    }

    /// The range the next byte must be in, in `state` (for a lead byte: the range `byte` is in),
    /// and the state after it.
    ///
    /// States: 1–3 that many continuation bytes (80–BF) to come; 4 after E0 (A0–BF), 5 after ED
    /// (80–9F), 6 after F0 (90–BF), 7 after F4 (80–8F).
    @inline(__always)
    private static func expected(_ state: UInt8, _ byte: UInt8) -> (UInt8, UInt8, UInt8) {
        switch state {
        case 0:
            switch byte {
            case 0x00...0x7F: (0x00, 0x7F, 0)
            case 0xC2...0xDF: (0xC2, 0xDF, 1)
            case 0xE0: (0xE0, 0xE0, 4)
            case 0xED: (0xED, 0xED, 5)
            case 0xE1...0xEF: (0xE1, 0xEF, 2)
            case 0xF0: (0xF0, 0xF0, 6)
            case 0xF1...0xF3: (0xF1, 0xF3, 3)
            case 0xF4: (0xF4, 0xF4, 7)
            default: (1, 0, 0)
            }
        case 1: (0x80, 0xBF, 0)
        case 2: (0x80, 0xBF, 1)
        case 3: (0x80, 0xBF, 2)
        case 4: (0xA0, 0xBF, 1)
        case 5: (0x80, 0x9F, 1)
        case 6: (0x90, 0xBF, 2)
        default: (0x80, 0x8F, 2)
        }
    }
}
