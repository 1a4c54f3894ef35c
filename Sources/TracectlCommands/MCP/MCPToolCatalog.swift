/// The tools `tracectl mcp` offers: each a `tracectl` subcommand with a JSON document, its
/// arguments derived from the command's spec (`MCPTool`), and what MCP adds.
enum MCPToolCatalog {
    /// Every tool, in the order `tools/list` lists them.
    ///
    /// NB: computed, as `importLog` is.
    static var tools: [MCPTool] { [listTraces, report, graph, why, diff, advise, check, validate, importLog] }

    /// The tool named `name`.
    static func tool(named name: String) -> MCPTool? { tools.first { $0.name == name } }

    /// `list_traces`: the trace files under the root with their headers (not a subcommand).
    static let listTraces = MCPTool(
        serverTool: "list_traces", description: "List the trace files (*.jsonl) under the root with their headers: scenario, variant, source, capabilities.",
        parameters: [MCPParameter.server("directory", .text, "Only traces under this directory (relative to the root).")],
        documentSchema: MCPTraceList.schema,
        requiredKeys: [.init("schema", "string"), .init("root", "string"), .init("traces", "array")])

    // NB: `top`'s server defaults keep a result readable whole (report: 25 views, graph: 50 edges,
    // why: 5 paths a view); `top: "all"` asks for every one.
    static let report = MCPTool(
        Report.spec, description: "Per view: body evaluations, skips, wasted evaluations, invalidations, writes, body time and the root writes that led to them (tracer-report/1).",
        leftOut: ["--values": "the page carries values; the JSON never does"], serverDefaults: ["--top": "25"],
        documentSchema: "tracer-report/1",
        requiredKeys: [
            .init("schema", "string"), .init("trace", "object"), .init("views", "array"), .init("totals", "object"),
            .init("marks", "array"), .init("warnings", "array"),
        ])

    static let graph = MCPTool(
        Graph.spec, description: "The cause graph: which writes and views lead to which views' evaluations and skips, with counts (tracer-graph/1).",
        serverDefaults: ["--top": "50"],
        documentSchema: "tracer-graph/1",
        requiredKeys: [.init("schema", "string"), .init("file", "string"), .init("nodes", "array"), .init("edges", "array")])

    static let why = MCPTool(
        Why.spec, description: "The cause paths of the evaluations of the views a glob matches: root write, each step with its reason, counts and share (tracer-why/1).",
        serverDefaults: ["--top": "5"],
        documentSchema: "tracer-why/1",
        // NB: `views` for the paths of the matching views, `chain` for one evaluation's (`eval`).
        requiredKeys: [.init("schema", "string"), .init("file", "string"), .init("glob", "string")])

    static let diff = MCPTool(
        Diff.spec, description: "Compare two traces view by view: evaluations, skips, wasted evaluations and body time, and the cause edges that changed (tracer-diff/1).",
        leftOut: [
            "--weight": "only the folded and svg formats use it",
            "--top": "only the mermaid and dot formats use it",
        ],
        documentSchema: "tracer-diff/1",
        requiredKeys: [
            .init("schema", "string"), .init("verdict", "string"), .init("base", "object"), .init("variant", "object"),
            .init("totals", "object"), .init("views", "array"),
        ])

    static let advise = MCPTool(
        Advise.spec, description: "Findings that would save body evaluations (a view reading more state than it shows, a missing Equatable, …) with their savings (tracer-advice/1).",
        documentSchema: "tracer-advice/1",
        requiredKeys: [.init("schema", "string"), .init("trace", "object"), .init("findings", "array"), .init("warnings", "array")])

    static let check = MCPTool(
        Check.spec, description: "Hold traces to a redraw budget: each rule's figure, limit and status; a failed rule is a result, not an error (tracer-check/1).",
        leftOut: [
            "--color": "no terminal",
            "--junit": "a file for CI, not a result",
            "--summary": "a file for CI, not a result",
            "--github": "annotations for a GitHub Actions log, not a result",
            "--source-root": "reads source files outside the traces",
            "--write-budget": "writes a budget file",
            "--headroom": "goes with --write-budget",
        ],
        documentSchema: "tracer-check/1",
        requiredKeys: [
            .init("schema", "string"), .init("status", "string"), .init("traces", "array"), .init("results", "array"),
            .init("summary", "object"),
        ],
        documentOption: nil, documentStatuses: [0, 1])

    static let validate = MCPTool(
        Validate.spec, description: "Check a trace against the tracer/1 contract: each finding with its line, column and severity (tracer-validate/1).",
        documentSchema: "tracer-validate/1",
        requiredKeys: [
            .init("schema", "string"), .init("file", "string"), .init("conforms", "boolean"), .init("errors", "integer"),
            .init("warnings", "integer"), .init("findings", "array"),
        ],
        documentOption: nil, documentStatuses: [0, 2])

    /// `import`, its `from` choices the importer registry's (`ImportRegistry`), which a test may
    /// add to for its task.
    ///
    /// NB: the trace goes to `output`, required (on standard output it would be no result); the
    /// document is the summary the command writes to `--summary-json`.
    static var importLog: MCPTool { MCPTool(
        Import.spec, description: "Import a captured console, unified-log records or an Instruments export as a tracer/1 trace under the root; the result says what was read, imported and left out (tracer-import-summary/1).",
        fixed: [], requiring: [CommonOptions.output.spec.canonicalName],
        serverParameters: [.server("overwrite", .flag, "Replace the output file when it exists (refused otherwise).")],
        documentSchema: "tracer-import-summary/1",
        requiredKeys: [
            .init("schema", "string"), .init("file", "string"), .init("source", "string"), .init("events", "integer"),
            .init("tables", "array"), .init("warnings", "array"),
        ],
        documentOption: "--summary-json", writesFiles: true) }
}
