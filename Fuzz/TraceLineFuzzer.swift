import TraceAnalysis

/// libFuzzer entry point: the input is a whole trace. Reading it strictly and leniently, and
/// validating it, must end in a summary or a diagnostic — never a crash, a hang or a leak.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceLines(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for lenient in [false, true] {
        _ = try? TraceAnalyzer.analyze(source: .bytes(bytes, name: "fuzz"), options: .init(read: TraceReadOptions(lenient: lenient)))
    }
    _ = TraceValidator.validate(source: .bytes(bytes, name: "fuzz"))
    return 0
}
