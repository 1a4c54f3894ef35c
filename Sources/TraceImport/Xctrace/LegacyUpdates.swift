import TracerCore

/// The updates of Instruments' legacy tables (View Body and View Properties), which record no
/// transaction and no thread, and the link from each View Properties write to the evaluation it
/// led to.
///
/// **Updates.** Rows in time order (a write before an evaluation at the same time) are cut into
/// updates at each write that follows an evaluation: SwiftUI sets a view's changed properties
/// before the update that evaluates the bodies they invalidate, and evaluates those bodies before
/// the next update's properties are set, so the evaluations between two runs of writes belong to
/// the first. A first value (`from <initialState>`, a `state-init`) is set while its view is
/// created inside an update: it cuts nothing. This is the cut the cause inference makes in a
/// trace without `tx`, and the import writes it as `tx`.
///
/// **Links.** A write links to the evaluation of its view in the same update when exactly one
/// does; with none (a property SwiftUI did not re-evaluate its view for) or several (two views of
/// one type name, which the legacy tables do not tell apart) it links to nothing, and the cause
/// inference decides, marked as inferred. Several writes linked to one evaluation: the first is
/// its cause.
///
/// NB: read from the documents' descriptions of the two instruments, not checked on a real
/// export: an evaluation nested in a write's time (a body that sets state) opens no update of
/// its own, and a write made during an update starts the next.
package enum LegacyUpdates {
    /// What a row is, for the cut and the links.
    package enum Kind: Sendable {
        case write, stateInit, evaluation
    }

    /// Each row's update (1, 2, …) and, for each write, the index of the evaluation it links to.
    package struct Result: Equatable, Sendable {
        package var updates: [UInt64]
        package var links: [Int?]
    }

    /// The updates and links of `rows`, each a kind and its view, in time order.
    package static func link<View: Hashable>(_ rows: [(kind: Kind, view: View)]) -> Result {
        var result = Result(updates: [UInt64](repeating: 0, count: rows.count), links: [Int?](repeating: nil, count: rows.count))
        var update: UInt64 = 1
        var writes: [Int] = []
        var evaluations: [View: (first: Int, count: Int)] = [:]
        func close() {
            for write in writes {
                if let found = evaluations[rows[write].view], found.count == 1 { result.links[write] = found.first }
            }
            writes.removeAll(keepingCapacity: true)
            evaluations.removeAll(keepingCapacity: true)
        }
        for (index, row) in rows.enumerated() {
            switch row.kind {
            case .write:
                if !evaluations.isEmpty {
                    close()
                    update += 1
                }
                writes.append(index)
            case .evaluation:
                evaluations[row.view, default: (index, 0)].count += 1
            case .stateInit:
                break
            }
            result.updates[index] = update
        }
        close()
        return result
    }

    /// The `reason` of an evaluation a write of `wrapper` led to: `observed` for an observed
    /// object or model, `environment` for an environment value, else `state`.
    package static func reason(of wrapper: WrapperKind) -> EvalReason {
        switch wrapper {
        case .observable, .published, .stateObject, .observedObject, .environmentObject: .observed
        case .environment: .environment
        default: .state
        }
    }
}
