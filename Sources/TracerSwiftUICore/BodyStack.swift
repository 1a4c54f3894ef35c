#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// The traced bodies running on the calling thread, innermost last: a nested one's time is
/// taken out of its parent's `dur`, and it is named under its parent.
final class BodyStack {
    /// One running traced body.
    struct Frame {
        let view: Symbol
        /// Time spent in traced bodies nested in this one, in ns.
        var nested: UInt64 = 0
    }

    var frames: [Frame] = []

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
