import Synchronization
import TracerCore

/// One traced body as the adapter names it, and whether an `@Observable` change it observed has
/// been recorded since it last ran.
final class TracedBody: Sendable {
    /// The view's name (`Screen/Row`), written in its `body-eval` and observed writes.
    let view: Symbol
    /// The `prop` of its observed writes: the `@Observable` model types the view holds.
    let models: Symbol
    private let changeRecorded = Atomic<Bool>(false)

    init(view: Symbol, models: Symbol) {
        self.view = view
        self.models = models
    }

    /// The body runs again: its next observed change is recorded.
    func ran() { changeRecorded.store(false, ordering: .relaxed) }

    /// Whether an observed change is the first since the body last ran (and so is recorded).
    func takeChange() -> Bool { !changeRecorded.exchange(true, ordering: .relaxed) }
}
