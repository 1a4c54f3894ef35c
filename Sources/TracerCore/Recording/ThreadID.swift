#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Small, stable integer ids for threads: 1 for the first thread that records, then 2, 3, …
///
/// NB: ids wrap after 65,535 threads; a trace that long-lived is not expected.
public enum ThreadID {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static let next = Atomic<UInt32>(1)

    /// The calling thread's id, assigned on its first call.
    public static var current: UInt16 {
        if let stored = pthread_getspecific(key) {
            return UInt16(truncatingIfNeeded: UInt(bitPattern: stored))
        }
        let id = UInt16(truncatingIfNeeded: next.wrappingAdd(1, ordering: .relaxed).oldValue)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(id)))
        return id
    }
}
