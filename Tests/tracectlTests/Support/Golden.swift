import Foundation
import Testing
import TracerTestSupport

/// Golden-file comparison for CLI output: a missing golden is written and the test fails once;
/// `TRACER_RECORD_GOLDENS=1` re-records every golden.
enum Golden {
    static let directory = PackagePaths.root.appendingPathComponent("Tests/tracectlTests/Golden")

    /// Expects `actual` to equal the golden file `name`, after normalising volatile fields.
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectGolden(normalise(actual), at: directory.appendingPathComponent(name), sourceLocation: sourceLocation)
    }

    /// Replaces the values of volatile fields (`ts`, `dur`, `pid`, JUnit's `time`) and temporary paths.
    static func normalise(_ text: String) -> String {
        var result = text
        for field in ["ts", "dur", "pid"] {
            result = result.replacingOccurrences(
                of: "\"\(field)\":[0-9]+", with: "\"\(field)\":0", options: .regularExpression)
        }
        result = result.replacingOccurrences(
            of: "(<test[a-z]+ [^>]*) time=\"[0-9]+\\.[0-9]{6}\"", with: "$1 time=\"0.000000\"", options: .regularExpression)
        return result.replacingOccurrences(
            of: "/[^ \"]*tracectl-tests-[0-9A-F-]+", with: "$TMP", options: .regularExpression)
    }
}
