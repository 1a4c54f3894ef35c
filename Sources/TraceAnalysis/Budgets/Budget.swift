#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TracerCore
import TraceSupport

/// A redraw budget: rules that `tracectl check` holds traces to (schema `tracer-budget/1`).
///
/// ```json
/// {"schema":"tracer-budget/1","aggregate":"median",
///  "rules":[{"view":"MyView","metric":"body-evals","max":3,"level":"error"}]}
/// ```
public struct Budget: Sendable, Equatable {
    /// The schema id a budget file names.
    public static let schema = "tracer-budget/1"

    /// How the figures of repeated runs combine when a rule does not say.
    public var aggregate: RunAggregate
    /// The rules, in file order.
    public var rules: [BudgetRule]
    /// How time rules with `maxIncrease` decide over several baseline runs (`alpha`, `minEffect`,
    /// `minEffectTime`).
    package var significance = SignificanceSettings()

    /// A budget of `rules` combining repeated runs by `aggregate`.
    public init(aggregate: RunAggregate = .median, rules: [BudgetRule]) {
        self.aggregate = aggregate
        self.rules = rules
    }

    /// Reads and validates the budget file at `path` (`-` for standard input).
    public static func load(path: String) throws(BudgetError) -> Budget {
        // NB: plain read(2), not Data(contentsOf:), which leaks its buffer on an empty file here.
        let descriptor = path == "-" ? STDIN_FILENO : PathAccess.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BudgetError(file: path, message: "cannot read budget file: \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = block.withUnsafeMutableBytes { POSIX.readRetrying(descriptor, $0.baseAddress!, $0.count) }
            guard got >= 0 else {
                throw BudgetError(file: path, message: "cannot read budget file: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            bytes += block[..<got]
        }
        return try parse(bytes, file: path)
    }

    /// Parses and validates a budget document; every problem names its JSON path.
    public static func parse(_ bytes: [UInt8], file: String) throws(BudgetError) -> Budget {
        let root: JSONNode
        do {
            root = try JSONDocumentParser.parse(bytes)
        } catch {
            throw BudgetError(file: file, line: error.line, column: error.column, message: error.message)
        }
        var reader = BudgetReader(file: file)
        return try reader.budget(root)
    }
}

/// One rule: a metric of the views matching a glob, held to a limit at a level.
public struct BudgetRule: Sendable, Equatable {
    /// The view glob (`MyView`, `*/Row[*]`, `**`).
    public var view: String
    /// The metric held to the limit.
    public var metric: BudgetMetric
    /// At most this much (inclusive).
    public var max: Double?
    /// At least this much (inclusive).
    public var min: Double?
    /// With a baseline: at most the baseline's figure plus this.
    public var maxIncrease: BudgetIncrease?
    /// What a breach does: fail, warn, or nothing.
    public var level: BudgetLevel
    /// Only traces of this scenario / variant; nil for any.
    public var scenario: String?
    /// Only traces of this variant; nil for any.
    public var variant: String?
    /// Only the events within the `mark` interval of this name; nil for the whole trace.
    public var mark: String?
    /// For an edge rule: a glob over the edges' sources (`VIEWPATH.prop` for a written
    /// property, the path for a parent view), e.g. `**.searchText`; nil for every source.
    public var source: String?
    /// How repeated runs combine; nil for the budget's default.
    public var aggregate: RunAggregate?
    /// For `hitches` and `hitch-time`: whether the system's hitches count too (by default only
    /// the app's).
    public var includesSystem: Bool
    /// For an edge rule: whether edges whose causes were inferred count too (`"inferred": true`);
    /// by default only recorded edges do, so that a gate reads every trace alike, before and
    /// after the analysis learnt to infer.
    public var countsInferred: Bool
    /// `$.rules[N]`, for messages.
    public var path: String
    /// Where the rule starts in the budget file.
    public var line: Int

    /// A rule with every field given (those not given: no limit, an error, any trace).
    public init(
        view: String, metric: BudgetMetric, max: Double? = nil, min: Double? = nil,
        maxIncrease: BudgetIncrease? = nil, level: BudgetLevel = .error, scenario: String? = nil,
        variant: String? = nil, mark: String? = nil, source: String? = nil, aggregate: RunAggregate? = nil,
        includesSystem: Bool = false, countsInferred: Bool = false, path: String = "", line: Int = 0
    ) {
        self.source = source
        self.countsInferred = countsInferred
        self.includesSystem = includesSystem
        self.view = view
        self.metric = metric
        self.max = max
        self.min = min
        self.maxIncrease = maxIncrease
        self.level = level
        self.scenario = scenario
        self.variant = variant
        self.mark = mark
        self.aggregate = aggregate
        self.path = path
        self.line = line
    }

    /// A short name for the rule: `MyView body-evals ≤ 3`.
    public var title: String {
        var limits: [String] = []
        if let max { limits.append("≤ \(metric.format(max))") }
        if let min { limits.append("≥ \(metric.format(min))") }
        if let maxIncrease { limits.append("+\(maxIncrease) over baseline") }
        var scope = ""
        if let scenario { scope += " [\(scenario)\(variant.map { ".\($0)" } ?? "")]" } else if let variant { scope += " [\(variant)]" }
        if let mark { scope += " @\(mark)" }
        return "\(subject) \(metric.rawValue) \(limits.joined(separator: ", "))\(scope)"
    }

    /// What the rule holds: its view glob, or for an edge rule its edges (`**.searchText → **/Row*`).
    public var subject: String { metric.edgeMeasure == nil ? view : "\(source ?? "**") → \(view)" }
}

/// What a rule measures: a metric of each matching view, (`total-…`) its sum over them, or a
/// figure of the whole trace or mark interval (`hitches`, `hitch-time`).
///
/// NB: names, units and availability of per-view figures come from the metric table (`Metric`);
/// this type only chooses which metrics budgets offer, in the order messages and the JSON Schema
/// list them.
public struct BudgetMetric: Sendable, Hashable, CaseIterable, RawRepresentable {
    /// What a rule's figure is.
    package enum Figure: Sendable, Hashable {
        /// A per-view metric, checked for each matching view.
        case view(Metric)
        /// A per-view metric summed over every matching view.
        case total(Metric)
        /// Hitches in the trace (or mark interval): how many, or how late in all.
        case hitches(HitchFigure)
        /// The cause graph's edges matching the rule's `source` and `view` globs.
        case edges(EdgeMeasure)
    }

    /// What an edge rule counts.
    package enum EdgeMeasure: Sendable, Hashable {
        /// Matching edges the baseline lacks (`new-edges`).
        case new
        /// Evaluations along matching edges (`edge-evals`).
        case evals
    }

    /// A trace-level hitch figure.
    package enum HitchFigure: Sendable, Hashable {
        case count
        case time
    }

    package var figure: Figure

    /// `body-evals`: a view's body evaluations.
    public static let bodyEvals = BudgetMetric(.view(.bodyEvals))
    /// `skips`: a view's skips.
    public static let skips = BudgetMetric(.view(.skips))
    /// `wasted-evals`: a view's evaluations whose output did not change.
    public static let wastedEvals = BudgetMetric(.view(.wastedEvals))
    /// `invalidations`: a view's invalidations.
    public static let invalidations = BudgetMetric(.view(.invalidations))
    /// `writes`: writes to a view's own properties.
    public static let writes = BudgetMetric(.view(.writes))
    /// `evals-per-write`: evaluations caused per write of the view's properties.
    public static let evalsPerWrite = BudgetMetric(.view(.evalsPerWrite))
    /// `body-time-p95`: the 95th percentile of a view's body time.
    public static let bodyTimeP95 = BudgetMetric(.view(.bodyTimeP95))
    /// `body-time-total`: a view's body time, summed.
    public static let bodyTimeTotal = BudgetMetric(.view(.bodyTimeTotal))
    /// The sum of body evaluations over every matching view.
    public static let totalBodyEvals = BudgetMetric(.total(.bodyEvals))
    /// Hitches in the trace or mark interval.
    public static let hitches = BudgetMetric(.hitches(.count))
    /// How late the hitches' frames were, added up.
    public static let hitchTime = BudgetMetric(.hitches(.time))
    /// Edges of the cause graph the baseline lacks (needs `--baseline`).
    public static let newEdges = BudgetMetric(.edges(.new))
    /// Evaluations caused along the cause graph's edges.
    public static let edgeEvals = BudgetMetric(.edges(.evals))

    /// Every metric a rule can name, in the order messages and the JSON Schema list them.
    public static let allCases: [BudgetMetric] = [
        bodyEvals, skips, wastedEvals, invalidations, writes, evalsPerWrite, bodyTimeP95, bodyTimeTotal, totalBodyEvals,
        hitches, hitchTime, newEdges, edgeEvals,
    ]

    init(_ figure: Figure) { self.figure = figure }

    /// The metric a rule names `rawValue` (`body-evals`, `total-body-evals`).
    public init?(rawValue: String) {
        guard let found = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = found
    }

    /// The per-view metric the rule reads; nil for a hitch figure.
    public var metric: Metric? {
        switch figure {
        case .view(let metric), .total(let metric): metric
        case .hitches, .edges: nil
        }
    }

    /// What an edge rule counts; nil for any other rule.
    package var edgeMeasure: EdgeMeasure? {
        if case .edges(let measure) = figure { return measure }
        return nil
    }

    /// Whether the rule sums its matching views into one figure instead of checking each.
    package var isTotal: Bool {
        if case .total = figure { return true }
        return false
    }

    /// The hitch figure the rule reads; nil for a per-view metric.
    package var hitchFigure: HitchFigure? {
        if case .hitches(let hitch) = figure { return hitch }
        return nil
    }

    /// The name rules use.
    public var rawValue: String {
        switch figure {
        case .view(let metric): metric.definition.budgetName!
        case .total(let metric): "total-" + metric.definition.budgetName!
        case .hitches(.count): "hitches"
        case .hitches(.time): "hitch-time"
        case .edges(.new): "new-edges"
        case .edges(.evals): "edge-evals"
        }
    }

    /// Whether the figure is a duration in nanoseconds.
    package var isDuration: Bool { metric.map { $0.definition.unit == .nanoseconds } ?? (hitchFigure == .time) }

    /// Whether the figure counts something, so that a view absent from a run counts 0 there; a
    /// ratio (`evals-per-write`) or percentile (`body-time-p95`) of nothing is no figure at all.
    package var isCount: Bool { metric.map { $0.definition.merge == .sum } ?? true }

    /// What a trace's source must produce for the figure to exist.
    package var requires: [TraceCapability] {
        switch figure {
        case .view(let metric), .total(let metric): metric.definition.requires
        case .hitches: [.hitch]
        // NB: edges need what the evaluations caused by writes need: writes, evaluations, causes.
        case .edges: Metric.evalsCausedByWrites.definition.requires
        }
    }

    /// Why a trace whose header is `header` cannot have this figure (see `Metric.unavailability(in:)`).
    public func unavailability(in header: TraceHeader?) -> String? { Metric.unavailability(of: requires, in: header) }

    /// A figure of this metric for messages: `12`, `0.5`, `1.2 ms`.
    package func format(_ value: Double) -> String {
        isDuration ? Formatting.duration(value) : Formatting.number(value)
    }
}

/// How severe a breached rule is.
public enum BudgetLevel: String, Sendable, CaseIterable {
    /// Fails the check (exit 1).
    case error
    /// Reported, does not fail.
    case warn
    /// Not checked.
    case off
}

/// How the figures of several runs of the same trace combine.
public enum RunAggregate: String, Sendable, CaseIterable {
    /// The median of the runs' figures, their largest, or their smallest.
    case median, max, min

    /// Combines `values` (not empty).
    package func combine(_ values: [Double]) -> Double {
        // NB: one run, the usual case, needs no sorted copy (called once per view checked).
        if values.count == 1 { return values[0] }
        let sorted = values.sorted()
        switch self {
        case .median:
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        case .max: return sorted.last ?? 0
        case .min: return sorted.first ?? 0
        }
    }
}

/// An allowed increase over a baseline: a percentage or an absolute amount.
public enum BudgetIncrease: Sendable, Equatable, CustomStringConvertible {
    /// An increase by this percentage of the baseline's figure.
    case percent(Double)
    /// An increase by this amount.
    case absolute(Double)

    /// The limit for a baseline figure.
    package func limit(over baseline: Double) -> Double {
        switch self {
        case .percent(let percent): baseline * (1 + percent / 100)
        case .absolute(let amount): baseline + amount
        }
    }

    public var description: String {
        switch self {
        case .percent(let percent): "\(Formatting.number(percent))%"
        case .absolute(let amount): Formatting.number(amount)
        }
    }
}

/// A budget file that cannot be used: where, and what was expected.
public struct BudgetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The budget file.
    public var file: String
    /// The line of the problem, when it has one.
    public var line: Int?
    /// The column of the problem, when it has one.
    public var column: Int?
    /// The JSON path of the problem (`$.rules[2].metric`), when it is about a value.
    public var path: String?
    /// What was wrong, or expected.
    public var message: String

    package init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `FILE:LINE:COL: $.rules[2].metric: expected …`
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        text += ": "
        if let path { text += "\(path): " }
        return text + message
    }
}

/// The plain decimals budget strings contain.
enum NumberText {
    /// The value of `text` when it is a plain decimal, `[0-9]+(\.[0-9]+)?` (the JSON Schema's
    /// pattern): no sign, exponent, hexadecimal, `inf` or `nan`, which `Double(_:)` would take.
    static func decimal(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
              let value = Double(text), value.isFinite
        else { return nil }
        return value
    }
}

/// Parsing of `"2ms"`-style duration limits.
package enum DurationText {
    /// Nanoseconds in a string like `500ns`, `20us`, `20µs`, `1.5ms`, `2 s` (spaces allowed around
    /// the number and the unit); nil if it is not one.
    package static func parse(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)]
        let trimmed = spacesTrimmed(Substring(text))
        for (unit, scale) in units where trimmed.hasSuffix(unit) {
            guard let value = NumberText.decimal(spacesTrimmed(trimmed.dropLast(unit.count))), (value * scale).isFinite else {
                return nil
            }
            return value * scale
        }
        return nil
    }

    private static func spacesTrimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
