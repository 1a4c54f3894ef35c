#if canImport(SwiftUI) && canImport(Combine)
import Combine
import SwiftUI
import Synchronization
import TracerCore
import TracerSwiftUICore

/// Storage tied to the view's lifetime, like `@State`, whose writes never redraw the view (the
/// shape of SwiftUIX's `ViewStorage`); every write is recorded with `wrapper` `ViewStorage`.
///
/// `$x.binding` writes the storage; `$x.publisher` delivers each new value (for `onReceive`).
/// Main-actor isolated, like `@StateObject`, whose init is `nonisolated` as this one is: a view
/// holding it is built from any isolation.
///
/// Values (`TRACER_VALUES=1`): as `TracedState`'s — the storage holds the old value, so a write
/// carries `old` and `new` for an allowed type, else `"values":"redacted"`, unless
/// `values: .recorded` opts the property in.
@MainActor @propertyWrapper
public struct TracedViewStorage<Value>: DynamicProperty, TracedProperty {
    /// The value and its publisher, kept by SwiftUI for the view's lifetime.
    ///
    /// Confined to the main actor, where SwiftUI runs bodies and their actions: the value is read
    /// and written there only.
    ///
    /// NB: the `State` holds the box's reference, which never changes: writing the value inside
    /// it is invisible to SwiftUI's invalidation.
    @MainActor
    public final class Box {
        fileprivate let cell: Cell<Value>
        /// The binding made last.
        ///
        /// NB: read and written on the main actor only, never while another access to it is under
        /// way, so exclusivity is not checked at run time (as `Cell`'s fields).
        @exclusivity(unchecked) private var madeBinding: Binding<Value>?
        /// The cell's write count when `madeBinding` was made.
        ///
        /// NB: apart from the binding, not in a tuple with it: unspecialised code would look up the
        /// tuple's metadata on every access.
        @exclusivity(unchecked) private var madeBindingWrites: UInt64 = 0

        nonisolated fileprivate init(_ value: Value, declaration: TracedDeclaration) {
            cell = Cell(value, declaration: declaration)
        }

        /// A binding that writes the storage (and so never redraws); read and written on the main
        /// actor. The same binding (one location, as SwiftUI compares) until the storage is
        /// written: SwiftUI's binding keeps the value it was made with, which a child reading it
        /// during an update sees, so a write makes the next access a new binding of the new value.
        ///
        /// NB: its closures hold the cell, not the box that keeps the binding: no cycle.
        public var binding: Binding<Value> {
            if madeBindingWrites == cell.writes, let madeBinding { return madeBinding }
            let binding = Binding(get: { @MainActor [cell] in cell.value }, set: { @MainActor [cell] in cell.write($0) })
            madeBinding = binding
            madeBindingWrites = cell.writes
            return binding
        }

        /// Each value written, as it is written.
        public var publisher: PassthroughSubject<Value, Never> { cell.subject }
    }

    @State private var box: Box
    /// The declaration the writes name.
    public let tracedDeclaration: TracedDeclaration

    /// Storage starting at `wrappedValue`, named `name` (default: the property's label); a trace
    /// that records values shows those `values` allows (`.recorded`: every value, strings included).
    nonisolated public init(
        wrappedValue: Value, name: StaticString? = nil, values: ValueRecording = .allowedTypes,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        let declaration = TracedDeclaration(wrapper: .viewStorage, name: name, values: values, fileID: fileID, line: line)
        tracedDeclaration = declaration
        _box = State(wrappedValue: Box(wrappedValue, declaration: declaration))
    }

    /// The current value; a write is recorded and published, and redraws nothing.
    public var wrappedValue: Value {
        get { box.cell.value }
        nonmutating set { box.cell.write(newValue) }
    }

    /// The storage: `$x.binding`, `$x.publisher`.
    public var projectedValue: Box { box }
}
/// The value a `TracedViewStorage` keeps, its declaration and, once asked for, its publisher.
///
/// NB: `@unchecked Sendable`, not `@MainActor`, so that the storage is made by a `nonisolated`
/// init (as `@StateObject`'s is); it is read and written only by the main-actor `Box`, the
/// wrapper's main-actor accessors and the binding's main-actor closures.
///
/// NB: its fields are read and written on the main actor only, never while another access to them
/// is under way (`write` records before it stores), so exclusivity is not checked at run time:
/// the check was a third of a write with recording off.
private final class Cell<Value>: @unchecked Sendable {
    @exclusivity(unchecked) var value: Value
    let declaration: TracedDeclaration
    /// How many writes the cell has had.
    @exclusivity(unchecked) private(set) var writes: UInt64 = 0
    @exclusivity(unchecked) private var madeSubject: PassthroughSubject<Value, Never>?

    init(_ value: Value, declaration: TracedDeclaration) {
        self.value = value
        self.declaration = declaration
    }

    /// The publisher of the values written, made on the first request: storage nobody subscribes
    /// to allocates no subject.
    var subject: PassthroughSubject<Value, Never> {
        if let madeSubject { return madeSubject }
        let subject = PassthroughSubject<Value, Never>()
        madeSubject = subject
        return subject
    }

    /// Records the write, stores `newValue` and publishes it.
    func write(_ newValue: Value) {
        if SwiftUITrace.mayRecord, let session = SwiftUITrace.session {
            session.recordWrite(declaration, from: value, to: newValue)
        }
        value = newValue
        writes &+= 1
        madeSubject?.send(newValue)
    }
}
#endif
