import Foundation

/// A type whose values a trace may show, in the text it chooses (a count rather than the
/// contents, a rounded number, an identifier): adopting it allows the type's values in `write`
/// events when values are recorded (`TRACER_VALUES=1`).
///
/// The text is cut to 64 bytes of UTF-8; keep it short, cheap to make, and free of what the
/// value protects (typed text, tokens).
public protocol TraceValueDescribing {
    /// The text a trace shows for this value.
    var traceValueDescription: String { get }
}

/// Which values of a property a trace shows when values are recorded.
public enum ValueRecording: Sendable, Equatable {
    /// Only values of allowed types: integers, floating-point numbers, `Bool`, enums with raw
    /// values, and types adopting `TraceValueDescribing`; any other value is `redacted`.
    case allowedTypes
    /// Every value, whatever its type (strings and collections included): the property opts in.
    case recorded
}

extension CGPoint: TraceValueDescribing {
    /// `(x, y)`.
    public var traceValueDescription: String { "(\(x), \(y))" }
}

extension CGSize: TraceValueDescribing {
    /// `width×height`.
    public var traceValueDescription: String { "\(width)×\(height)" }
}

extension CGRect: TraceValueDescribing {
    /// `(x, y) width×height`.
    public var traceValueDescription: String { "\(origin.traceValueDescription) \(size.traceValueDescription)" }
}
