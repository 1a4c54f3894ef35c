import TraceAnalysis
import TraceImport

/// libFuzzer entry point: the input is a console log or log records. Importing it in every format,
/// strictly and not, must end in a trace or a diagnostic — never a crash, a hang or a leak — and
/// every trace it writes must conform to `tracer/1`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in ChangeLogFormat.allCases {
        for strict in [false, true] {
            var trace = ""
            let options = ImportOptions(format: format, strict: strict)
            guard (try? TraceImporter.run(source: .bytes(bytes, name: "fuzz"), options: options, into: &trace)) != nil else { continue }
            let errors = TraceValidator.validate(source: .bytes(Array(trace.utf8), name: "trace")).filter { $0.severity == .error }
            precondition(errors.isEmpty, "an imported trace does not conform: \(errors)")
        }
    }
    return 0
}
