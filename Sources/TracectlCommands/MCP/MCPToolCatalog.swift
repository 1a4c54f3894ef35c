import TraceAnalysis
import TraceImport

/// The tools `tracectl mcp` offers: each a `tracectl` subcommand with a JSON document, its
/// arguments mirroring the command's options.
enum MCPToolCatalog {
    /// Every tool, in the order `tools/list` lists them.
    ///
    /// NB: computed, as `importLog` is.
    static var tools: [MCPTool] { [listTraces, report, graph, why, diff, advise, check, validate, importLog] }

    /// The tool named `name`.
    static func tool(named name: String) -> MCPTool? { tools.first { $0.name == name } }

    private static let trace = MCPParameter.positional("trace", .inputPath, "The trace (a tracer/1 JSONL file) under the root.")
    private static let lenient = MCPParameter.option("lenient", .boolean, "--lenient", "Skip invalid lines (counting them) instead of failing.")
    /// `top`, passed as `default` when absent: MCP's defaults keep a result readable whole (report:
    /// 25 views, graph: 50 edges, why: 5 paths a view).
    private static func top(default value: Int, _ help: String) -> MCPParameter {
        var parameter = MCPParameter.option("top", .integer, "--top", help + " (\(value) unless given).")
        parameter.serverDefault = value
        return parameter
    }
    private static let slice = [
        MCPParameter.option("mark", .string, "--mark", "Only the intervals of marks of this name (each up to the next mark)."),
        MCPParameter.option("from", .string, "--from", "Start at the first mark of this name, or at this ts (ns)."),
        MCPParameter.option("to", .string, "--to", "Stop at the next mark of this name, or at this ts (ns; excluded)."),
    ]

    /// `list_traces`: the trace files under the root with their headers (not a subcommand).
    static let listTraces = MCPTool(
        name: "list_traces", description: "List the trace files (*.jsonl) under the root with their headers: scenario, variant, source, capabilities.",
        command: [], parameters: [MCPParameter.server("directory", .string, "Only traces under this directory (relative to the root).")],
        documentSchema: MCPTraceList.schema,
        requiredKeys: [.init("schema", "string"), .init("root", "string"), .init("traces", "array")])

    static let report = MCPTool(
        name: "report", description: "Per view: body evaluations, skips, wasted evaluations, invalidations, writes, body time and the root writes that led to them (tracer-report/1).",
        command: ["report", "--format", "json"],
        parameters: [
            trace,
            .option("sort", .choice(ReportOptions.Sort.allCases.map(\.rawValue)), "--sort", "The order of the views."),
            top(default: 25, "Only the first N views"),
            .option("view", .string, "--view", "Only views whose path matches this glob (e.g. 'MyView', '*/Row[*]')."),
            .option("conn", .integer, "--conn", "Only the events of connection N of a 'record --listen' trace."), lenient,
        ],
        documentSchema: "tracer-report/1",
        requiredKeys: [
            .init("schema", "string"), .init("trace", "object"), .init("views", "array"), .init("totals", "object"),
            .init("marks", "array"), .init("warnings", "array"),
        ])

    static let graph = MCPTool(
        name: "graph", description: "The cause graph: which writes and views lead to which views' evaluations and skips, with counts (tracer-graph/1).",
        command: ["graph", "--format", "json"],
        parameters: [
            trace, .option("min_count", .integer, "--min-count", "Only edges with at least N evaluations and skips."),
            top(default: 50, "Only the N heaviest edges"),
            .option("view", .string, "--view", "Only edges from or to a view matching the glob."),
        ] + slice + [lenient],
        documentSchema: "tracer-graph/1",
        requiredKeys: [.init("schema", "string"), .init("file", "string"), .init("nodes", "array"), .init("edges", "array")])

    static let why = MCPTool(
        name: "why", description: "The cause paths of the evaluations of the views a glob matches: root write, each step with its reason, counts and share (tracer-why/1).",
        command: ["why", "--format", "json"],
        parameters: [
            trace, .positional("view", .string, "The views to explain: a path or glob (e.g. 'MyView/MyScrollView', '**/Row[*]')."),
            top(default: 5, "Each view's N main paths, the rest summed in one line"),
            .option("eval", .integer, "--eval", "The chain of the evaluation (or skip) with this seq."),
        ] + slice + [lenient],
        documentSchema: "tracer-why/1",
        // NB: `views` for the paths of the matching views, `chain` for one evaluation's (`eval`).
        requiredKeys: [.init("schema", "string"), .init("file", "string"), .init("glob", "string")])

