/// The latest state write of the open transaction, and the handler that made it: what a frame
/// abandoned at the round limit is reported by.
struct LatestWrite {
    var write: WriteDescription
    /// The write's `seq` (0 when not recording).
    var seq: UInt64
    /// The handler that made it (`onChange(of: Int)`), nil outside one.
    var handler: String?

    /// No write: the frame's changes were `@Observable` mutations only.
    static let none = LatestWrite(
        write: WriteDescription(view: .none, prop: .none, site: .none, siteText: "", wrapper: .state), seq: 0, handler: nil)

    /// SwiftUI's words for a handler that keeps writing: "onChange(of: Int) action tried to
    /// update multiple times per frame."
    var runawayMessage: String {
        "\(handler ?? "A handler's") action tried to update multiple times per frame."
    }
}

extension UpdateScheduler {
    /// Ends a frame whose handlers kept writing state past the round limit, as SwiftUI does: the
    /// pending invalidations, deliveries and observed changes are dropped, a `warning` event names
    /// the view and property of the latest write (with SwiftUI's message), and one line goes to
    /// standard error. The next write opens a transaction as usual.
    func abandonRunawayUpdates() {
        let latest = state.withLock { state -> LatestWrite in
            let latest = state.latestWrite ?? .none
            if let recorder {
                var warning = TraceEvent.about(.warning, view: latest.write.view, cause: latest.seq, tx: state.openTransaction)
                warning.prop = latest.write.prop
                warning.site = latest.write.site
                warning.text = recorder.intern(latest.runawayMessage)
                recorder.record(warning)
            }
            state.dirty.removeAll()
            state.deliveries.removeAll()
            state.observed.removeAll()
            state.observing.removeAll()
            state.openTransaction = 0
            state.latestWrite = nil
            return latest
        }
        printWarning(site: latest.write.siteText, latest.runawayMessage)
    }
}
