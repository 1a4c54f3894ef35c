import Foundation
import Scenarios
import Tracer

/// One scenario variant recorded into memory, with per-view counts of what it emitted.
public struct ScenarioRecording {
    /// The trace's lines, in order.
    public let lines: [String]
    /// The parsed events (the `meta` header included).
    public let events: [[String: Any]]

    /// Records `variant` of the scenario called `name`.
    public init(_ name: String, _ variant: String) throws {
        lines = try Self.lines(name, variant)
        events = try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ScenarioError.sinkFailed("not a JSON object: \(line)")
            }
            return object
        }
    }

    /// The lines of `variant` of the scenario called `name`, recorded into memory.
    static func lines(_ name: String, _ variant: String) throws -> [String] {
        let sink = MemorySink()
        try ScenarioCatalog.scenario(named: name).record(variant: variant, to: sink)
        return sink.lines
    }

    /// How many events of `kind` are about the view at `path` (any view when nil).
    public func count(_ kind: String, view path: String? = nil) -> Int {
        events.filter { $0["kind"] as? String == kind && (path == nil || $0["view"] as? String == path) }.count
    }

    /// Events of `kind` per view path.
    public func counts(_ kind: String) -> [String: Int] {
        var result: [String: Int] = [:]
        for event in events where event["kind"] as? String == kind {
            result[event["view"] as? String ?? "", default: 0] += 1
        }
        return result
    }

    /// The trace as golden files keep it (see `normalise(_:)`).
    public var normalised: String { Self.normalise(lines) }

    /// `lines` as golden files keep them: each line without its volatile fields (`ts`, `dur`,
    /// `pid`, and `tid`, which depends on the thread a test runs on), `\n`-terminated.
    static func normalise(_ lines: [String]) -> String {
        lines.map { line in
            var line = line
            for field in ["ts", "tid", "dur", "pid"] {
                line = line.replacingOccurrences(of: ",\"\(field)\":[0-9]+", with: "", options: .regularExpression)
            }
            return line + "\n"
        }.joined()
    }
}
