import Foundation
import Tracer

/// Seed 003: a scroll offset in the owner's `@State` re-renders the owner's whole body on every
/// frame; children extracted into their own structs (`Counter`, `Hello`) are skipped while their
/// inputs are unchanged.
enum RenderingCycle {
    static let scenario = Scenario(
        name: "rendering-cycle", seed: "seed 003",
        summary: "An offset in @State re-renders the owner's body; extracted child views are skipped.",
        variants: [
            ScenarioVariant("inline", "Counter and Hello written inline: re-rendered with the owner on every frame."),
            ScenarioVariant("extracted", "Counter and Hello as their own views: skipped unless their input changes."),
        ],
        script: play)

    /// Frames of scrolling, 5 points each: down 600 points, past the header's 300-point fade.
    static let scrollFrames = 120
    /// Taps on the counter after scrolling.
    static let counterTaps = 5

    private static func play(_ variant: String, _ session: ScenarioSession) throws(ViewGraphError) {
        session.mark("launch")
        if variant == "inline" {
            session.graph.mount(InlineVariant.ViewRenderingCycle())
        } else {
            session.graph.mount(ExtractedVariant.ViewRenderingCycle())
        }
        session.mark("scroll")
        for frame in 1...scrollFrames {
            session.nextFrame()
            try session.graph.scroll(to: CGPoint(x: 0, y: -5 * Double(frame)))
        }
        session.mark("count")
        for _ in 0..<counterTaps {
            session.nextFrame()
            try session.graph.tap(buttonTitled: "Count")
        }
    }

    enum ExtractedVariant {
        /// The seed's view: the offset in `@State`, the counter and greeting in their own structs.
        struct ViewRenderingCycle: View {
            @State private var counter: Int = 0
            @State private var hello: String = "Hello"
            @State private var scrollOffset: CGPoint = .zero
            @State private var blue: Color = Color.blue

            var body: some View {
                ZStack {
                    ScrollView(.vertical, showsIndicators: false, contentOffset: $scrollOffset) {
                        HStack {
                            Text("HEADER").padding(.vertical, 20)
                        }
                        .frame(maxWidth: .infinity, alignment: .center)
                        .background(blue)
                        .opacity(-scrollOffset.y > 300 ? 0.5 : 1)

                        VStack(spacing: 20) {
                            Counter(counter: counter)
                            Hello(hello: hello)
                            Button("Count") { counter += 1 }
                        }
                        .padding(20)
                        .background(Color.random)
                    }
                }
                .background(Color.random)
            }
        }

        /// Its own body: re-rendered only when `counter` changes.
        struct Counter: View {
            let counter: Int

            var body: some View {
                Text("\(counter)").frame(width: 150, height: 30).background(Color.random)
            }
        }

        /// Its own body: never re-rendered after the first time.
        struct Hello: View {
            let hello: String

            var body: some View {
                Text(hello).frame(width: 150, height: 30).background(Color.random)
            }
        }
    }

    enum InlineVariant {
        /// The same screen with the counter and greeting written inline in the owner's body.
        struct ViewRenderingCycle: View {
            @State private var counter: Int = 0
            @State private var hello: String = "Hello"
            @State private var scrollOffset: CGPoint = .zero
            @State private var blue: Color = Color.blue

            var body: some View {
                ZStack {
                    ScrollView(.vertical, showsIndicators: false, contentOffset: $scrollOffset) {
                        HStack {
                            Text("HEADER").padding(.vertical, 20)
                        }
                        .frame(maxWidth: .infinity, alignment: .center)
                        .background(blue)
                        .opacity(-scrollOffset.y > 300 ? 0.5 : 1)

                        VStack(spacing: 20) {
                            Text("\(counter)").frame(width: 150, height: 30).background(Color.random)
                            Text(hello).frame(width: 150, height: 30).background(Color.random)
                            Button("Count") { counter += 1 }
                        }
                        .padding(20)
                        .background(Color.random)
                    }
                }
                .background(Color.random)
            }
        }
    }
}
