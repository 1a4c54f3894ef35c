import Synchronization

/// Interns strings into `Symbol`s and keeps each one's quoted JSON literal for the writer.
///
/// NB: interning takes a lock and may allocate; it happens when a node mounts or a wrapper is
/// declared, never per event.
public final class SymbolTable: Sendable {
    private struct Storage {
        var ids: [String: Symbol] = [:]
        var literals: [[UInt8]] = [[]]  // index 0: Symbol.none
        var strings: [String] = [""]
    }

    private let storage = Mutex(Storage())

    public init() {}

    /// The symbol for `string`, interning it on first use.
    public func intern(_ string: String) -> Symbol {
        storage.withLock { storage in
            if let symbol = storage.ids[string] { return symbol }
            let symbol = Symbol(rawValue: UInt32(storage.literals.count))
            storage.ids[string] = symbol
            storage.literals.append(JSONLineEncoder.quoted(string))
            storage.strings.append(string)
            return symbol
        }
    }

    /// The string a symbol stands for ("" for `Symbol.none` or an unknown symbol).
    public func string(for symbol: Symbol) -> String {
        storage.withLock { storage in
            Int(symbol.rawValue) < storage.strings.count ? storage.strings[Int(symbol.rawValue)] : ""
        }
    }

    /// The quoted literals of every symbol interned so far.
    public func snapshot() -> SymbolSnapshot {
        SymbolSnapshot(literals: storage.withLock { $0.literals })
    }
}

/// An immutable copy of a symbol table's literals, read by the writer without a lock.
public struct SymbolSnapshot: Sendable {
    let literals: [[UInt8]]

    /// The quoted JSON literal of `symbol`.
    subscript(symbol: Symbol) -> [UInt8] {
        Int(symbol.rawValue) < literals.count ? literals[Int(symbol.rawValue)] : Array("\"\"".utf8)
    }
}
