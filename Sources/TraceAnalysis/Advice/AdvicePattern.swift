import TracerCore

/// A redraw pattern `tracectl advise` recognises in a trace, with the change it suggests.
public enum AdvicePattern: String, Sendable, CaseIterable, Comparable {
    /// A property written many times whose updates mostly change nothing downstream (seed 000).
    case highFrequencyWrite = "high-frequency-write"
    /// A child re-evaluated with unchanged output because its parent passed new inputs (seed 003).
    case wastedChildEvaluations = "wasted-child-evaluations"
    /// An `@ObservedObject` made anew on every evaluation of the parent (seed 004).
    case inlineViewModel = "inline-view-model"
    /// A view's own state created again when a lazy container mounts it again (seed 004).
    case stateLostInLazyContainer = "state-lost-in-lazy-container"
    /// Views invalidated by an `ObservableObject` change that then evaluate with unchanged output.
    case broadObservation = "broad-observation"
    /// A body rebuilding, on another property's writes, leaf content whose data did not change (seed 003).
    case extractSubviews = "extract-subviews"

    /// The finding's heading.
    public var title: String {
        switch self {
        case .highFrequencyWrite: "High-frequency write → @ViewStorage"
        case .wastedChildEvaluations: "Wasted child evaluations → narrower input / Equatable child"
        case .inlineViewModel: "Inline view model → @StateObject or a parent-owned cache"
        case .stateLostInLazyContainer: "State lost in a lazy container → parent-owned model keyed by id"
        case .broadObservation: "Broad observation → @Observable or a split object"
        case .extractSubviews: "Content rebuilt with its parent → extract subviews"
        }
    }

    /// The change suggested, in one sentence.
    public var suggestion: String {
        switch self {
        case .highFrequencyWrite:
            "Keep the raw value in @ViewStorage (or a non-published model property) and derive the @State the body actually shows."
        case .wastedChildEvaluations:
            "Pass the child only the values it uses, or make it Equatable and use it with .equatable(), so that an equal input skips its body."
        case .inlineViewModel:
            "Create the object once: @StateObject in the child, or a find-or-create cache in the parent's model."
        case .stateLostInLazyContainer:
            "Move the state into a parent-owned model keyed by the row's id, so a row scrolled back finds it again."
        case .broadObservation:
            "Track per property with @Observable, or split the object so each view observes only what it shows."
        case .extractSubviews:
            "Move the content that does not use the written property into views of their own that take only what they show, so the parent's updates skip them."
        }
    }

    /// A short code sketch of the change.
    public var sketch: String {
        switch self {
        case .highFrequencyWrite:
            """
            @ViewStorage private var value = …          // written at full rate, never redraws
            @State private var derived = …              // what the body shows
            … .onReceive($value.publisher) { derived = f($0) }
            """
        case .wastedChildEvaluations:
            """
            struct Child: View, Equatable {             // or: Child(title: model.title)
                let title: String
                var body: some View { … }
            }
            … Child(title: title).equatable()           // compared by its ==
            """
        case .inlineViewModel:
            """
            @StateObject private var model: Model         // in the child
            init(id: ID) { _model = StateObject(wrappedValue: Model(id: id)) }
            // or, in the parent's model: func model(for id: ID) -> Model { cache[id, default: …] }
            """
        case .stateLostInLazyContainer:
            """
            final class ParentModel: ObservableObject {
                private var rows: [ID: RowModel] = [:]
                func row(_ id: ID) -> RowModel { … find or create … }
            }
            ForEach(items) { Row(model: parent.row($0.id)) }
            """
        case .broadObservation:
            """
            @Observable final class Model { var a = …; var b = … }   // views redraw for what they read
            """
        case .extractSubviews:
            """
            struct Counter: View {                      // was inline in the parent's body
                let counter: Int
                var body: some View { Text("\\(counter)").background(Color.random) }
            }
            … Counter(counter: counter)                 // skipped while counter is unchanged
            """
        }
    }

    /// How the estimated savings are computed.
    public var method: String {
        switch self {
        case .highFrequencyWrite:
            "the evaluations its writes caused, minus those in updates where the owner's output changed more than in its least-changing update (what a derived value would still redraw)"
        case .wastedChildEvaluations:
            "the child's evaluations with unchanged output (changed: 0) that the parent's inputs caused"
        case .inlineViewModel:
            "re-creations: the object's state-inits at a view path that had one before; evaluations: the view's evaluation right after each object made for it while it was mounted (its parent's body, or a lazy row's content, running again)"
        case .stateLostInLazyContainer:
            "re-creations: the state-inits at a view path after that path was unmounted"
        case .broadObservation:
            "the observing views' evaluations with unchanged output (changed: 0) after the object's change"
        case .extractSubviews:
            "per evaluation the property's writes caused, the view values in leaf content (a primitive without children, with its decorations) rebuilt with unchanged data although its output changed, less one per leaf (`extractable`), each charged an equal share of the body's time (dur × extractable ÷ built)"
        }
    }

    /// What a trace's source must produce for the pattern to be evaluated.
    public var requirements: [TraceCapability] {
        switch self {
        case .highFrequencyWrite: [.write, .bodyEval, .cause, .outputChanges]
        case .wastedChildEvaluations: [.bodyEval, .cause, .outputChanges]
        case .inlineViewModel: [.stateInit, .bodyEval, .cause, .viewPath]
        case .stateLostInLazyContainer: [.stateInit, .mount, .unmount, .viewPath]
        case .broadObservation: [.write, .bodyEval, .cause, .outputChanges]
        case .extractSubviews: [.write, .bodyEval, .cause, .bodyContent]
        }
    }

    /// Ordered as declared.
    public static func < (lhs: AdvicePattern, rhs: AdvicePattern) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
