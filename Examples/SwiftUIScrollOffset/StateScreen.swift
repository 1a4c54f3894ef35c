import SwiftUI
import TracerSwiftUI

/// The offset in `@TracedState`: every scroll frame re-evaluates this screen and `MyScrollView`.
struct StateScreen: View {
    @TracedState private var scrollContentOffset: CGPoint = .zero

    var body: some View {
        traced {
            MyScrollView(contentOffset: $scrollContentOffset)
                .toolbarVisibility(scrollContentOffset.y < 0 ? .hidden : .visible, for: .navigationBar)
                .navigationTitle("@State")
        }
    }
}
