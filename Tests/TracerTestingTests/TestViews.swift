import Foundation
import Testing
import Tracer
import TracerTesting

/// A counter: each tap of Increment writes `count`, which re-evaluates the screen and its label;
/// the footer's inputs never change, so it is skipped.
struct CounterScreen: View {
    @State private var count = 0

    var body: some View {
        VStack {
            Button("Increment") { count += 1 }
            CountLabel(count: count)
            Footer()
        }
    }
}

/// Shows the count.
struct CountLabel: View {
    let count: Int

    var body: some View { Text("\(count)") }
}

/// Never changes.
struct Footer: View {
    var body: some View { Text("footer") }
}

/// A counter screen with a subtitle of its own state: retitling writes a property the counter's
/// taps never write, a new cause (an edge a baseline of taps only has not).
struct SubtitledCounterScreen: View {
    @State private var count = 0
    @State private var subtitle = ""

    var body: some View {
        VStack {
            Button("Increment") { count += 1 }
            Button("Retitle") { subtitle += "!" }
            CountLabel(count: count)
            Text(subtitle)
        }
    }
}

/// Records `Root` mounted and its buttons tapped in the order `titles` gives, each `taps` times.
func recordTaps<Root: View>(_ root: Root, tapping titles: String..., times taps: Int) throws -> Redraws {
    try Redraws.record {
        let graph = ViewGraph()
        graph.mount(root)
        for title in titles {
            for _ in 0..<taps { try graph.tap(buttonTitled: title) }
        }
    }
}

/// Expects `body` to record issues, each with a comment holding every one of `parts`, at `line`
/// of the caller's file: the assertion's message and the caller's source location.
func expectFailure(containing parts: [String], atLine line: Int, fileID: String = #fileID, _ body: () -> Void) {
    withKnownIssue {
        body()
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined(separator: "\n")
        return parts.allSatisfy(text.contains) && issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == fileID
    }
}
