#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// The traced bodies running on the calling thread, innermost last: a nested one's time is
/// taken out of its parent's `dur`, and it is named under its parent. It also keeps the thread's
/// body look-ups and its last declaration look-up, so that a repeated one takes no lock.
final class BodyStack {
    /// One running traced body.
    struct Frame {
        let view: Symbol
        /// Time spent in traced bodies nested in this one, in ns.
        var nested: UInt64 = 0
    }

    /// A traced body looked up, by session and key.
    ///
    /// NB: a class, so that a hit compares in place and copies one reference.
    final class CachedBody {
        let session: UInt64
        let key: NameTable.ViewKey
        let body: TracedBody

        init(session: UInt64, key: NameTable.ViewKey, body: TracedBody) {
            self.session = session
            self.key = key
            self.body = body
        }
    }

    /// How many traced bodies a thread keeps looked up (`bodies`): more than the rows a screen
    /// shows, each labelled (`Row[\(i)]`).
    static let bodySlots = 128

    /// A declaration's symbols looked up, by session, key and the session's naming count.
    ///
    /// NB: integers only, so a struct: a hit copies no reference.
    struct LastDeclaration {
        let session: UInt64
        let key: DeclarationKey
        let naming: UInt64
        let symbols: NameTable.DeclarationSymbols
    }

    // NB: used by the owning thread only, so exclusivity is not checked at run time.
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The traced bodies looked up on this thread, each in the slot of its key
    /// or in its second (`NameTable.ViewKey.slots`): a repeated look-up takes no lock and hashes no
    /// text with SipHash.
    @exclusivity(unchecked) var bodies = [CachedBody?](repeating: nil, count: BodyStack.bodySlots)
    /// The last declaration's symbols looked up on this thread.
    @exclusivity(unchecked) var lastDeclaration: LastDeclaration?

    private init() { frames.reserveCapacity(32) }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // NB: the destructor's pointer is optional on Glibc, not on Darwin.
        pthread_key_create(&key) { ($0 as UnsafeMutableRawPointer?).map { Unmanaged<BodyStack>.fromOpaque($0).release() } }
        return key
    }()

    /// The calling thread's stack, created on its first traced body.
    static var current: BodyStack {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<BodyStack>.fromOpaque(stored).takeUnretainedValue()
        }
        let stack = BodyStack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }
}
