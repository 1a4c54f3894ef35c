import Synchronization
import Tracer

/// Records what the SwiftUI adapter sees into one recorder: property writes, timed bodies, model
/// changes and marks.
///
/// NB: the names behind each event (a view's type, a property's label, a site) are interned once
/// per declaration or view type; an event then costs a table look-up and the recorder's append.
public final class AdapterSession: Sendable {
    /// Where the events go.
    public let recorder: TraceRecorder
    // NB: Synchronization's Mutex, whose withLock specialises here (LockedBox's does not).
    let names: Mutex<NameTable>

    /// A session recording into `recorder`.
    public init(recorder: TraceRecorder) {
        self.recorder = recorder
        names = Mutex(NameTable())
    }

    /// Records a write from `old` to `new` of the property `declaration` describes; `changed` is
    /// written when `Value` is `Equatable` (or a class: by identity).
    public func recordWrite<Value>(_ declaration: TracedDeclaration, from old: Value, to new: Value) {
        guard recorder.isRecording else { return }
        let symbols = names.withLock { $0.symbols(for: declaration, of: Value.self, in: recorder) }
        recorder.record(.write(
            view: symbols.view, prop: symbols.prop, wrapper: declaration.wrapper.kind,
            changed: symbols.change.changed(from: old, to: new), site: symbols.site, tx: 0))
    }

    /// Records a change an observable model announced: a write of `property` in the model's type.
    public func recordModelChange(of model: AnyObject, property: String, wrapper: TracedWrapper) {
        guard recorder.isRecording else { return }
        let view = names.withLock { $0.typeSymbol(type(of: model), in: recorder) }
        recorder.record(.write(view: view, prop: recorder.intern(property), wrapper: wrapper.kind, changed: nil, site: .none, tx: 0))
    }

    /// Runs `content` as the body of `view`, recording a `body-eval` whose `dur` is the time spent
    /// in it, less the time of traced bodies nested in it (they are recorded under its name).
    ///
    /// The view is named `label` or its type name, under the enclosing traced body when there is
    /// one, else under `scope`. The first body of each view type also names the traced
    /// properties the view declares.
    public func recordBody<View, Content>(of view: View, label: String?, scope: TracePath, _ content: () throws -> Content) rethrows -> Content {
        guard recorder.isRecording else { return try content() }
        let stack = BodyStack.current
        let parent = stack.frames.last?.view
        let symbol = names.withLock { $0.viewSymbol(of: view, label: label, parent: parent, scope: scope, in: recorder) }
        stack.frames.append(BodyStack.Frame(view: symbol))
        let start = recorder.now()
        defer {
            let elapsed = recorder.now() &- start
            let frame = stack.frames.removeLast()
            if !stack.frames.isEmpty { stack.frames[stack.frames.count - 1].nested &+= elapsed }
            var event = TraceEvent(kind: .bodyEval)
            event.view = symbol
            event.dur = elapsed &- min(frame.nested, elapsed)
            event.hasDuration = true
            recorder.record(event)
        }
        return try content()
    }

    /// Records a `mark` named `name`: a point in the interaction (`scroll-start`, `scroll-end`).
    public func mark(_ name: String) { recorder.mark(name) }
}
