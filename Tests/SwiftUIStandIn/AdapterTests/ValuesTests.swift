import Foundation
import SwiftUI
import Testing
import TracerSwiftUI
import TracerSwiftUICore

/// A volume kept in `@TracedState`: an allowed type (`Int`), its values shown.
struct Volume: View {
    @TracedState var level = 1

    var body: some View {
        traced { Text("\(level)") }
    }
}

/// A note kept in `@TracedState` without opting in: typed text, never shown.
struct Note: View {
    @TracedState var text = ""

    var body: some View {
        traced { Text(text) }
    }
}

/// A draft kept in `@TracedState` that opts in: its text is shown, cut to 64 bytes.
struct Draft: View {
    @TracedState(values: .recorded) var text = ""

    var body: some View {
        traced { Text(text) }
    }
}

/// A tick count, a caption and a title kept in `@TracedViewStorage`: the count shown, the caption
/// not, the title, which opts in, shown.
struct Ticker: View {
    @TracedViewStorage var ticks = 0
    @TracedViewStorage var caption = ""
    @TracedViewStorage(values: .recorded) var title = ""

    var body: some View {
        traced { Text("\(ticks)") }
    }
}

/// A model whose `@Published` count announces changes, without their values.
final class Inbox: ObservableObject {
    @Published var unread = 0
}

/// The adapter recording into `TRACER_OUTPUT` with `TRACER_VALUES=1` (set by
/// `scripts/check-swiftui-adapter.sh`'s values run).
@MainActor @Suite(.enabled(if: SwiftUITrace.session?.recorder.recordsValues == true, "needs TRACER_OUTPUT and TRACER_VALUES=1"))
struct ValuesOnTests {
    @Test("an Int @TracedState written 1 → 2 → 3 carries old and new; each write's old is the write before's new")
    func allowedValuesChain() {
        let volume = standInInstall(Volume())
        _ = volume.body
        volume.level = 2
        _ = volume.body
        volume.$level.wrappedValue = 3
        _ = volume.body
        volume.level = 3
        let writes = recorded("write", view: "Volume")
        #expect(writes.map { $0["old"] as? String } == ["1", "2", "3"])
        #expect(writes.map { $0["new"] as? String } == ["2", "3", "3"])
        #expect(zip(writes, writes.dropFirst()).allSatisfy { $1["old"] as? String == $0["new"] as? String })
        #expect(writes.allSatisfy { $0["values"] == nil })
        #expect(writes.map { $0["changed"] as? Bool } == [true, true, false])
    }

    @Test("a String @TracedState that did not opt in says redacted, never the text")
    func textIsRedacted() {
        let note = standInInstall(Note())
        _ = note.body
        note.text = "secret"
        let writes = recorded("write", view: "Note")
        #expect(writes.count == 1)
        #expect(writes.first?["values"] as? String == "redacted")
        #expect(writes.first?["old"] == nil && writes.first?["new"] == nil)
        #expect(!recordedText().contains("secret"))
    }

    @Test("a String @TracedState(values: .recorded) shows its text, a long one cut at 64 bytes with …")
    func optedInTextIsShownAndCut() {
        let draft = standInInstall(Draft())
        _ = draft.body
        let long = String(repeating: "é", count: 50)
        draft.text = "Hi"
        draft.$text.wrappedValue = long
        let writes = recorded("write", view: "Draft")
        #expect(writes.map { $0["old"] as? String } == ["", "Hi"])
        // NB: "é" is 2 bytes: 30 of them and the 3-byte "…" fill 63 of the 64 bytes.
        let cut = String(repeating: "é", count: 30) + "…"
        #expect(writes.map { $0["new"] as? String } == ["Hi", cut])
        #expect(writes.allSatisfy { ($0["new"] as? String)?.utf8.count ?? 0 <= 64 })
    }

    @Test("@TracedViewStorage writes follow the same rule: allowed types shown, text redacted unless opted in")
    func viewStorageValues() {
        let ticker = standInInstall(Ticker())
        _ = ticker.body
        ticker.ticks = 1
        ticker.$ticks.binding.wrappedValue = 2
        ticker.caption = "typed"
        ticker.title = "Inbox"
        let writes = recorded("write", view: "Ticker")
        let ticks = writes.filter { $0["prop"] as? String == "ticks" }
        #expect(ticks.map { "\($0["old"] ?? "-") → \($0["new"] ?? "-")" } == ["0 → 1", "1 → 2"])
        let caption = writes.filter { $0["prop"] as? String == "caption" }
        #expect(caption.map { $0["values"] as? String } == ["redacted"])
        let title = writes.filter { $0["prop"] as? String == "title" }
        #expect(title.map { "\($0["old"] ?? "-") → \($0["new"] ?? "-")" } == [" → Inbox"])
    }

    @Test("an @Observable mutation and an objectWillChange say unavailable: neither gives the value")
    func modelChangesAreUnavailable() {
        let row = FeedRow(feed: Feed(), index: 50_000)
        _ = row.body
        row.feed.offset = 1
        let inbox = Inbox()
        _ = Text("").tracedChanges(of: inbox)
        inbox.unread = 1
        let writes = recorded("write", view: "Row[50000]") + recorded("write", view: "Inbox")
        #expect(writes.count == 2)
        #expect(writes.allSatisfy { $0["values"] as? String == "unavailable" && $0["old"] == nil && $0["new"] == nil })
    }

    @Test func theHeaderListsValues() {
        let capabilities = recordedLines().first?["capabilities"] as? [String]
        #expect(capabilities?.contains("values") == true)
    }
}

/// The adapter recording into `TRACER_OUTPUT` without values: writes are as they were before
/// values existed.
@MainActor @Suite(.enabled(if: SwiftUITrace.session.map { !$0.recorder.recordsValues } == true, "needs TRACER_OUTPUT, TRACER_VALUES unset"))
struct ValuesOffTests {
    @Test("with values off, a write's line has no old, new or values key: byte for byte the event without values")
    func writesCarryNoValues() {
        let volume = standInInstall(Volume())
        _ = volume.body
        volume.level = 2
        let note = standInInstall(Note())
        _ = note.body
        note.text = "secret"
        let lines = recordedText().filter { $0.contains(#""kind":"write","view":"Volume""#) || $0.contains(#""kind":"write","view":"Note""#) }
        // NB: `tx` depends on what the other tests recorded before: normalised too.
        let normalised = lines.map { $0.replacing(/"seq":\d+,"ts":\d+,"tid":\d+,"tx":\d+/, with: #""seq":S,"ts":T,"tid":I,"tx":X"#) }
        #expect(normalised == [
            #"{"seq":S,"ts":T,"tid":I,"tx":X,"kind":"write","view":"Volume","prop":"level","wrapper":"State","changed":true,"site":"TracerSwiftUITests/ValuesTests.swift:9"}"#,
            #"{"seq":S,"ts":T,"tid":I,"tx":X,"kind":"write","view":"Note","prop":"text","wrapper":"State","changed":true,"site":"TracerSwiftUITests/ValuesTests.swift:18"}"#,
        ])
        #expect((recordedLines().first?["capabilities"] as? [String])?.contains("values") == false)
    }
}

/// The lines recorded so far into `TRACER_OUTPUT`, as written.
func recordedText() -> [String] {
    guard let session = SwiftUITrace.session, let path = ProcessInfo.processInfo.environment["TRACER_OUTPUT"] else { return [] }
    session.recorder.flush()
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
}
