import Observation
import Synchronization
import TracerCore

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
    ///
    /// The `@Observable` properties `content` reads are tracked: the first mutation of one after
    /// this run is a `write` of the view (see `observedChange(of:)`). The tracking nests: an
    /// enclosing tracking (SwiftUI's own, of the same `body`) still sees every read.
    public func recordBody<View, Content>(of view: View, label: String?, scope: TracePath, _ content: () -> Content) -> Content {
        guard recorder.isRecording else { return content() }
        let stack = BodyStack.current
        let parent = stack.frames.last?.view
        let body = names.withLock { $0.body(of: view, label: label, parent: parent, scope: scope, in: recorder) }
        body.ran()
        stack.frames.append(BodyStack.Frame(view: body.view))
        let start = recorder.now()
        defer {
            let elapsed = recorder.now() &- start
            let frame = stack.frames.removeLast()
            if !stack.frames.isEmpty { stack.frames[stack.frames.count - 1].nested &+= elapsed }
            var event = TraceEvent(kind: .bodyEval)
            event.view = body.view
            event.dur = elapsed &- min(frame.nested, elapsed)
            event.hasDuration = true
            recorder.record(event)
        }
        // NB: the onChange closure is made only when `content` read an `@Observable` property.
        return withObservationTracking(content, onChange: observedChange(of: body))
    }

    /// What an `@Observable` change `body` observed does: it records a `write` of the view, `prop`
    /// the model types the view holds, wrapper `Observable`, `changed` true, unless one was
    /// recorded since the body last ran.
    ///
    /// NB: `changed` is what Observation tells: since Swift 6.2 an `@Observable` property whose
    /// type is `Equatable` (or a class) does not notify an equal (identical) value; one of
    /// another type, or a model compiled by an older compiler, notifies every set.
    ///
    /// NB: Observation calls it once per registration, on the mutating thread, before the value
    /// changes. A burst of mutations before the next body is one write; so is one mutation seen
    /// by several runs of the body that it did not separate (their registrations cannot be
    /// cancelled, and all fire).
    private func observedChange(of body: TracedBody) -> @Sendable () -> Void {
        { [recorder] in
            guard body.takeChange() else { return }
            recorder.record(.write(view: body.view, prop: body.models, wrapper: .observable, changed: true, site: .none, tx: 0))
        }
    }

    /// Records a `mark` named `name`: a point in the interaction (`scroll-start`, `scroll-end`).
    public func mark(_ name: String) { recorder.mark(name) }
}
