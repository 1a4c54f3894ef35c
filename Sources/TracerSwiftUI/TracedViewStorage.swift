#if canImport(SwiftUI) && canImport(Combine)
import Combine
import SwiftUI
import TracerSwiftUICore

/// Storage tied to the view's lifetime, like `@State`, whose writes never redraw the view (the
/// shape of SwiftUIX's `ViewStorage`); every write is recorded with `wrapper` `ViewStorage`.
///
/// `$x.binding` writes the storage; `$x.publisher` delivers each new value (for `onReceive`).
/// Main-actor isolated, like `@StateObject`: its views declare it and use it there.
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
        fileprivate var value: Value
        fileprivate let subject = PassthroughSubject<Value, Never>()
        fileprivate let declaration: TracedDeclaration

        fileprivate init(_ value: Value, declaration: TracedDeclaration) {
            self.value = value
            self.declaration = declaration
        }

        fileprivate func write(_ newValue: Value) {
            if let session = SwiftUITrace.session {
                session.recordWrite(declaration, from: value, to: newValue)
            }
            value = newValue
            subject.send(newValue)
        }

        /// A binding that writes the storage (and so never redraws); read and written on the main
        /// actor.
        public var binding: Binding<Value> {
            Binding(get: { @MainActor in self.value }, set: { @MainActor in self.write($0) })
        }

        /// Each value written, as it is written.
        public var publisher: PassthroughSubject<Value, Never> { subject }
    }

    @State private var box: Box
    /// The declaration the writes name.
    public let tracedDeclaration: TracedDeclaration

    /// Storage starting at `wrappedValue`, named `name` (default: the property's label).
    public init(wrappedValue: Value, name: StaticString? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        let declaration = TracedDeclaration(wrapper: .viewStorage, name: name, fileID: fileID, line: line)
        tracedDeclaration = declaration
        _box = State(wrappedValue: Box(wrappedValue, declaration: declaration))
    }

    /// The current value; a write is recorded and published, and redraws nothing.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.write(newValue) }
    }

    /// The storage: `$x.binding`, `$x.publisher`.
    public var projectedValue: Box { box }
}
#endif