    static let diff = MCPTool(
        name: "diff", description: "Compare two traces view by view: evaluations, skips, wasted evaluations and body time, and the cause edges that changed (tracer-diff/1).",
        command: ["diff", "--format", "json"],
        parameters: [
            .positional("base", .inputPath, "The baseline trace under the root."),
            .positional("variant", .inputPath, "The trace to compare with it."),
            .option("force", .boolean, "--force", "Compare traces even when their scenarios differ."),
            .option("base_runs", .inputPaths, "--base-run", "Other runs of the base (edges take the median over runs)."),
            .option("variant_runs", .inputPaths, "--variant-run", "Other runs of the variant."), lenient,
        ],
        documentSchema: "tracer-diff/1",
        requiredKeys: [
            .init("schema", "string"), .init("verdict", "string"), .init("base", "object"), .init("variant", "object"),
            .init("totals", "object"), .init("views", "array"),
        ])

    static let advise = MCPTool(
        name: "advise", description: "Findings that would save body evaluations (a view reading more state than it shows, a missing Equatable, …) with their savings (tracer-advice/1).",
        command: ["advise", "--format", "json"],
        parameters: [trace, .option("min_savings", .integer, "--min-savings", "Only findings saving at least N evaluations."), lenient],
        documentSchema: "tracer-advice/1",
        requiredKeys: [.init("schema", "string"), .init("trace", "object"), .init("findings", "array"), .init("warnings", "array")])

    static let check = MCPTool(
        name: "check", description: "Hold traces to a redraw budget: each rule's figure, limit and status; a failed rule is a result, not an error (tracer-check/1).",
        command: ["check", "--format", "json"],
        parameters: [
            .positional("traces", .inputPaths, "The traces to check (several: their median or the budget's aggregate)."),
            .option("budget", .inputPath, "--budget", "The budget file (tracer-budget/1) under the root."),
            .option("baseline", .inputPath, "--baseline", "The trace relative limits (maxIncrease) are measured against."),
            .option("allow_empty", .boolean, "--allow-empty", "Pass (with a warning) when no rule was checked."), lenient,
        ],
        documentSchema: "tracer-check/1",
        requiredKeys: [
            .init("schema", "string"), .init("status", "string"), .init("traces", "array"), .init("results", "array"),
            .init("summary", "object"),
        ],
        documentOption: nil, documentStatuses: [0, 1])

    static let validate = MCPTool(
        name: "validate", description: "Check a trace against the tracer/1 contract: each finding with its line, column and severity (tracer-validate/1).",
        command: ["validate", "--format", "json"],
        parameters: [trace, .option("limit", .integer, "--limit", "Report at most N findings.")],
        documentSchema: "tracer-validate/1",
        requiredKeys: [
            .init("schema", "string"), .init("file", "string"), .init("conforms", "boolean"), .init("errors", "integer"),
            .init("warnings", "integer"), .init("findings", "array"),
        ],
        documentOption: nil, documentStatuses: [0, 2])

    /// `import`, its `from` choices the importer registry's (`ImportRegistry`), which a test may add to for its task.
    static var importLog: MCPTool { MCPTool(
        name: "import", description: "Import a captured console, unified-log records or an Instruments export as a tracer/1 trace under the root; the result says what was read, imported and left out (tracer-import-summary/1).",
        command: ["import"],
        parameters: [
            .positional("log", .inputPath, "The console text, log records or xctrace export under the root."),
            MCPParameter(name: "output", kind: .outputPath, passing: .option("-o"), help: "Where to write the trace (under the root).", isRequired: true),
            .server("overwrite", .boolean, "Replace the output file when it exists (refused otherwise)."),
            .option("from", .choice(ImportRegistry.names), "--from", "The input's format."),
            .option("strict", .boolean, "--strict", "Fail on a line that looks like a change record but does not parse."),
            .option("run", .integer, "--run", "xctrace: the run to import."),
            .option("process", .string, "--process", "xctrace: the process to import (name or pid)."),
            .option("all_modules", .boolean, "--all-modules", "xctrace: keep the body rows of SwiftUI's own modules."),
            .option("scenario", .string, "--scenario", "xctrace: the scenario the trace's header names."),
            .option("variant", .string, "--variant", "xctrace: the variant the trace's header names."),
        ],
        documentSchema: "tracer-import-summary/1",
        requiredKeys: [
            .init("schema", "string"), .init("file", "string"), .init("source", "string"), .init("events", "integer"),
            .init("tables", "array"), .init("warnings", "array"),
        ],
        documentOption: "--summary-json", writesFiles: true) }
}
