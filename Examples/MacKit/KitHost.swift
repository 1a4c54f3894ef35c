import SwiftUI
import XCTest
#if canImport(AppKit)
import AppKit
#endif

/// A view installed as SwiftUI installs a window's root: in an `NSHostingView` on a Mac, in the
/// stand-in's graph elsewhere.
@MainActor final class KitHost<Root: View> {
    let root: Root
    #if canImport(AppKit)
    private let view: NSHostingView<Root>
    #endif

    init(_ root: Root) {
        #if canImport(AppKit)
        self.root = root
        view = NSHostingView(rootView: root)
        view.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        render()
        #else
        self.root = standInInstall(root)
        #endif
    }

    /// Lets SwiftUI run the updates pending (a Mac), or runs the root's body in an update (stand-in).
    func render() {
        #if canImport(AppKit)
        view.layoutSubtreeIfNeeded()
        RunLoop.main.run(until: Date().addingTimeInterval(0.01))
        view.layoutSubtreeIfNeeded()
        #else
        _ = standInUpdate { root.body }
        #endif
    }
}

