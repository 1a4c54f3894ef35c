import TraceSupport

/// Turns a parsed budget document into a `Budget`, naming the JSON path of every problem.
struct BudgetReader {
    let file: String

    /// The keys a budget document may have.
    static let topLevelKeys: Set<String> = ["schema", "aggregate", "rules", "description", "alpha", "minEffect", "minEffectTime"]
    /// The keys a rule may have.
    static let ruleKeys: Set<String> = [
        "view", "metric", "max", "min", "maxIncrease", "level", "scenario", "variant", "mark", "aggregate", "note", "source",
        "system", "inferred",
    ]

    mutating func budget(_ root: JSONNode) throws(BudgetError) -> Budget {
        guard case .object(let members) = root.value else {
            throw problem(root, "$", "expected a budget object, found \(root.value.typeName)")
        }
        try rejectDuplicates(members, path: "$")
        for (key, node) in members where !Self.topLevelKeys.contains(key) {
            throw problem(node, "$.\(key)", "unknown key '\(key)' (expected schema, aggregate, rules, description, alpha, minEffect, minEffectTime)")
        }
        guard let schema = root["schema"] else {
            throw problem(root, "$", "missing \"schema\": expected \"\(Budget.schema)\"")
        }
        guard case .string(let name) = schema.value, name == Budget.schema else {
            throw problem(schema, "$.schema", "expected \"\(Budget.schema)\", found \(describe(schema.value))")
        }
        let aggregate = try root["aggregate"].map { node throws(BudgetError) in
            try choice(node, "$.aggregate", RunAggregate.self)
        } ?? .median
        guard let rulesNode = root["rules"] else { throw problem(root, "$", "missing \"rules\": expected an array") }
        guard case .array(let ruleNodes) = rulesNode.value else {
            throw problem(rulesNode, "$.rules", "expected an array, found \(rulesNode.value.typeName)")
        }
        guard !ruleNodes.isEmpty else {
            // NB: a gate that checks nothing would pass unnoticed.
            throw problem(rulesNode, "$.rules", "expected at least one rule")
        }
        var rules: [BudgetRule] = []
        for (index, node) in ruleNodes.enumerated() {
            rules.append(try rule(node, path: "$.rules[\(index)]"))
        }
        var budget = Budget(aggregate: aggregate, rules: rules)
        budget.significance = try significance(root)
        return budget
    }

    /// The time comparisons' settings: `alpha` in (0, 0.5], `minEffect` a percentage,
    /// `minEffectTime` a duration; the defaults where absent.
    private func significance(_ root: JSONNode) throws(BudgetError) -> SignificanceSettings {
        var settings = SignificanceSettings()
        if let node = root["alpha"] {
            guard case .number(let alpha) = node.value, alpha > 0, alpha <= 0.5 else {
                throw problem(node, "$.alpha", "expected a p-value threshold above 0 and at most 0.5 (e.g. 0.01), found \(describe(node.value))")
            }
            settings.alpha = alpha
        }
        if let node = root["minEffect"] {
            guard case .string(let text) = node.value, text.hasSuffix("%"), let percent = NumberText.decimal(text.dropLast()) else {
                throw problem(node, "$.minEffect", "expected a percentage like \"1%\", found \(describe(node.value))")
            }
            settings.relativeEffect = percent
        }
        if let node = root["minEffectTime"] {
            settings.absoluteEffect = try limit(node, "$.minEffectTime", .bodyTimeTotal)
        }
        return settings
    }

