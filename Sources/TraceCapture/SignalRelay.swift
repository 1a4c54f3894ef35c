#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Delivers signals (SIGINT, SIGTERM) to a handler on a queue instead of their default action,
/// until cancelled.
///
/// NB: `@unchecked Sendable` because the dispatch sources are only created in `init` and
/// cancelled in `cancel`.
package final class SignalRelay: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    /// Relays each of `signals` to `handler` (called on a private serial queue).
    package init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        let queue = DispatchQueue(label: "tracectl.signals")
        sources = signals.map { number in
            // NB: the default action must be off for the dispatch source to see the signal.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// Stops relaying and restores the signals' default actions.
    package func cancel() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
