#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceAnalysis

/// libFuzzer entry point: the input is a whole trace. Reading it strictly and leniently, and
/// validating it, must end in a summary or a diagnostic — never a crash, a hang or a leak; and its
/// `report --format json` (or its diagnostic) must be the same for the file read by one reader,
/// the file split between two threads and its bytes through standard input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceLines(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = TraceValidator.validate(source: .bytes(bytes, name: "fuzz"))
    let path = "/tmp/tracer-fuzz-\(getpid()).jsonl"
    guard let file = fopen(path, "wb") else { return 0 }
    _ = fwrite(data, 1, size, file)
    fclose(file)
    defer { unlink(path) }
    for lenient in [false, true] {
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(lenient: lenient))
        _ = try? TraceAnalyzer.analyze(source: .bytes(bytes, name: "fuzz"), options: options)
        let whole = reportJSON(.file(path), options, ReadHook(), path)
        let split = reportJSON(.file(path), options, ReadHook(splits: ReadHook.Splits(first: 500, steal: 500)), path)
        precondition(split == whole, "a split read differs:\n\(whole)\n\(split)")
        // NB: a pipe holds 64 KiB: inputs (at most 16 KiB) are written whole before they are read.
        var ends: [Int32] = [0, 0]
        guard size < 60_000, pipe(&ends) == 0 else { continue }
        _ = write(ends[1], data, size)
        close(ends[1])
        let piped = reportJSON(.standardInput, options, ReadHook(standardInput: ends[0]), path)
        close(ends[0])
        precondition(piped == whole, "standard input differs from the file:\n\(whole)\n\(piped)")
    }
    return 0
}

/// `report --format json` of `source` read with `hook` (or its diagnostic), with the trace's
/// name (`path`, or standard input's) written `TRACE`.
private func reportJSON(_ source: TraceInput, _ options: TraceAnalyzer.AnalysisOptions, _ hook: ReadHook, _ path: String) -> String {
    let text = ReadHook.$current.withValue(hook) { () -> String in
        do throws(TraceError) {
            return ReportRenderer.render(try TraceAnalyzer.analyze(source: source, options: options), format: .json)
        } catch {
            return "error: \(error.diagnostic)"
        }
    }
    return [path, "<stdin>", #"\u003cstdin\u003e"#].reduce(text) { $0.replacing($1, with: "TRACE") }
}
