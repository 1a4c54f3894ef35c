import Foundation
import Tracer

/// Seed 004: rows of a lazy stack that own a `@StateObject` lose it when scrolled out; a view
/// model made inline in the parent's body is re-created on every parent evaluation; a
/// find-or-create cache in the parent's view model keeps the rows' models across scrolling.
enum LazyStack {
    static let scenario = Scenario(
        name: "lazy-stack", seed: "seed 004",
        summary: "View models of rows in a 1,000-row LazyVStack: who owns them decides what survives scrolling.",
        variants: [
            ScenarioVariant(
                "state-object", "Each row owns a @StateObject: a row scrolled out and back gets a new one (state-init again)."),
            ScenarioVariant(
                "inline-view-model", "The parent makes each row's model in its row content: every scroll frame re-creates them all."),
            ScenarioVariant(
                "parent-cache", "The parent's view model finds or creates each row's model: made once, kept while scrolling."),
        ],
        script: play)

    /// Rows in the stack.
    static let rowCount = 1_000
    /// Rows on screen at once.
    static let visibleRows = 10
    /// Rows scrolled per frame.
    static let rowsPerFrame = 5
    /// A row's height in points.
    static let rowHeight = 44.0

    /// The first visible row of each frame: down to the last screenful and back up to the top.
    static let firstRows: [Int] = {
        let down = Array(stride(from: rowsPerFrame, through: rowCount - visibleRows, by: rowsPerFrame))
        let up = Array(stride(from: rowCount - visibleRows - rowsPerFrame, through: 0, by: -rowsPerFrame))
        return down + up
    }()

    private static func play(_ variant: String, _ session: ScenarioSession) throws(ViewGraphError) {
        session.mark("launch")
        switch variant {
        case "state-object": session.graph.mount(StateObjectVariant.ParentView())
        case "inline-view-model": session.graph.mount(InlineViewModelVariant.ParentView())
        default: session.graph.mount(ParentCacheVariant.ParentView())
        }
        try session.graph.setViewport(0..<visibleRows)
        for (frame, first) in firstRows.enumerated() {
            if frame == 0 { session.mark("scroll-down") }
            if frame == firstRows.count / 2 { session.mark("scroll-up") }
            session.nextFrame()
            // NB: one frame is the scroll view reporting its offset, then the stack showing the rows.
            try session.graph.scroll(to: CGPoint(x: 0, y: Double(first) * rowHeight))
            try session.graph.setViewport(first..<(first + visibleRows))
        }
    }

    /// A row's view model: the seed's `MyChildViewModel`, with a title to display.
    final class ChildViewModel: ObservableObject {
        @Published var title: String

        init(title: String) { self.title = title }
    }

    /// The row: shows its model's title.
    struct ChildView: View {
        @ObservedObject var viewModel: ChildViewModel

        var body: some View { Text(viewModel.title) }
    }

    enum StateObjectVariant {
        /// The row owns its model through `@StateObject`, created once per identity.
        struct ChildView: View {
            @StateObject var viewModel: ChildViewModel

            init(title: String) {
                _viewModel = StateObject(wrappedValue: ChildViewModel(title: title))
            }

            var body: some View { Text(viewModel.title) }
        }

        struct ParentView: View {
            @State private var contentOffset: CGPoint = .zero

            var body: some View {
                ScrollView(contentOffset: $contentOffset) {
                    LazyVStack {
                        ForEach(0..<LazyStack.rowCount) { row in ChildView(title: "Row \(row)") }
                    }
                }
            }
        }
    }

    enum InlineViewModelVariant {
        /// The seed's first example: the parent creates the child's model in its body.
        struct ParentView: View {
            @State private var contentOffset: CGPoint = .zero

            var body: some View {
                ScrollView(contentOffset: $contentOffset) {
                    LazyVStack {
                        ForEach(0..<LazyStack.rowCount) { row in
                            let viewModel = ChildViewModel(title: "Row \(row)")
                            ChildView(viewModel: viewModel)
                        }
                    }
                }
            }
        }
    }

    enum ParentCacheVariant {
        /// The seed's fix: the parent's view model caches each row's model by identifier.
        final class ParentViewModel: ObservableObject {
            var childViewModelCache: [Int: ChildViewModel] = [:]

            func childViewModel(for identifier: Int) -> ChildViewModel {
                if let existingViewModel = childViewModelCache[identifier] { return existingViewModel }
                let newViewModel = ChildViewModel(title: "Row \(identifier)")
                childViewModelCache[identifier] = newViewModel
                return newViewModel
            }
        }

        struct ParentView: View {
            @StateObject var viewModel = ParentViewModel()
            @State private var contentOffset: CGPoint = .zero

            var body: some View {
                ScrollView(contentOffset: $contentOffset) {
                    LazyVStack {
                        ForEach(0..<LazyStack.rowCount) { row in ChildView(viewModel: viewModel.childViewModel(for: row)) }
                    }
                }
            }
        }
    }
}