    private func rule(_ node: JSONNode, path: String) throws(BudgetError) -> BudgetRule {
        guard case .object(let members) = node.value else {
            throw problem(node, path, "expected a rule object, found \(node.value.typeName)")
        }
        try rejectDuplicates(members, path: path)
        for (key, member) in members where !Self.ruleKeys.contains(key) {
            throw problem(member, "\(path).\(key)", "unknown key '\(key)' (expected one of \(Self.ruleKeys.sorted().joined(separator: ", ")))")
        }
        guard let metricNode = node["metric"] else {
            throw problem(node, path, "missing \"metric\": expected one of \(BudgetMetric.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let metric = try choice(metricNode, "\(path).metric", BudgetMetric.self)
        let view = try node["view"].map { n throws(BudgetError) in try glob(n, "\(path).view", of: "view") } ?? "**"
        let max = try node["max"].map { n throws(BudgetError) in try limit(n, "\(path).max", metric) }
        let min = try node["min"].map { n throws(BudgetError) in try limit(n, "\(path).min", metric) }
        let increase = try node["maxIncrease"].map { n throws(BudgetError) in try self.increase(n, "\(path).maxIncrease", metric) }
        guard max != nil || min != nil || increase != nil else {
            throw problem(node, path, "expected a limit: \"max\", \"min\" or \"maxIncrease\"")
        }
        if metric == .evalsPerWrite, let markNode = node["mark"] {
            throw problem(markNode, "\(path).mark", "evals-per-write is a whole-trace figure; it cannot be limited to a mark interval")
        }
        if let sourceNode = node["source"], metric.edgeMeasure == nil {
            throw problem(sourceNode, "\(path).source", "\"source\" belongs to the edge rules (new-edges, edge-evals), not \(metric.rawValue)")
        }
        if metric.edgeMeasure != nil, let markNode = node["mark"] {
            throw problem(markNode, "\(path).mark", "\(metric.rawValue) holds the whole trace's cause graph; it cannot be limited to a mark interval")
        }
        if metric == .newEdges, let increaseNode = node["maxIncrease"] {
            throw problem(increaseNode, "\(path).maxIncrease", "new-edges counts edges the baseline lacks: limit it with \"max\"")
        }
        let includesSystem = try flag(
            node, "system", path, appliesTo: metric.hitchFigure != nil, "system applies to hitches and hitch-time only, not to \(metric.rawValue)")
        let countsInferred = try flag(
            node, "inferred", path, appliesTo: metric.edgeMeasure != nil,
            "\"inferred\" belongs to the edge rules (new-edges, edge-evals), not \(metric.rawValue)")
        if let max, let min, min > max {
            throw problem(node["min"]!, "\(path).min", "min \(metric.format(min)) is above max \(metric.format(max))")
        }
        return BudgetRule(
            view: view, metric: metric, max: max, min: min, maxIncrease: increase,
            level: try node["level"].map { n throws(BudgetError) in try choice(n, "\(path).level", BudgetLevel.self) } ?? .error,
            scenario: try node["scenario"].map { n throws(BudgetError) in try string(n, "\(path).scenario") },
            variant: try node["variant"].map { n throws(BudgetError) in try string(n, "\(path).variant") },
            mark: try node["mark"].map { n throws(BudgetError) in try string(n, "\(path).mark") },
            source: try node["source"].map { n throws(BudgetError) in try glob(n, "\(path).source", of: "source") },
            aggregate: try node["aggregate"].map { n throws(BudgetError) in try choice(n, "\(path).aggregate", RunAggregate.self) },
            includesSystem: includesSystem, countsInferred: countsInferred, path: path, line: node.line)
    }

    /// A rule's boolean `key` (false when absent), which only rules it `appliesTo` may have
    /// (else `misplaced` is the message).
    private func flag(_ node: JSONNode, _ key: String, _ path: String, appliesTo: Bool, _ misplaced: String) throws(BudgetError) -> Bool {
        guard let flagNode = node[key] else { return false }
        guard case .bool(let flag) = flagNode.value else {
            throw problem(flagNode, "\(path).\(key)", "expected true or false, found \(describe(flagNode.value))")
        }
        guard appliesTo else { throw problem(flagNode, "\(path).\(key)", misplaced) }
        return flag
    }

    /// A key given twice is a mistake in a budget (JSON would silently keep one of them).
    private func rejectDuplicates(_ members: [(key: String, node: JSONNode)], path: String) throws(BudgetError) {
        var seen = Set<String>()
        for (key, node) in members where !seen.insert(key).inserted {
            throw problem(node, "\(path).\(key)", "duplicate key '\(key)'")
        }
    }

    /// A glob over `kind`s (views, sources): a string that is not empty.
    private func glob(_ node: JSONNode, _ path: String, of kind: String) throws(BudgetError) -> String {
        let text = try string(node, path)
        guard !text.isEmpty else { throw problem(node, path, "expected a \(kind) glob, found an empty string") }
        return text
    }

    private func string(_ node: JSONNode, _ path: String) throws(BudgetError) -> String {
        guard case .string(let text) = node.value else {
            throw problem(node, path, "expected a string, found \(node.value.typeName)")
        }
        return text
    }

    private func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: JSONNode, _ path: String, _: Choice.Type
    ) throws(BudgetError) -> Choice where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let text) = node.value, let value = Choice(rawValue: text) else {
            throw problem(node, path, "expected one of \(names), found \(describe(node.value))")
        }
        return value
    }

    /// A non-negative number; for duration metrics also a string like `"2ms"`.
    private func limit(_ node: JSONNode, _ path: String, _ metric: BudgetMetric) throws(BudgetError) -> Double {
        switch node.value {
        case .number(let value) where value >= 0 && value.isFinite:
            return value
        case .string(let text) where metric.isDuration:
            guard let value = DurationText.parse(text) else {
                throw problem(node, path, "expected a duration like \"500us\", \"2ms\" or a number of ns, found \"\(text)\"")
            }
            return value
        default:
            let expected = metric.isDuration ? "a duration (\"2ms\") or a non-negative number of ns" : "a non-negative number"
            throw problem(node, path, "expected \(expected), found \(describe(node.value))")
        }
    }

    private func increase(_ node: JSONNode, _ path: String, _ metric: BudgetMetric) throws(BudgetError) -> BudgetIncrease {
        if case .string(let text) = node.value, text.hasSuffix("%") {
            guard let percent = NumberText.decimal(text.dropLast()) else {
                throw problem(node, path, "expected a percentage like \"10%\", found \"\(text)\"")
            }
            return .percent(percent)
        }
        return .absolute(try limit(node, path, metric))
    }

    private func describe(_ value: JSONValue) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        if case .number(let number) = value { return Formatting.number(number) }
        return value.typeName
    }

    private func problem(_ node: JSONNode, _ path: String, _ message: String) -> BudgetError {
        BudgetError(file: file, line: node.line, column: node.column, path: path, message: message)
    }
}
