import TraceFormat
import TracerCore

/// One body evaluation as `_printChanges()` / `_logChanges()` describe it: the view's type and
/// what changed (`@self`, `@identity`, `@dependencies`, `_property`, or nothing: `unchanged`).
///
/// The byte ranges point into the line being read and are valid until the next line.
struct ChangeRecord {
    /// The markers a change list may hold besides property names.
    struct Markers: OptionSet {
        let rawValue: UInt8
        /// `@self`: the view value differs from the previous one.
        static let value = Markers(rawValue: 1)
        /// `@identity`: a new identity, its first evaluation.
        static let identity = Markers(rawValue: 2)
        /// `@dependencies`: an `@Observable` or environment dependency changed.
        static let dependencies = Markers(rawValue: 4)
        /// At least one `_property`.
        static let property = Markers(rawValue: 8)
    }

    /// The view's type as printed (`App.Screen.Row<Int>`).
    var view: UnsafeBufferPointer<UInt8>
    /// The change list between `: ` and ` changed.`, already checked; empty for `unchanged.`.
    var changes: UnsafeBufferPointer<UInt8>
    var markers: Markers

    /// The evaluation's `reason`: `initial` for `@identity`, else `state` for a property, else
    /// `observed` for `@dependencies`, else `inputs-changed` for `@self`; none for `unchanged`.
    ///
    /// NB: the most specific marker wins: a new identity is a first evaluation whatever else is
    /// listed, and a named property says more than `@self`.
    var reason: EvalReason {
        if markers.contains(.identity) { return .initial }
        if markers.contains(.property) { return .state }
        if markers.contains(.dependencies) { return .observed }
        if markers.contains(.value) { return .inputsChanged }
        return .none
    }

    /// Calls `body` with each property's name, without its leading underscore, in list order.
    func forEachProperty(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard markers.contains(.property) else { return }
        var index = 0
        while index < changes.count {
            while index < changes.count, changes[index] == UInt8(ascii: " ") { index += 1 }
            let start = index
            while index < changes.count, changes[index] != UInt8(ascii: ",") { index += 1 }
            var end = index
            while end > start, changes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            if end > start + 1, changes[start] == UInt8(ascii: "_") {
                body(UnsafeBufferPointer(rebasing: changes[(start + 1)..<end]))
            }
            index += 1
        }
    }
}
