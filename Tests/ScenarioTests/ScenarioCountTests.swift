import ScenarioTestSupport
import Testing
import Tracer
@testable import Scenarios

/// Pins the exact event counts per view of every scenario variant, derived from the seed and the
/// scripted interaction.
@Suite("Scenario event counts")
struct ScenarioCountTests {
    // MARK: scroll-offset (seed 000)

    /// Offset writes and how often they cross the threshold (y < 0).
    static let offsetWrites = ScrollOffset.offsets.count
    static let crossings = zip(ScrollOffset.offsets, ScrollOffset.offsets.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        + (ScrollOffset.offsets[0] < 0 ? 1 : 0)

    @Test("scroll-offset writes 240 offsets, each a change, crossing the threshold twice")
    func offsets() {
        #expect(Self.offsetWrites == 240)
        #expect(zip(ScrollOffset.offsets, ScrollOffset.offsets.dropFirst()).allSatisfy { $0 != $1 })
        #expect(Self.crossings == 2)
    }

    @Test("scroll-offset state: MyView and MyScrollView re-evaluate on every offset write")
    func scrollOffsetState() throws {
        let trace = try ScenarioRecording("scroll-offset", "state")
        // The initial evaluation, then one per write; MyScrollView's output never changes.
        #expect(trace.counts("body-eval") == ["MyView": Self.offsetWrites + 1, "MyView/MyScrollView": Self.offsetWrites + 1])
        #expect(trace.events.filter { $0["kind"] as? String == "body-eval" && $0["changed"] as? Int == 0 }.count == Self.offsetWrites)
        #expect(trace.counts("write") == ["MyView": Self.offsetWrites])
        #expect(trace.counts("invalidate") == ["MyView": Self.offsetWrites])
        #expect(trace.count("skip") == 0)
    }

    @Test("scroll-offset observable-object and view-storage: MyView re-evaluates only at the crossings",
          arguments: ["observable-object", "view-storage"])
    func scrollOffsetOptimised(variant: String) throws {
        let trace = try ScenarioRecording("scroll-offset", variant)
        #expect(trace.counts("body-eval") == ["MyView": Self.crossings + 1, "MyView/MyScrollView": Self.crossings + 1])
        #expect(trace.counts("invalidate") == ["MyView": Self.crossings])
        // The tracker publishes only its flag; @ViewStorage writes every offset and the handler
        // writes the derived @State flag on every offset too (a change only at the crossings).
        let writes = variant == "observable-object" ? Self.crossings : 2 * Self.offsetWrites
        #expect(trace.counts("write") == ["MyView": writes])
    }

    // MARK: rendering-cycle (seed 003)

    static let frames = RenderingCycle.scrollFrames
    static let taps = RenderingCycle.counterTaps

    @Test("rendering-cycle inline: the owner re-renders on every frame and tap; nothing else has a body")
    func renderingCycleInline() throws {
        let trace = try ScenarioRecording("rendering-cycle", "inline")
        #expect(trace.counts("body-eval") == ["ViewRenderingCycle": 1 + Self.frames + Self.taps])
        #expect(trace.counts("write") == ["ViewRenderingCycle": Self.frames + Self.taps])
        #expect(trace.count("skip") == 0)
    }

    @Test("rendering-cycle extracted: Counter re-renders only on taps, Hello never after the first time")
    func renderingCycleExtracted() throws {
        let trace = try ScenarioRecording("rendering-cycle", "extracted")
        let counter = "ViewRenderingCycle/ZStack/ScrollView/VStack/Counter"
        let hello = "ViewRenderingCycle/ZStack/ScrollView/VStack/Hello"
        #expect(trace.counts("body-eval") == [
            "ViewRenderingCycle": 1 + Self.frames + Self.taps, counter: 1 + Self.taps, hello: 1,
        ])
        #expect(trace.counts("skip") == [counter: Self.frames, hello: Self.frames + Self.taps])
        #expect(trace.events.filter { $0["kind"] as? String == "skip" }.allSatisfy { $0["reason"] as? String == "inputs-equal" })
    }

    @Test("rendering-cycle: extracting Counter and Hello lowers the body time, as seed 003 teaches (bodies cost what they build)")
    func renderingCycleBodyTime() throws {
        func bodyTime(_ variant: String) throws -> Int {
            try ScenarioRecording("rendering-cycle", variant).events
                .filter { $0["kind"] as? String == "body-eval" }.reduce(0) { $0 + ($1["dur"] as? Int ?? 0) }
        }
        let (inline, extracted) = (try bodyTime("inline"), try bodyTime("extracted"))
        #expect(extracted < inline, "extracted \(extracted) ns, inline \(inline) ns")
    }

    // MARK: dice-roll (seed 001)

    @Test("dice-roll: every tap writes; only a new number re-evaluates ContentView")
    func diceRoll() throws {
        let trace = try ScenarioRecording("dice-roll", "default")
        let rolls = DiceRoll.rolls
        let changes = zip([1] + rolls, rolls).filter { $0 != $1 }.count
        #expect(rolls.count == 20)
        #expect(changes < 20, "the seeded die repeats a number at least once, showing an unchanged write")
        #expect(trace.counts("write") == ["ContentView": 20])
        #expect(trace.counts("invalidate") == ["ContentView": changes])
        #expect(trace.counts("body-eval") == ["ContentView": 1 + changes])
        let unchanged = trace.events.filter { $0["kind"] as? String == "write" && $0["changed"] as? Bool == false }
        #expect(unchanged.count == 20 - changes)
        // Each tap is its own transaction, also a tap whose write changed nothing.
        let transactions = trace.events.filter { $0["kind"] as? String == "write" }.compactMap { $0["tx"] as? Int }
        #expect(Set(transactions).count == 20)
    }

    // MARK: selection (seed 002)

    @Test("selection view-state: the view owns every write; .id gives each selected file a new detail")
    func selectionViewState() throws {
        let trace = try ScenarioRecording("selection", "view-state")
        let root = "ContentView/HStack"
        // Selections, the model's observed file list, and the relaunch restoring the saved project
        // and file in .task; .onChange saving to @AppStorage invalidates nothing, as the body never
        // reads the saved keys.
        #expect(trace.counts("body-eval") == [
            "ContentView": 11, "\(root)/ProjectList": 5, "\(root)/FileList": 9,
            "\(root)/ProjectList/List/Row[tracer]": 2, "\(root)/ProjectList/List/Row[site]": 2,
            "\(root)/FileList/List/Row[tracer/readme]": 1, "\(root)/FileList/List/Row[tracer/package]": 1,
            "\(root)/FileList/List/Row[tracer/recorder]": 1,
            "\(root)/FileList/List/Row[site/index]": 2, "\(root)/FileList/List/Row[site/style]": 2,
            "\(root)/FileDetailView[tracer/readme]": 1, "\(root)/FileDetailView[tracer/package]": 1,
            "\(root)/FileDetailView[tracer/recorder]": 2, "\(root)/FileDetailView[site/style]": 2,
        ])
        #expect(trace.counts("write") == ["ContentView": 22])
        // NB: 9 evaluations by state or model, 3 more invalidations: a write to a view already dirty
        // is recorded and joins its evaluation's causes (two such evaluations: 2 and 3 causes).
        #expect(trace.counts("invalidate") == ["ContentView": 12])
        #expect(trace.events.compactMap { ($0["causes"] as? [Int])?.count } == [2, 3])
        // Each file selection mounts a detail with fresh @State (its identity is the file's id).
        #expect(trace.counts("state-init").filter { $0.key.contains("FileDetailView[") }.count == 4)
        // After the relaunch the saved selection is restored: the last file's detail is back.
        let relaunch = try #require(trace.events.firstIndex { $0["name"] as? String == "relaunch" })
        #expect(trace.events[relaunch...].contains { $0["kind"] as? String == "mount" && $0["view"] as? String == "\(root)/FileDetailView[site/style]" })
    }

    @Test("selection model-state: the model's observers re-evaluate; the sidebars receive its writes")
    func selectionModelState() throws {
        let trace = try ScenarioRecording("selection", "model-state")
        let root = "ContentView/HStack"
        #expect(trace.counts("body-eval") == [
            "ContentView": 8, "\(root)/ProjectSidebar": 4, "\(root)/FileSidebar": 8,
            "\(root)/ProjectSidebar/List/Row[tracer]": 2, "\(root)/ProjectSidebar/List/Row[site]": 2,
            "\(root)/FileSidebar/List/Row[tracer/readme]": 1, "\(root)/FileSidebar/List/Row[tracer/package]": 1,
            "\(root)/FileSidebar/List/Row[tracer/recorder]": 1,
            "\(root)/FileSidebar/List/Row[site/index]": 2, "\(root)/FileSidebar/List/Row[site/style]": 2,
            "\(root)/FileDetailView[tracer/readme]": 1, "\(root)/FileDetailView[tracer/package]": 1,
            "\(root)/FileDetailView[tracer/recorder]": 1, "\(root)/FileDetailView[site/style]": 2,
        ])
        // An @Observable change reaches each view that read the changed properties: one mutation per
        // selection (a setter's mutations in a row are one), a write per property it changed,
        // attributed to the first observer: the two project selections change the files and the
        // project (the second clears the file too), the four file selections the file.
        #expect(trace.counts("invalidate") == ["ContentView": 6, "\(root)/FileSidebar": 6, "\(root)/ProjectSidebar": 2])
        #expect(trace.counts("write") == ["ContentView": 9])
        let props = trace.events.filter { $0["kind"] as? String == "write" }.map { $0["prop"] as? String ?? "" }
        #expect(Dictionary(props.map { ($0, 1) }, uniquingKeysWith: +) == [
            "AppModel.files": 2, "AppModel.selectedProject": 2, "AppModel.selectedFile": 5,
        ])
        #expect(trace.events.filter { $0["kind"] as? String == "write" }.allSatisfy { $0["wrapper"] as? String == "Observable" })
        let relaunch = try #require(trace.events.firstIndex { $0["name"] as? String == "relaunch" })
        #expect(trace.events[relaunch...].contains { $0["kind"] as? String == "mount" && $0["view"] as? String == "\(root)/FileDetailView[site/style]" })
    }

    // MARK: lazy-stack (seed 004)

    /// Frames of scrolling, and rows mounted: the first screenful, then the rows each frame brings
    /// in, but for those the turn brings back from the cache margin above the window.
    static let scrollFrames = LazyStack.firstRows.count
    static let margin = ViewGraph().lazyStackCacheMargin
    static let rowMounts = LazyStack.visibleRows + LazyStack.rowsPerFrame * scrollFrames - margin
    /// Rows built per frame: the window and the margin on the side it left.
    static let builtRows = LazyStack.visibleRows + margin
    /// Rows a frame keeps built (skipped): all but the new ones, and all of them at the turn.
    static let keptRowSkips = LazyStack.visibleRows + (builtRows - LazyStack.rowsPerFrame) * scrollFrames + LazyStack.rowsPerFrame

    private func rowEvents(_ trace: ScenarioRecording, _ kind: String) -> Int {
        trace.counts(kind).filter { $0.key.hasPrefix("ParentView/ScrollView/LazyVStack/ChildView[") }.values.reduce(0, +)
    }

    @Test("lazy-stack scrolls 1,000 rows down and back, 5 rows per frame")
    func lazyStackInteraction() {
        #expect(Self.scrollFrames == 396)
        #expect(LazyStack.firstRows.max() == LazyStack.rowCount - LazyStack.visibleRows)
        #expect(LazyStack.firstRows.last == 0)
    }

    @Test("lazy-stack: the scroll offset the parent's body never reads re-evaluates nothing; rows mount as they come into view",
          arguments: ["state-object", "inline-view-model", "parent-cache"])
    func lazyStackRows(variant: String) throws {
        let trace = try ScenarioRecording("lazy-stack", variant)
        #expect(trace.count("body-eval", view: "ParentView") == 1)
        #expect(trace.count("write", view: "ParentView") == Self.scrollFrames)
        #expect(trace.count("mount") - 1 == Self.rowMounts)
        // At the end the window and the margin below it stay mounted; every other row scrolled
        // far away was unmounted, losing its state.
        #expect(trace.count("unmount") == Self.rowMounts - Self.builtRows)
        func inits(_ wrapper: String) -> Int {
            trace.events.filter { $0["kind"] as? String == "state-init" && $0["wrapper"] as? String == wrapper }.count
        }
        switch variant {
        case "state-object":
            // Every row brought into view creates its model again: the seed's lost state.
            #expect(inits("StateObject") == Self.rowMounts)
            #expect(inits("ObservedObject") == 0)
            #expect(rowEvents(trace, "body-eval") == Self.rowMounts)
            #expect(rowEvents(trace, "skip") == Self.keptRowSkips)
        case "inline-view-model":
            // New models every time the rows are built (each viewport change): no row is ever
            // skipped, each is re-evaluated and observes a model never seen before (a state-init each time).
            #expect(inits("StateObject") == 0)
            #expect(rowEvents(trace, "skip") == 0)
            #expect(rowEvents(trace, "body-eval") == 2 * LazyStack.visibleRows + Self.builtRows * Self.scrollFrames)
            #expect(rowEvents(trace, "state-init") == rowEvents(trace, "body-eval"))
        default:
            // One parent model; the rows' models come from its cache, so rows are skipped as with
            // @StateObject, and each row's model is made once, kept while scrolling down and back.
            #expect(inits("StateObject") == 1)
            #expect(inits("ObservedObject") == LazyStack.rowCount)
            #expect(rowEvents(trace, "body-eval") == Self.rowMounts)
            #expect(rowEvents(trace, "skip") == Self.keptRowSkips)
        }
    }
}
