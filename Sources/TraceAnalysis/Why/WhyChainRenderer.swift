import TraceSupport

extension WhyChain {
    /// Whether the chain starts at its root: a write or a mount (else the trace does not record it).
    public var startsAtRoot: Bool { steps.first.map { $0.kind == "write" || $0.kind == "mount" } ?? false }

    /// The chain in `format` (`why --eval`): text for a terminal, the `tracer-why/1` document of
    /// one chain, or a Markdown table.
    public static func render(_ chain: WhyChain, glob: String, format: WhyRenderer.Format) -> String {
        switch format {
        case .text: text(chain)
        case .json: json(chain, glob: glob)
        case .markdown: markdown(chain)
        }
    }

    /// The chain as text: one line per event with its timestamp and the time since the one before.
    public static func text(_ chain: WhyChain) -> String {
        "\(heading(chain))\n\n" + Formatting.table(rows(chain), leftAligned: [3, 4, 5], separatorBefore: 1)
    }

    /// The chain as a Markdown table under a heading.
    static func markdown(_ chain: WhyChain) -> String {
        var rows = rows(chain)
        let header = rows.removeFirst()
        var output = "### \(Formatting.markdown(heading(chain)))\n\n| " + header.joined(separator: " | ") + " |\n"
        output += "|---:|---:|---:|---|---|---|\n"
        for row in rows {
            output += "| " + row.map(Formatting.markdown).joined(separator: " | ") + " |\n"
        }
        return output
    }

    /// The chain as the `tracer-why/1` document of one evaluation: `schema`, `file`, `glob`,
    /// `eval` (its seq), `startsAtRoot` and `chain[]`, each step's `seq`, `ts`, `kind`, `view`,
    /// `detail`, `durNs` and `changed` (`null` where the trace has none), `inferred` (the rule)
    /// on a step whose cause was inferred, `inputs` on an evaluation that names the inputs that
    /// differed, and on a write `values` (`null` unless the trace
    /// recorded values: the `values` object of a path, counting the one write).
    static func json(_ chain: WhyChain, glob: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("schema", WhyRenderer.schema)
        json.field("file", chain.file)
        json.field("glob", glob)
        json.field("eval", chain.steps.last?.seq)
        json.key("startsAtRoot")
        json.bool(chain.startsAtRoot)
        json.objects("chain", chain.steps) { json, step in
            json.field("seq", step.seq)
            json.field("ts", step.ts)
            json.field("kind", step.kind)
            json.field("view", step.view)
            json.field("detail", step.detail)
            json.field("durNs", step.dur)
            json.field("changed", step.changed)
            if let rule = step.inferred { json.field("inferred", rule) }
            WhyRenderer.inputs(step.inputs, into: &json)
            if step.kind == "write" {
                json.key("values")
                if let values = step.values { WhyRenderer.values(values, into: &json) } else { json.null() }
            }
        }
        json.endObject()
        return json.document()
    }

    /// `chain of seq N — FILE`, and a note when its root is not in the trace.
    private static func heading(_ chain: WhyChain) -> String {
        let root = chain.startsAtRoot || chain.steps.isEmpty ? "" : " (its root is not in the trace: n/a)"
        return "chain of seq \(chain.steps.last?.seq ?? 0) — \(chain.file)\(root)"
    }

    /// The header row and one row per event: seq, ts, the time since the event before, kind,
    /// view, and the detail (an evaluation's reason with the inputs that differed,
    /// `inputs-changed: contentOffset`) with the body time, `changed` and a write's value.
    private static func rows(_ chain: WhyChain) -> [[String]] {
        var rows = [["seq", "ts", "+time", "event", "view", "detail"]]
        var previous: Int64?
        for step in chain.steps {
            let gap = zip(previous, step.ts).map { Formatting.duration($1 - $0) } ?? "n/a"
            var detail = step.detail + (step.inputs.isEmpty ? "" : ": " + step.inputs.joined(separator: ", "))
            if let dur = step.dur { detail += (detail.isEmpty ? "" : ", ") + Formatting.duration(dur) }
            if let changed = step.changed { detail += (detail.isEmpty ? "" : ", ") + "changed \(changed)" }
            if let value = step.values.flatMap(WhyText.value) { detail += (detail.isEmpty ? "" : ", ") + value }
            let view = step.inferred == nil ? step.view : "≈ \(step.view)"
            if let rule = step.inferred { detail += (detail.isEmpty ? "" : ", ") + "inferred: \(rule)" }
            rows.append([String(step.seq), step.ts.map { Formatting.duration($0) } ?? "n/a", gap, step.kind, view, detail])
            previous = step.ts
        }
        return rows
    }
}

/// Both values, or nil when either is missing.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
