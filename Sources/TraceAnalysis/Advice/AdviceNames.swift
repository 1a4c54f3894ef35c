import TracerCore

/// The interned ids of the wrapper kinds and reasons the advice patterns compare with.
///
/// NB: interned in the reader's string table before the pass, so the parser gives each event the
/// same ids and the hot loop compares integers.
struct AdviceNames {
    let published: SymbolID
    let observedObject: SymbolID
    let viewStorage: SymbolID
    /// The wrappers whose storage lives in the view's node and dies with it.
    let ownedState: Set<SymbolID>
    let inputsChanged: SymbolID
    let observed: SymbolID

    /// The ids in `reader`'s string table.
    init(_ reader: inout TraceReader) {
        func id(_ name: String) -> SymbolID { reader.parser.strings.intern(name) }
        published = id(WrapperKind.published.name)
        observedObject = id(WrapperKind.observedObject.name)
        viewStorage = id(WrapperKind.viewStorage.name)
        ownedState = [id(WrapperKind.state.name), id(WrapperKind.stateObject.name), viewStorage]
        inputsChanged = id(EvalReason.inputsChanged.name)
        observed = id(EvalReason.observed.name)
    }
}
