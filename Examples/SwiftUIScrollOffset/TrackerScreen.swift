import SwiftUI
import TracerSwiftUI

/// The offset in a tracker object's plain `var`: the screen re-evaluates only when the derived,
/// `@Published` flag changes.
struct TrackerScreen: View {
    /// Keeps the offset where SwiftUI does not watch it, and publishes only the threshold flag.
    final class ScrollContentOffsetTracker: ObservableObject {
        var scrollContentOffset: CGPoint = .zero {
            didSet {
                // NB: `@Published` announces every assignment, equal or not; assign on change only.
                let hidden = scrollContentOffset.y < 0
                if hidden != isNavigationBarHidden { isNavigationBarHidden = hidden }
            }
        }

        @Published var isNavigationBarHidden = false
    }

    @StateObject private var tracker = ScrollContentOffsetTracker()

    var body: some View {
        traced {
            MyScrollView(contentOffset: $tracker.scrollContentOffset)
                .toolbarVisibility(tracker.isNavigationBarHidden ? .hidden : .visible, for: .navigationBar)
                .navigationTitle("ObservableObject")
        }
        .tracedChanges(of: tracker)
    }
}
