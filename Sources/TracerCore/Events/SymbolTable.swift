import Synchronization

/// Interns strings (and lists of strings) into `Symbol`s and keeps each one's JSON literal for the writer.
///
/// NB: interning takes a lock and may allocate; it happens when a node mounts or a wrapper is
/// declared, never per event.
public final class SymbolTable: Sendable {
    private struct Storage {
        var ids: [String: Symbol] = [:]
        var lists: [[String]: Symbol] = [:]
        /// The quoted literals back to back; literal `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
        var bytes: [UInt8] = []
        var offsets: [Int] = [0, 0]
    }

    private let storage = LockedBox(Storage())

    /// An empty table.
    public init() {}

    /// The symbol for `string`, interning it on first use.
    public func intern(_ string: String) -> Symbol {
        storage.withLock { storage in
            if let symbol = storage.ids[string] { return symbol }
            let symbol = Symbol(rawValue: UInt32(storage.offsets.count - 1))
            storage.ids[string] = symbol
            JSONString.appendQuoted(string, to: &storage.bytes)
            storage.offsets.append(storage.bytes.count)
            return symbol
        }
    }

    /// The symbol for the list `strings`, whose literal is a JSON array of their quoted
    /// literals (`["offset","title"]`), interning it on first use.
    public func intern(list strings: [String]) -> Symbol {
        storage.withLock { storage in
            if let symbol = storage.lists[strings] { return symbol }
            let symbol = Symbol(rawValue: UInt32(storage.offsets.count - 1))
            storage.lists[strings] = symbol
            storage.bytes.append(UInt8(ascii: "["))
            for (index, string) in strings.enumerated() {
                if index > 0 { storage.bytes.append(UInt8(ascii: ",")) }
                JSONString.appendQuoted(string, to: &storage.bytes)
            }
            storage.bytes.append(UInt8(ascii: "]"))
            storage.offsets.append(storage.bytes.count)
            return symbol
        }
    }

    /// A new symbol whose literal is the JSON array of `seqs` (`[12,15]`): an evaluation's `causes`.
    ///
    /// NB: not looked up: lists of `seq`s seldom repeat. Interned once per evaluation with several
    /// causes, so the table grows with those evaluations (not with the others).
    public func intern(causes seqs: [UInt64]) -> Symbol {
        storage.withLock { storage in
            let symbol = Symbol(rawValue: UInt32(storage.offsets.count - 1))
            storage.bytes.append(UInt8(ascii: "["))
            for (index, seq) in seqs.enumerated() {
                if index > 0 { storage.bytes.append(UInt8(ascii: ",")) }
                storage.bytes.append(contentsOf: String(seq).utf8)
            }
            storage.bytes.append(UInt8(ascii: "]"))
            storage.offsets.append(storage.bytes.count)
            return symbol
        }
    }

    /// The quoted literals of every symbol interned so far.
    public func snapshot() -> SymbolSnapshot {
        storage.withLock { SymbolSnapshot(bytes: $0.bytes, offsets: $0.offsets) }
    }
}

/// An immutable copy of a symbol table's literals, read by the writer without a lock.
public struct SymbolSnapshot: Sendable {
    let bytes: [UInt8]
    let offsets: [Int]

    /// Runs `body` with a line writer that resolves symbols through this snapshot.
    public func withLineWriter<Result>(_ body: (EventLineWriter) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { bytes in
            try offsets.withUnsafeBufferPointer { offsets in
                try body(EventLineWriter(symbolBytes: bytes, symbolOffsets: offsets))
            }
        }
    }

    /// `events` as JSON lines (for tests and small in-process traces).
    public func lines(_ events: [TraceEvent]) -> [UInt8] {
        withLineWriter { writer in
            let capacity = events.reduce(0) { $0 + writer.maximumLineLength(of: $1) }
            return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                var cursor = buffer.baseAddress!
                for event in events { cursor = writer.write(event, to: cursor) }
                count = cursor - buffer.baseAddress!
            }
        }
    }
}
