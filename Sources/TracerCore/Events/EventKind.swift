/// The kind of a `tracer/1` event, as written in its `kind` field.
public enum EventKind: UInt8, Sendable, CaseIterable {
    /// A state write: `prop`, `wrapper`, `changed`, `site`.
    case write
    /// A view marked dirty by a write it depends on.
    case invalidate
    /// A body evaluation: `reason`, `dur`, `changed` (differing children; 0 = wasted).
    case bodyEval
    /// A child whose inputs were equal and that was not dirty: its body did not run.
    case skip
    /// A named point in a scripted interaction.
    case mark
    /// The header line of a trace.
    case meta
    /// A view identity gained a node in the graph.
    case mount
    /// A view identity lost its node (and its state).
    case unmount
    /// A state wrapper's storage was created (a `@StateObject` autoclosure ran, a `@State` got storage).
    case stateInit
    /// A runtime warning: `message`, with the `view`, `prop` and `site` concerned — state modified
    /// during a view update, or a frame abandoned at the round limit because its handlers kept
    /// writing ("onChange(of: Int) action tried to update multiple times per frame.").
    case warning
    /// Events lost by a bounded buffer: `count`.
    case dropped
    /// A client of `tracectl record --listen` connected: the line that replaces its own `meta`
    /// header, with that header's fields (`schema`, `tool`, `scenario`, `variant`, `pid`) and
    /// `conn`, the number the capture tags that client's lines with.
    case connection
    /// A frame shown late (Instruments' Hitches instrument): `ts` is when it began, `dur` how late
    /// it was (not an interval), `name` the narrative, `system` when the system's work caused it.
    case hitch
    /// A batch of SwiftUI work (Instruments' Update Groups): `ts` its start, `dur` its length,
    /// `group` its number, which the events inside it carry.
    case updateGroup

    /// The spelling in the `kind` field.
    public var name: String {
        switch self {
        case .write: "write"
        case .invalidate: "invalidate"
        case .bodyEval: "body-eval"
        case .skip: "skip"
        case .mark: "mark"
        case .meta: "meta"
        case .mount: "mount"
        case .unmount: "unmount"
        case .stateInit: "state-init"
        case .warning: "warning"
        case .dropped: "dropped"
        case .connection: "connection"
        case .hitch: "hitch"
        case .updateGroup: "update-group"
        }
    }

    /// Whether the event's `text` slot is its `name` (marks, hitches) or `message` (warnings);
    /// other kinds keep their `group` there (see `TraceEvent.group`).
    public var hasText: Bool {
        switch self {
        case .mark, .warning, .hitch: true
        default: false
        }
    }

    /// The kind spelled `name`, or nil for a kind this version does not know.
    public init?(name: String) {
        guard let kind = EventKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }
}

/// Why a body ran or was skipped, as written in the `reason` field.
public enum EvalReason: UInt8, Sendable, CaseIterable {
    /// No reason field.
    case none
    /// The first evaluation of a newly mounted identity.
    case initial
    /// A `@State` or `@AppStorage` the view declares changed.
    case state
    /// A `@Published` property of an object the view observes (`@StateObject`, `@ObservedObject`)
    /// or an `@Observable` property its body read changed.
    case observed
    /// The parent produced a child value that differs from the previous one.
    case inputsChanged
    /// The identity changed (`.id(_:)`, `ForEach` id): a new node.
    case identity
    /// Skipped: the child value equals the previous one and the node is clean.
    case inputsEqual
    /// An environment value the view declares (`@Environment`, `@EnvironmentObject`) changed.
    case environment
    /// Something outside the view graph changed (Instruments' `External: Time`, a gesture, …).
    case external

    /// The spelling in the `reason` field (empty for `.none`).
    public var name: String {
        switch self {
        case .none: ""
        case .initial: "initial"
        case .state: "state"
        case .observed: "observed"
        case .inputsChanged: "inputs-changed"
        case .identity: "identity"
        case .inputsEqual: "inputs-equal"
        case .environment: "environment"
        case .external: "external"
        }
    }
}

/// The property wrapper behind a write or a `state-init`, as written in the `wrapper` field.
public enum WrapperKind: UInt8, Sendable, CaseIterable {
    /// No wrapper (not written).
    case none
    /// `@State`.
    case state
    /// `@ViewStorage` (writes never redraw).
    case viewStorage
    /// `@Published` of an `ObservableObject`.
    case published
    /// An `@Observable` model.
    case observable
    /// `@StateObject`.
    case stateObject
    /// `@ObservedObject`.
    case observedObject
    /// `@AppStorage`.
    case appStorage
    /// `@Environment` (a value set with `.environment`).
    case environment
    /// `@EnvironmentObject`.
    case environmentObject
    /// An input from outside the view graph (Instruments' `External: Time` and the like).
    case external
    /// A `Binding` (Instruments' `@Binding` source nodes).
    case binding
    /// `@FocusState` (Instruments' source nodes).
    case focusState
    /// `@SceneStorage` (Instruments' source nodes).
    case sceneStorage

    /// The spelling in the `wrapper` field (empty for `.none`).
    public var name: String {
        switch self {
        case .none: ""
        case .state: "State"
        case .viewStorage: "ViewStorage"
        case .published: "Published"
        case .observable: "Observable"
        case .stateObject: "StateObject"
        case .observedObject: "ObservedObject"
        case .appStorage: "AppStorage"
        case .environment: "Environment"
        case .environmentObject: "EnvironmentObject"
        case .external: "External"
        case .binding: "Binding"
        case .focusState: "FocusState"
        case .sceneStorage: "SceneStorage"
        }
    }
}
