import TraceAnalysis

/// libFuzzer entry point: the input is a budget file. Parsing must end in a budget or a
/// `BudgetError`; a parsed budget is then evaluated against an empty trace's figures.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBudget(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let budget = try? Budget.parse(bytes, file: "fuzz.json") else { return 0 }
    let trace = Array(#"{"kind":"meta","schema":"tracer/1"}"#.utf8) + [0x0A]
    _ = try? budget.check(trace: trace, name: "fuzz", baseline: trace)
    return 0
}
