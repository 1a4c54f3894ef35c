import TracerCore

/// The property wrappers the SwiftUI adapter records writes for, as the `wrapper` field names them.
package enum TracedWrapper: Sendable {
    /// `@TracedState`: `State`.
    case state
    /// `@TracedViewStorage`: `ViewStorage`.
    case viewStorage
    /// An `ObservableObject`'s `objectWillChange`: `Published`.
    case published
    /// An `@Observable` model's mutation: `Observable`.
    case observable

    var kind: WrapperKind {
        switch self {
        case .state: .state
        case .viewStorage: .viewStorage
        case .published: .published
        case .observable: .observable
        }
    }
}

/// What a traced property wrapper knows of its declaration: its wrapper, its site
/// (`#fileID:#line`, captured by the initializer), when given, its name, and which of its values
/// a trace that records values shows.
///
/// NB: two words of static text and a few integers; building one costs no allocation, so a view
/// that is re-created on every parent evaluation pays nothing for it.
public struct TracedDeclaration: Sendable {
    /// The wrapper, written in the `wrapper` field.
    package let wrapper: TracedWrapper
    /// The name given at the declaration; nil when the adapter names the property by reflection.
    package let name: StaticString?
    /// Which values of the property a trace shows when values are recorded (`TRACER_VALUES=1`):
    /// those of allowed types (the default), or every value when the property opts in.
    package let values: ValueRecording
    let site: DeclarationSite

    /// A declaration at `fileID`:`line` wrapped by `wrapper`, whose values a trace that records
    /// values shows as `values` allows.
    package init(
        wrapper: TracedWrapper, name: StaticString? = nil, values: ValueRecording = .allowedTypes, fileID: StaticString, line: UInt
    ) {
        self.wrapper = wrapper
        self.name = name
        self.values = values
        site = DeclarationSite(fileID: fileID, line: line)
    }

    /// The declaration's identity: its `#fileID` literal's address and its line.
    ///
    /// NB: the compiler emits one literal per file, so the address stands for the text without
    /// hashing it on every write.
    var key: DeclarationKey {
        DeclarationKey(file: UInt(bitPattern: site.fileID.utf8Start), line: site.line)
    }
}

/// Two declarations are the same when their sites are (the key).
extension TracedDeclaration: Hashable {
    public static func == (lhs: TracedDeclaration, rhs: TracedDeclaration) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
    /// The key's hash without `Hasher`: a `$x` key path holds its declaration as its index, and
    /// SwiftUI hashes the key path (which asks each index for `hashValue`) on every projection.
    ///
    /// NB: a `Set` or `Dictionary` still hashes `hash(into:)`, seeded; this is mixed into the key
    /// path's own `Hasher`.
    public var hashValue: Int { Int(bitPattern: key.file ^ (key.line &* 0x9E37_79B9)) }
}

/// A declaration's identity in the adapter's tables.
struct DeclarationKey: Hashable {
    let file: UInt
    let line: UInt
}

/// A property wrapper whose declaration the adapter can name by reflecting the view that holds it.
public protocol TracedProperty {
    /// The wrapper's declaration.
    var tracedDeclaration: TracedDeclaration { get }
}
