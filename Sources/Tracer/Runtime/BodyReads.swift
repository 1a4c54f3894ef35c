#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which view's body is running on the calling thread, so that a state value read there is
/// recorded as that view's dependency (SwiftUI's dependency tracking of `@State`).
///
/// Reads in actions, handlers and other threads happen outside any body: they are no
/// dependency, so a write of a value only they read invalidates nothing.
enum BodyReads {
    private static let key = makeKey()
    /// The key path a binding derived through `$value.field` reads through, while it reads.
    private static let projectionKey = makeKey()

    private static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }

    /// The node whose body is running on this thread, if any.
    ///
    /// NB: unretained: the node holds its token for as long as its body runs.
    static var current: NodeToken? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<NodeToken>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `work` with its reads attributed to `reader` (nil: to no view).
    static func attributing<Result>(to reader: NodeToken?, _ work: () -> Result) -> Result {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, reader.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
        defer { pthread_setspecific(key, previous) }
        return work()
    }

    /// The part of the stored value the read in progress is for (nil: all of it).
    static var projection: AnyKeyPath? {
        guard let raw = pthread_getspecific(projectionKey) else { return nil }
        return Unmanaged<AnyKeyPath>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `read` (a binding's read of the whole value) as a read of its `keyPath` part only: a
    /// write then invalidates the reader only when that part changed, as SwiftUI compares a
    /// `@Binding`'s value for the view holding it.
    static func projecting<Result>(_ keyPath: AnyKeyPath, _ read: () -> Result) -> Result {
        let previous = pthread_getspecific(projectionKey)
        // NB: `$a.b.c` reads `c` through `b`: the inner binding's path comes first.
        let outer = previous.map { Unmanaged<AnyKeyPath>.fromOpaque($0).takeUnretainedValue() }
        let path = outer.map { keyPath.appending(path: $0) ?? $0 } ?? keyPath
        pthread_setspecific(projectionKey, UnsafeRawPointer(Unmanaged.passUnretained(path).toOpaque()))
        defer { pthread_setspecific(projectionKey, previous) }
        return withExtendedLifetime(path) { read() }
    }
}

/// The views whose latest body evaluation read a value: those a write of it invalidates.
///
/// A reader is remembered with the evaluation generation of its read; once its node evaluates
/// again (or unmounts) the read is stale until that evaluation reads the value too.
struct ValueReaders {
    private var readers: [Reader] = []

    private struct Reader {
        /// Weakly: a token holds its scheduler, and the scheduler may hold this list.
        weak var token: NodeToken?
        var generation: UInt64
        /// The part of the value it read (through a derived binding); nil: all of it.
        var projection: AnyKeyPath?

        /// The view, when its latest evaluation read the value (it is mounted and has not been
        /// evaluated since); nil otherwise.
        var current: NodeToken? {
            guard let token, token.isMounted, token.observationGeneration.load(ordering: .relaxed) == generation else { return nil }
            return token
        }
    }

    /// Records a read by the view whose body is running on this thread, if any, of the part
    /// `projection` of the value (nil: all of it).
    mutating func noteRead(projection: AnyKeyPath? = nil) {
        guard let token = BodyReads.current else { return }
        let generation = token.observationGeneration.load(ordering: .relaxed)
        guard let index = readers.firstIndex(where: { $0.token === token }) else {
            readers.append(Reader(token: token, generation: generation, projection: projection))
            return
        }
        let earlier = readers[index]
        readers[index].generation = generation
        // NB: two different parts read in one evaluation count as the whole value.
        if earlier.generation == generation, earlier.projection != projection { readers[index].projection = nil }
        if earlier.generation != generation { readers[index].projection = projection }
    }

    /// The views a write invalidates: those whose latest evaluation read the value, or a part of
    /// it for which `partChanged` holds, in the order they first read it.
    ///
    /// NB: not mutating, so that it can run on a copy after the lock: `partChanged` may call the
    /// value's `==` (user code).
    func invalidated(partChanged: (AnyKeyPath) -> Bool) -> [NodeToken] {
        readers.compactMap { reader in
            guard let token = reader.current else { return nil }
            guard let projection = reader.projection else { return token }
            return partChanged(projection) ? token : nil
        }
    }

    /// Forgets the readers whose latest evaluation did not read the value.
    ///
    /// NB: the list is looked at before it is changed: a copy taken for `invalidated` may still
    /// share it, and removing nothing would copy it all the same.
    mutating func forgetStale() {
        guard readers.contains(where: { $0.current == nil }) else { return }
        readers.removeAll { $0.current == nil }
    }
}
