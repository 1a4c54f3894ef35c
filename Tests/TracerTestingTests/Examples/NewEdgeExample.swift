import Testing
import Tracer
import TracerTesting
import XCTest

/// A player whose title must not depend on the playback position.
struct Player: View {
    @State var position = 0
    @State var title = "Intro"

    var body: some View {
        VStack {
            Button("Tick") { position += 1 }
            Button("Next") { title = "Verse" }
            Text("\(position)")
            TrackTitle(title: title)
        }
    }
}

/// The track's title.
struct TrackTitle: View {
    let title: String

    var body: some View { Text(title) }
}

/// Plays `ticks` ticks and, with `skipping`, skips to the next track.
func playTrack(ticks: Int, skipping: Bool) throws -> Redraws {
    try Redraws.record {
        let graph = ViewGraph()
        graph.mount(Player())
        for _ in 0..<ticks { try graph.tap(buttonTitled: "Tick") }
        if skipping { try graph.tap(buttonTitled: "Next") }
    }
}

@Test func ticksCauseNothingNewAgainstTheBaseline() throws {
    let baseline = try playTrack(ticks: 1, skipping: true)
    try playTrack(ticks: 30, skipping: true).expectNoNewEdges(against: baseline)
}

final class PlayerTests: XCTestCase {
    func testTicksCauseNothingNewAgainstTheBaseline() throws {
        let baseline = try playTrack(ticks: 1, skipping: true)
        try playTrack(ticks: 30, skipping: true).assertNoNewEdges(against: baseline)
    }
}
