import TracerCore
import TraceSupport

/// speedscope's file format (`https://www.speedscope.app/file-format-schema.json`), streamed.
///
/// Two profiles: an `evented` one over time, one open/close pair per body evaluation (the view's
/// path segments, opened at `ts - dur`, closed at `ts`), written while the trace is read; and a
/// `sampled` one, one sample per view weighted by the chosen `FlameWeight`, written at the end.
///
/// An evaluation without a duration (an Instruments update in flight) is left out of both: the
/// format has no way to mark a frame of unknown length.
///
/// NB: speedscope needs evented frames properly nested and in time order. Evaluations do not nest
/// (children run after their parent's body returns), so an evaluation that starts before the
/// previous one ended (another thread, clock skew) is clamped to start when that one ended.
public struct SpeedscopeExporter: StreamingExporter {
    /// The format's schema URL, as its files name it.
    public static let schemaURL = "https://www.speedscope.app/file-format-schema.json"

    /// What a frame's weight counts.
    public let weight: FlameWeight
    private var frameIndex: [String: Int] = [:]
    private var frameNames: [String] = []
    /// Frame indices of each view id's path, resolved on first use.
    private var stacks: [[Int]?] = []
    private var firstAt: Int64?
    private var lastAt: Int64 = 0
    private var traceName = "trace"
    /// Evented frames written since the last block went to the output.
    ///
    /// NB: written as bytes, as the Chrome exporter's events are, never as a `String` built per
    /// frame.
    private var json = JSONWriter(capacity: blockSize + 4096, embeddable: true)
    private static let blockSize = 1 << 16

    /// An exporter whose sampled profile is weighted by `weight`.
    public init(weight: FlameWeight = .evals) { self.weight = weight }

    /// speedscope reads a file into one JavaScript string: V8's longest is 2^29 − 24 characters.
    public static var viewerLimit: ViewerLimit? { ViewerLimit(viewer: "speedscope", bytes: (1 << 29) - 24) }

    public var untimedEvaluations: String {
        weight == .time ? "left out of the evaluations over time and of the views by time" : "left out of the evaluations over time"
    }

    /// The sampled profile weighs each view by its figures.
    public var readsViewFigures: Bool { true }

    public mutating func begin(into output: inout some TextOutputStream) {
        json.beginObject()
        json.key("$schema")
        json.string(Self.schemaURL)
        json.key("exporter")
        json.string(TraceSchema.tool)
        json.key("profiles")
        json.beginArray()
        json.beginObject()
        json.key("type")
        json.string("evented")
        json.key("name")
        json.string("body evaluations over time")
        json.key("unit")
        json.string("nanoseconds")
        json.key("events")
        json.beginArray()
        json.flush(into: &output)
    }

    /// NB: through `StreamedEvent`'s public properties only, as an exporter outside the package
    /// reads events.
    public mutating func consume(_ event: StreamedEvent, into output: inout some TextOutputStream) {
        switch event.kind {
        case .meta?:
            let scenario = event.scenario ?? ""
            let variant = event.variant ?? ""
            if !scenario.isEmpty { traceName = variant.isEmpty ? scenario : "\(scenario) (\(variant))" }
        case .bodyEval?:
            guard event.viewNumber != 0, !event.isUntimed else { return }
            let stack = stack(of: event)
            let ts = event.ts ?? 0
            // NB: `ts` may be negative and `dur` up to `Int64.max`: the start stops at `Int64.min`.
            let (difference, overflow) = ts.subtractingReportingOverflow(max(event.dur ?? 0, 0))
            let start = max(overflow ? Int64.min : difference, lastAt)
            let end = max(ts, start)
            if firstAt == nil { firstAt = start }
            lastAt = end
            for frame in stack { writeEvent("O", frame, start, &output) }
            for frame in stack.reversed() { writeEvent("C", frame, end, &output) }
        default:
            return
        }
    }

    public mutating func finish(summary: TraceSummary, into output: inout some TextOutputStream) {
        json.endArray()
        json.key("startValue")
        json.number(firstAt ?? 0)
        json.key("endValue")
        json.number(firstAt == nil ? 0 : lastAt)
        json.endObject()
        var samples: [[Int]] = []
        var weights: [UInt64] = []
        var total: UInt64 = 0
        for stats in summary.views {
            let value = weight.value(of: stats)
            guard value > 0 else { continue }
            samples.append(ViewFrames(stats.view).map { frame(named: String($0)) })
            weights.append(value)
            total = total.addingSaturated(value)
        }
        let untimed = weight == .time && summary.totals.untimedEvals > 0
            ? " (\(summary.totals.untimedEvals) evaluations without a duration left out)" : ""
        json.beginObject()
        json.key("type")
        json.string("sampled")
        json.key("name")
        json.string("views by \(weight.unit)\(untimed)")
        json.key("unit")
        json.string(weight == .time ? "nanoseconds" : "none")
        json.key("startValue")
        json.number(0)
        json.key("endValue")
        json.number(total)
        json.key("samples")
        json.beginArray()
        for sample in samples {
            json.beginArray()
            for frame in sample { json.number(frame) }
            json.endArray()
        }
        json.endArray()
        json.key("weights")
        json.beginArray()
        for value in weights { json.number(value) }
        json.endArray()
        json.endObject()
        json.endArray()
        json.key("shared")
        json.beginObject()
        json.objects("frames", frameNames) { json, name in json.field("name", name) }
        json.endObject()
        json.key("name")
        json.string(traceName)
        json.key("activeProfileIndex")
        json.number(0)
        json.endObject()
        json.newline()
        json.flush(into: &output)
    }

    /// Writes one open (`O`) or close (`C`) of `frame` at `at`.
    private mutating func writeEvent(_ type: StaticString, _ frame: Int, _ at: Int64, _ output: inout some TextOutputStream) {
        json.beginObject()
        json.key("type")
        json.string(type)
        json.key("frame")
        json.number(frame)
        json.key("at")
        json.number(at)
        json.endObject()
        json.flush(into: &output, atLeast: Self.blockSize)
    }

    /// The frame indices of `event`'s view path, resolved on the view's first evaluation.
    private mutating func stack(of event: StreamedEvent) -> [Int] {
        let index = event.viewNumber
        if index >= stacks.count { stacks += repeatElement(nil, count: index + 1 - stacks.count) }
        if let known = stacks[index] { return known }
        let resolved = FlameSample.frames(ofView: event.view ?? "").map { frame(named: $0) }
        stacks[index] = resolved
        return resolved
    }

    private mutating func frame(named name: String) -> Int {
        if let index = frameIndex[name] { return index }
        frameNames.append(name)
        frameIndex[name] = frameNames.count - 1
        return frameNames.count - 1
    }
}
