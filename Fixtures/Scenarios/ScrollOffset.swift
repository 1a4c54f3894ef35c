import Foundation
import Tracer

/// Seed 000: a screen that hides its navigation bar once the content scrolls past a threshold,
/// written with `@State`, with an `ObservableObject` tracker, and with `@ViewStorage`.
enum ScrollOffset {
    static let scenario = Scenario(
        name: "scroll-offset", seed: "seed 000",
        summary: "A scroll offset observed to hide the navigation bar past a threshold.",
        variants: [
            ScenarioVariant("state", "The offset in @State: MyView and MyScrollView redraw on every frame."),
            ScenarioVariant(
                "observable-object",
                "The offset in a tracker's plain var; only its @Published flag redraws, at each crossing."),
            ScenarioVariant(
                "view-storage", "The offset in @ViewStorage; .onReceive sets a @State flag, redrawing at each crossing."),
        ],
        script: play)

    /// Frames per direction: 120 Hz for one second down, one second back up.
    static let framesPerDirection = 120

    /// The offsets written, one per frame, each different from the one before: from 59.5 down to
    /// -59.5 and back up to 60.5, crossing the threshold (y < 0) once each way.
    static let offsets: [Double] = {
        let down = (0..<framesPerDirection).map { 59.5 - Double($0) }
        let up = (0..<framesPerDirection).map { -58.5 + Double($0) }
        return down + up
    }()

    private static func play(_ variant: String, _ session: ScenarioSession) throws(ViewGraphError) {
        session.mark("mount")
        switch variant {
        case "state": session.graph.mount(StateVariant.MyView())
        case "observable-object": session.graph.mount(ObservableObjectVariant.MyView())
        default: session.graph.mount(ViewStorageVariant.MyView())
        }
        for (frame, y) in offsets.enumerated() {
            if frame == 0 { session.mark("scroll-down") }
            if frame == framesPerDirection { session.mark("scroll-up") }
            session.nextFrame()
            try session.graph.scroll(to: CGPoint(x: 0, y: y))
        }
    }

    /// The scroll view of the seed: reports its content offset to the parent through a binding.
    struct MyScrollView: View {
        @Binding var contentOffset: CGPoint

        var body: some View {
            ScrollView(contentOffset: $contentOffset) {
                VStack {
                    ForEach(0..<12) { row in Text("Row \(row)") }
                }
            }
        }
    }

    enum StateVariant {
        /// The seed's first version: every offset write invalidates `MyView`.
        struct MyView: View {
            @State private var scrollContentOffset: CGPoint = .zero

            var body: some View {
                MyScrollView(contentOffset: $scrollContentOffset)
                    .navigationBarHidden(scrollContentOffset.y < 0)
            }
        }
    }

    enum ObservableObjectVariant {
        /// The seed's tracker: the offset is a plain `var`; only the derived flag is `@Published`.
        final class ScrollContentOffsetTracker: ObservableObject {
            var scrollContentOffset: CGPoint = .zero {
                didSet {
                    // NB: @Published notifies on every assignment, as Combine's does; the seed's
                    // "only updates at the threshold" holds when only a change is assigned.
                    let visible = scrollContentOffset.y < 0
                    if visible != isNavigationBarVisible { isNavigationBarVisible = visible }
                }
            }

            @Published var isNavigationBarVisible: Bool = false
        }

        /// The seed's second version. NB: the seed holds the tracker in `@State`, which would never
        /// observe it; `@StateObject` is what makes the version "functional".
        struct MyView: View {
            @StateObject private var scrollContentOffsetTracker = ScrollContentOffsetTracker()

            var body: some View {
                MyScrollView(contentOffset: $scrollContentOffsetTracker.scrollContentOffset)
                    .navigationBarHidden(scrollContentOffsetTracker.isNavigationBarVisible)
            }
        }
    }

    enum ViewStorageVariant {
        /// The seed's third version: `@ViewStorage` for the offset, `@State` for the flag.
        struct MyView: View {
            @ViewStorage private var scrollContentOffset: CGPoint = .zero
            @State private var isNavigationBarVisible: Bool = false

            var body: some View {
                MyScrollView(contentOffset: $scrollContentOffset.binding)
                    .navigationBarHidden(isNavigationBarVisible)
                    .onReceive($scrollContentOffset.publisher) { _ in
                        isNavigationBarVisible = scrollContentOffset.y < 0
                    }
            }
        }
    }
}
