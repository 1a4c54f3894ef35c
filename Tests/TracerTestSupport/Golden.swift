import Foundation
import Testing

/// Expects `actual` to equal the golden file at `url`: a missing golden is written and the test
/// fails once; `TRACER_RECORD_GOLDENS=1` re-records every golden. `difference` describes a
/// mismatch (by default, that the output differs).
public func expectGolden(
    _ actual: String, at url: URL, difference: ((_ expected: String) -> String)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let name = url.lastPathComponent
    let record = ProcessInfo.processInfo.environment["TRACER_RECORD_GOLDENS"] == "1"
    guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("golden \(name) was written; check it and run again", sourceLocation: sourceLocation)
        return
    }
    guard actual != expected else { return }
    Issue.record(Comment(rawValue: difference?(expected) ?? "output differs from golden \(name)"), sourceLocation: sourceLocation)
}
