import Observation
import Synchronization
import TracerCore

/// Records what the SwiftUI adapter sees into one recorder: property writes, timed bodies, model
/// changes and marks. Writes and evaluations carry an update number (`tx`), by the `_printChanges`
/// importer's heuristic (`UpdateCounter`); marks carry none.
///
/// NB: the names behind each event (a view's type, a property's label, a site) are interned once
/// per declaration or view type; an event then costs a table look-up (none for a body the thread
/// looked up before, or a write of the thread's last declaration, see `BodyStack`) and the
/// recorder's append.
@usableFromInline package final class AdapterSession: Sendable {
    /// Where the events go.
    package let recorder: TraceRecorder
    /// Whether an `@Observable` write names the properties that changed (`Model.property`, see
    /// `observedChange(of:heldBy:)`) rather than the model types the view holds.
    package let namesObservedProperties: Bool
    // NB: Synchronization's Mutex, whose withLock specialises here (LockedBox's does not).
    let names: Mutex<NameTable>
    /// The Observation registrations made and neither called nor dropped.
    let registrations = Atomic<Int>(0)
    /// Tells the threads' cached look-ups apart from another session's.
    let id = AdapterSession.sessions.add(1, ordering: .relaxed).newValue
    private static let sessions = Atomic<UInt64>(0)
    /// Moves on whenever a body was named for the first time (which may rename declarations), so
    /// that a thread's cached declaration symbols are looked up again.
    private let namings = Atomic<UInt64>(0)
    /// The update numbers (`tx`) of the session's events.
    let updates: UpdateCounter

    /// A session recording into `recorder`; `namesObservedProperties`: see the property.
    package init(recorder: TraceRecorder, namesObservedProperties: Bool = false) {
        self.recorder = recorder
        self.namesObservedProperties = namesObservedProperties
        names = Mutex(NameTable())
        updates = UpdateCounter(recorder: recorder)
    }

    /// The Observation registrations of traced bodies waiting for a change: at most one per
    /// traced body name, however often the bodies run (one per thread for a body run on several
    /// threads at once, see `TracedBody.claim()`). A registration Observation dropped uncalled
    /// (its models went away unmutated) is not pending.
    package var pendingObservations: Int { registrations.load(ordering: .relaxed) }

    /// How many traced body names the session keeps: at most `maximumBodyNames`.
    package var bodyNames: Int { names.withLock { $0.bodyNames } }

    /// The most traced body names a session keeps; a body of a new name past it runs untraced and
    /// is counted in the trace's `dropped` events.
    package static var maximumBodyNames: Int { NameTable.maximumBodyNames }

    /// Records a write from `old` to `new` of the property `declaration` describes; `changed` is
    /// written when `Value` is `Equatable` (or a class: by identity). A `@TracedState` write of a
    /// view whose traced body has run is the `cause` of that view type's next evaluation.
    ///
    /// When the recorder records values, the write carries `old` and `new` as
    /// `declaration.values` allows (`ValueDescriber`), else `"values":"redacted"`; otherwise
    /// nothing is described.
    package func recordWrite<Value>(_ declaration: TracedDeclaration, from old: Value, to new: Value) {
        guard recorder.isRecording else { return }
        record(declaration, from: old, to: new, stack: BodyStack.current)
    }

    /// Records a write of `new`, its old value read by `old()` outside a traced body; inside one
    /// (a view update, where a read is a dependency of the view) `old` is not called and the
    /// write's `changed` and values are unknown (`"values":"unavailable"` when values are recorded).
    package func recordWrite<Value>(_ declaration: TracedDeclaration, to new: Value, old: () -> Value) {
        guard recorder.isRecording else { return }
        let stack = BodyStack.current
        guard stack.frames.isEmpty else {
            let values: WriteValues? = recorder.recordsValues ? .unavailable : nil
            return record(declaration, symbols(for: declaration, of: Value.self, stack: stack), changed: nil, values: values)
        }
        record(declaration, from: old(), to: new, stack: stack)
    }

    /// Records `declaration`'s write from `old` to `new`, with `changed` and the values described.
    private func record<Value>(_ declaration: TracedDeclaration, from old: Value, to new: Value, stack: BodyStack) {
        let symbols = symbols(for: declaration, of: Value.self, stack: stack)
        // NB: described after the name table's lock and before the recorder's: outside both. A
        // write made inside a traced body is described inside that body's Observation tracking,
        // which the describer adds nothing to (a class instance is named, never looked into) unless
        // a `TraceValueDescribing` text reads an `@Observable` property.
        let values = recorder.recordsValues ? ValueDescriber.values(old: old, new: new, recording: declaration.values) : nil
        record(declaration, symbols, changed: symbols.change.changed(from: old, to: new), values: values)
    }

    /// Records `declaration`'s write event with `changed` and, when described, its `values`.
    private func record(_ declaration: TracedDeclaration, _ symbols: NameTable.DeclarationSymbols, changed: Bool?, values: WriteValues?) {
        let event = TraceEvent.write(
            view: symbols.view, prop: symbols.prop, wrapper: declaration.wrapper.kind, changed: changed, site: symbols.site,
            tx: updates.forWrite())
        let seq = values.map { recorder.record(event, values: $0) } ?? recorder.record(event)
        symbols.pending?.offer(seq, tx: event.tx)
    }

    /// The symbols of `declaration`'s writes: the thread's last ones when they are the same
    /// declaration's and nothing was renamed since, else the table's.
    private func symbols<Value>(for declaration: TracedDeclaration, of _: Value.Type, stack cache: BodyStack) -> NameTable.DeclarationSymbols {
        let key = declaration.key
        let naming = namings.load(ordering: .acquiring)
        if let last = cache.lastDeclaration, last.session == id, last.key == key, last.naming == naming { return last.symbols }
        let symbols = names.withLock { $0.symbols(for: declaration, of: Value.self, in: recorder) }
        cache.lastDeclaration = BodyStack.LastDeclaration(session: id, key: key, naming: naming, symbols: symbols)
        return symbols
    }

    /// The traced body `view` runs as under `parent` or `scope`: the thread's when it looked it up
    /// before, else the table's; nil when the table is full (`NameTable.maximumBodyNames`).
    private func body<View>(of view: View, label: String?, parent: Symbol?, scope: TracePath, stack: BodyStack) -> TracedBody? {
        // NB: two ways: a key sits in its first slot or, when that one is taken, in its second, so
        // that two keys of one slot do not evict each other on every look-up (16 labels among 128
        // slots share a slot more often than not).
        let (slot, second) = NameTable.ViewKey.slots(of: View.self, label: label, parent: parent, scope: scope, among: BodyStack.bodySlots)
        if let cached = cachedBody(in: slot, View.self, label: label, parent: parent, scope: scope, stack: stack)
            ?? cachedBody(in: second, View.self, label: label, parent: parent, scope: scope, stack: stack) {
            return cached
        }
        let key = NameTable.ViewKey(view: View.self, label: label, parent: parent, scope: scope)
        guard let (body, named) = names.withLock({ $0.body(of: view, key: key, scope: scope, in: recorder) }) else { return nil }
        if named { namings.add(1, ordering: .releasing) }
        let way = stack.bodies[slot] != nil && stack.bodies[second] == nil ? second : slot
        stack.bodies[way] = BodyStack.CachedBody(session: id, key: key, body: body)
        return body
    }

    /// The body the thread keeps in `slot` when it is this session's of that key.
    private func cachedBody(in slot: Int, _ view: Any.Type, label: String?, parent: Symbol?, scope: TracePath, stack: BodyStack) -> TracedBody? {
        guard let cached = stack.bodies[slot], cached.session == id, cached.key.matches(view, label: label, parent: parent, scope: scope) else {
            return nil
        }
        return cached.body
    }

    /// Records a change an observable model announced: a write of `property` in the model's type.
    ///
    /// NB: with values recorded, the write says `"values":"unavailable"` (the recorder's default
    /// for a write recorded without values): the announcement carries no value.
    package func recordModelChange(of model: AnyObject, property: String, wrapper: TracedWrapper) {
        guard recorder.isRecording else { return }
        let view = names.withLock { $0.typeSymbol(type(of: model), in: recorder) }
        recorder.record(
            .write(view: view, prop: recorder.intern(property), wrapper: wrapper.kind, changed: nil, site: .none, tx: updates.forWrite()))
    }

    /// Runs `content` as the body of `view`, recording a `body-eval` whose `dur` is the time spent
    /// in it, less the time of traced bodies nested in it (they are recorded under its name).
    ///
    /// The view is named `label` or its type name, under the enclosing traced body when there is
    /// one, else under `scope`. The first body of each view type also names the traced
    /// properties the view declares. Past `maximumBodyNames` names, a body of a new name runs
    /// untraced and counts as one dropped event.
    ///
    /// The `@Observable` properties `content` reads are tracked unless a registration of this
    /// body is pending: the first mutation of one is a `write` of the view (see
    /// `observedChange(of:)`). The evaluation's `cause` is the first write still waiting for it:
    /// an `@Observable` write its registration recorded (`reason` `observed`) or a `@TracedState`
    /// write of the view's type (`state`); none when it follows neither (its parent's evaluation,
    /// which the adapter cannot see). The tracking nests: an enclosing tracking (SwiftUI's own, of
    /// the same `body`) still sees every read.
    @usableFromInline package func recordBody<View, Content>(of view: View, label: String?, scope: TracePath, _ content: () -> Content) -> Content {
        guard recorder.isRecording else { return content() }
        let stack = BodyStack.current
        let parent = stack.frames.last?.view
        guard let body = body(of: view, label: label, parent: parent, scope: scope, stack: stack) else {
            recorder.countDropped()
            return content()
        }
        if namesObservedProperties { recordObservedProperties(of: body) }
        stack.frames.append(BodyStack.Frame(view: body.view))
        let cause = body.takeCause()
        // NB: timed in the recorder's ticks (cheaper than the monotonic clock), converted when written.
        let start = recorder.ticks()
        let tx = updates.forBody(body, at: start)
        defer {
            let end = recorder.ticks()
            updates.bodyEnded(at: end)
            let elapsed = end &- start
            let frame = stack.frames.removeLast()
            if !stack.frames.isEmpty { stack.frames[stack.frames.count - 1].nested &+= elapsed }
            var event = TraceEvent(kind: .bodyEval)
            event.view = body.view
            event.dur = elapsed &- min(frame.nested, elapsed)
            event.hasDuration = true
            event.durationInTicks = true
            // NB: an evaluation caused by a write joins the write's update (tracer/1: its cause is
            // in its own transaction), whatever the heuristic opened since.
            event.tx = cause.map { PendingCause.update($0.tx, before: tx) } ?? tx
            if let cause { (event.cause, event.reason) = (cause.seq, cause.reason) }
            recorder.record(event)
        }
        guard body.claim() else { return content() }
        defer { body.endClaim() }
        // NB: the onChange closure is made only when `content` read an `@Observable` property.
        return withObservationTracking(
            content, onChange: observedChange(of: body, models: namesObservedProperties ? WeakObservableModels(heldBy: view) : nil))
    }

    /// What an `@Observable` change `body` observed does: it records a `write` of the view, `prop`
    /// the model types the view holds, wrapper `Observable`, `changed` true. Made when the body's
    /// reads are registered, which it counts (see `ObservedRegistration`).
    ///
    /// NB: `changed` is what Observation tells: since Swift 6.2 an `@Observable` property whose
    /// type is `Equatable` (or a class) does not notify an equal (identical) value; one of
    /// another type, or a model compiled by an older compiler, notifies every set.
    ///
    /// NB: with values recorded, the write says `"values":"unavailable"` (the recorder's default
    /// for a write recorded without values): `onChange` names neither the property nor the value.
    ///
    /// NB: Observation calls it once, on the mutating thread, before the value changes: a burst
    /// of mutations before the body runs again is one write. Runs of the body while it is pending
    /// register nothing, so that a body re-evaluated by other state piles up no registrations.
    ///
    /// With `namesObservedProperties`, `models` are the ones the view held when its reads were
    /// registered (found then: a reflection of the view per registration, that is per change told):
    /// they are taken when the change is told (see `ObservableSnapshot`) and the writes are recorded
    /// at the body's next evaluation, one per property that changed (see
    /// `recordObservedProperties(of:)`); as above when it holds none.
    private func observedChange(of body: TracedBody, models: WeakObservableModels?) -> @Sendable () -> Void {
        let registration = ObservedRegistration(body: body, session: self)
        return { [recorder] in
            guard registration.end() else { return }
            if let models, !models.isEmpty {
                var snapshot = ObservableSnapshot()
                snapshot.add(models)
                if !snapshot.isEmpty { return body.observedSnapshot.offer(snapshot) }
            }
            let tx = self.updates.forWrite()
            let seq = recorder.record(.write(view: body.view, prop: body.models, wrapper: .observable, changed: true, site: .none, tx: tx))
            body.observedWrite.offer(seq, tx: tx)
        }
    }

    /// Records the `@Observable` writes a snapshot `body`'s registration took names: one per
    /// property that changed since (`Model.property`, `changed` true), the model type for a model
    /// whose properties could not be compared (`changed` nil), or, when nothing differs, the one
    /// write recorded without the switch. The first is the evaluation's cause.
    ///
    /// NB: the others are not listed in `causes`: Observation does not say which of them the body
    /// read, and a property it did not read is no cause of it.
    private func recordObservedProperties(of body: TracedBody) {
        guard let snapshot = body.observedSnapshot.take() else { return }
        let tx = updates.forWrite()
        var writes = snapshot.changes().map { change in
            recorder.record(.write(
                view: body.view, prop: recorder.intern(change.prop), wrapper: .observable, changed: change.changed, site: .none, tx: tx))
        }
        if writes.isEmpty {
            writes = [recorder.record(.write(view: body.view, prop: body.models, wrapper: .observable, changed: true, site: .none, tx: tx))]
        }
        body.observedWrite.offer(writes[0], tx: tx)
    }

    /// Records a `mark` named `name`: a point in the interaction (`scroll-start`, `scroll-end`).
    package func mark(_ name: String) { recorder.mark(name) }
}
