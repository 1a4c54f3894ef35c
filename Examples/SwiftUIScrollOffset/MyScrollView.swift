import SwiftUI
import TracerSwiftUI

/// A long scrolling list that reports its content offset through a binding, at the rate the
/// user scrolls (120 Hz on a ProMotion display).
struct MyScrollView: View {
    @Binding var contentOffset: CGPoint

    var body: some View {
        traced {
            ScrollView {
                LazyVStack {
                    ForEach(0..<200) { index in
                        Text("Row \(index)")
                    }
                }
            }
            .onScrollGeometryChange(for: CGPoint.self, of: { $0.contentOffset }) { _, offset in
                contentOffset = offset
            }
        }
    }
}
