#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stack a reader is tested on: 512 KiB, a secondary thread's default on Darwin.
public let smallStackSize = 512 * 1024

/// Runs `body` on a new thread whose stack is `smallStackSize` bytes and returns what it returns
/// or throws.
///
/// NB: a reader that recurses once per construct of its input overflows this stack long before
/// 200,000 of them, and the test process then ends with a signal: the run fails loudly.
public func onSmallStack<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) throws -> Value {
    let box = Unmanaged.passRetained(SmallStackRun(body))
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstacksize(&attributes, smallStackSize) == 0, "a stack of \(smallStackSize) bytes")
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let created = pthread_create(&thread, &attributes, { context in
        let run = Unmanaged<SmallStackRun>.fromOpaque(context!).takeUnretainedValue()
        run.outcome = Result { try run.body() }
        return nil
    }, box.toOpaque())
    precondition(created == 0, "pthread_create: \(created)")
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
    let run = box.takeRetainedValue()
    return try run.outcome!.get() as! Value
}

/// The closure `onSmallStack` runs and what came of it, shared with its thread.
///
/// NB: `outcome` is written on the thread and read after `pthread_join`, which orders the two.
private final class SmallStackRun: @unchecked Sendable {
    /// What the thread runs.
    let body: () throws -> any Sendable
    /// What it returned or threw; nil until it has run.
    var outcome: Result<any Sendable, any Error>?

    /// A run of `body`, not yet started.
    init<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) { self.body = { try body() } }
}
