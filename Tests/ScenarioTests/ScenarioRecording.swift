import Foundation
import Tracer
@testable import Scenarios

/// One scenario variant recorded into memory, with per-view counts of what it emitted.
struct ScenarioRecording {
    /// The trace's lines, in order.
    let lines: [String]
    /// The parsed events (the `meta` header included).
    let events: [[String: Any]]

    /// Records `variant` of the scenario called `name`.
    init(_ name: String, _ variant: String) throws {
        let sink = MemorySink()
        try ScenarioCatalog.scenario(named: name).record(variant: variant, to: sink)
        lines = sink.lines
        events = try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ScenarioError.sinkFailed("not a JSON object: \(line)")
            }
            return object
        }
    }

    /// How many events of `kind` are about the view at `path` (any view when nil).
    func count(_ kind: String, view path: String? = nil) -> Int {
        events.filter { $0["kind"] as? String == kind && (path == nil || $0["view"] as? String == path) }.count
    }

    /// Events of `kind` per view path.
    func counts(_ kind: String) -> [String: Int] {
        var result: [String: Int] = [:]
        for event in events where event["kind"] as? String == kind {
            result[event["view"] as? String ?? "", default: 0] += 1
        }
        return result
    }

    /// The trace as golden files keep it: each line without its volatile fields (`ts`, `dur`, `pid`,
    /// and `tid`, which depends on the thread a test runs on).
    var normalised: String {
        lines.map { line in
            var line = line
            for field in ["ts", "tid", "dur", "pid"] {
                line = line.replacingOccurrences(of: ",\"\(field)\":[0-9]+", with: "", options: .regularExpression)
            }
            return line + "\n"
        }.joined()
    }
}
