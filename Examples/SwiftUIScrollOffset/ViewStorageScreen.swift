import SwiftUI
import TracerSwiftUI

/// The offset in `@TracedViewStorage`, with the derived flag in `@TracedState` updated from its
/// publisher: the screen re-evaluates only when the threshold is crossed.
struct ViewStorageScreen: View {
    @TracedViewStorage private var scrollContentOffset: CGPoint = .zero
    @TracedState(name: "navigationBarHidden", values: .recorded) private var isNavigationBarHidden = false

    var body: some View {
        traced {
            MyScrollView(contentOffset: $scrollContentOffset.binding)
                .toolbarVisibility(isNavigationBarHidden ? .hidden : .visible, for: .navigationBar)
                .navigationTitle("@ViewStorage")
                .onReceive($scrollContentOffset.publisher) { offset in
                    let hidden = offset.y < 0
                    guard hidden != isNavigationBarHidden else { return }
                    traceMark(hidden ? "navigation-bar-hidden" : "navigation-bar-shown")
                    isNavigationBarHidden = hidden
                }
        }
    }
}
