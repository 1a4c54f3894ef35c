import Dispatch
import Foundation
import TracerCore

/// Writes blocks of bytes to a descriptor on a thread of its own, one block at a time, so that the
/// caller fills its next block while the kernel takes the last (double buffering).
///
/// The caller hands a block with `write(_:)` and leaves its memory alone until the next
/// `write(_:)`, `wait()` or `finish()` returns. Each block goes out through `POSIX.writeAll`; the
/// first error is kept, nothing is written after it, and every later call returns it.
///
/// NB: the thread is joined by `finish()`, which `deinit` calls too: no path leaves it running,
/// and the descriptor may be closed once `finish()` returned.
package final class BackgroundWriter {
    /// What the two threads share; only under the box's lock.
    private struct Handoff {
        /// The block to write next; nil once written (the thread ends when woken without one).
        var block: UnsafeRawBufferPointer?
        /// The `errno` of the write that failed; 0 while none did.
        var failure: Int32 = 0
    }

    private let handoff = LockedBox(Handoff())
    private let handed = DispatchSemaphore(value: 0)
    private let written = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    /// Whether a handed block may still be being written (the caller's side only).
    private var inFlight = false
    private var isFinished = false

    /// Starts the thread that writes to `descriptor` (which stays the caller's to close).
    package init(descriptor: Int32) {
        let (handoff, handed, written, ended) = (handoff, handed, written, ended)
        // NB: the thread holds the shared pieces, not `self`, so that dropping the writer joins it.
        let thread = Thread {
            while true {
                handed.wait()
                guard let block = handoff.withLock({ $0.block }) else { break }
                let failure = POSIX.writeAll(descriptor, block)
                handoff.withLock { state in
                    state.block = nil
                    if state.failure == 0 { state.failure = failure }
                }
                written.signal()
            }
            ended.signal()
        }
        thread.name = "tracer-output"
        thread.start()
    }

    deinit { finish() }

    /// Waits for the block handed before, then hands `bytes`; returns the first write error (and
    /// hands nothing) if one happened, else 0.
    package func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        precondition(!isFinished, "the writer is finished")
        let failure = wait()
        guard failure == 0, bytes.count > 0 else { return failure }
        handoff.withLock { $0.block = bytes }
        inFlight = true
        handed.signal()
        return 0
    }

    /// Waits until the block handed last is written; returns the first write error, or 0.
    @discardableResult
    package func wait() -> Int32 {
        if inFlight {
            written.wait()
            inFlight = false
        }
        return handoff.withLock { $0.failure }
    }

    /// Waits for the last block, ends the thread and joins it; returns the first write error, or
    /// 0. Idempotent.
    @discardableResult
    package func finish() -> Int32 {
        let failure = wait()
        if !isFinished {
            isFinished = true
            handed.signal()
            ended.wait()
        }
        return failure
    }
}
