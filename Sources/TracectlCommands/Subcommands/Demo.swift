import Foundation
import Scenarios
import TraceAnalysis

/// `tracectl demo`: the seed-000 result in numbers — one scrolling screen written three ways.
enum Demo: Subcommand {
    /// The scenario the demo plays; its first variant is the baseline.
    static let scenarioName = "scroll-offset"

    static let spec = CommandSpec(
        name: "demo",
        abstract: "Record the scroll-offset scenario three ways and compare their redraws.",
        discussion: """
            Records every variant of the scroll-offset scenario (seed 000: @State, an
            ObservableObject tracker, @ViewStorage) through 240 offset writes at 120 Hz, then prints
            body evaluations, skips, wasted evaluations and body time per view and in total, with
            the change against @State, names the winner, and writes the traces and an HTML page
            comparing @State with @ViewStorage. Ends with `tracectl advise` on the @State trace and
            its estimated saving next to the one measured against @ViewStorage.
            """,
        options: [Options.out],
        examples: [
            ("tracectl demo", "The comparison, with the traces in a temporary directory."),
            ("tracectl demo --out demo/", "Keep the traces and the page in demo/."),
        ])

    /// The options `demo` reads, in help order.
    enum Options {
        static let out: Option<String> = .path(
            "--out", valueName: "dir", help: "Where the traces and the HTML page go (default: a 'tracer-demo' temporary directory).", .writes)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let scenario = try! ScenarioCatalog.scenario(named: scenarioName)
        let directory = arguments.value(Options.out)
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("tracer-demo")
        try RecordScenario.makeDirectory(directory)
        var profiles: [VisualProfile] = []
        for variant in scenario.variants {
            let path = (directory as NSString).appendingPathComponent("\(scenario.name).\(variant.name).jsonl")
            try RecordScenario.record(scenario, variant: variant.name, to: path)
            profiles.append(try TraceReading.run { () throws(TraceError) in try VisualProfile.load(source: .file(path)) })
        }
        let comparison = VariantComparison(sides: profiles.map { .init(label: $0.label, summary: $0.summary) })
        console.line("\(scenario.name) (\(scenario.seed)): \(scenario.summary)")
        console.line("\(profiles[0].summary.totals.writes) offset writes at 120 Hz, down past the threshold and back up.\n")
        console.out(comparison.table())
        console.line()
        console.line(comparison.verdict)
        let (base, best) = (profiles[0], profiles.last!)
        let page = (directory as NSString).appendingPathComponent("\(scenario.name).\(base.label)-vs-\(best.label).html")
        var output = try CommandOutput.open(path: page)
        output.write(HTMLReport.diff(TraceDiff(base: base, variant: best)))
        try CommandOutput.close(&output)
        console.line()
        console.line("Traces: \(directory)/\(scenario.name).{\(scenario.variants.map(\.name).joined(separator: ","))}.jsonl")
        console.line("HTML:   \(page)")
        try advise(base, best, console: console)
        return .success
    }

    /// Prints the advice for `base`'s trace and, beside its top estimate, what `best` measures.
    private static func advise(_ base: VisualProfile, _ best: VisualProfile, console: Console) throws {
        let report = try TraceReading.run { () throws(TraceError) in try TraceAdvisor.advise(source: .file(base.summary.file)) }
        console.line()
        console.line("$ tracectl advise \(base.summary.file)")
        console.out(AdviceRenderer.render(report, format: .text))
        guard let top = report.findings.first else { return }
        let measured = base.summary.totals.bodyEvals - best.summary.totals.bodyEvals
        console.line()
        console.line("Estimated by advise: \(top.savings.bodyEvals) fewer body evaluations; "
            + "measured with \(best.label): \(measured) fewer.")
    }
}
