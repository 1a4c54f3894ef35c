import Foundation
import Scenarios
import Tracer

/// `tracectl record SCENARIO`: plays a built-in scenario into trace files.
enum RecordScenario {
    /// Prints every scenario with its seed, its variants and what each shows.
    static func list(console: Console) throws -> ExitStatus {
        for scenario in ScenarioCatalog.all {
            console.line("\(scenario.name) (\(scenario.seed)): \(scenario.summary)")
            let width = scenario.variants.map(\.name.count).max() ?? 0
            for variant in scenario.variants {
                console.line("  \(variant.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(variant.summary)")
            }
        }
        return .success
    }

    /// Records one variant into `-o FILE` (default: standard output), or, when the scenario has
    /// several variants and `--variant` is absent, every variant into `-o DIR` (default: `.`).
    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let scenario = try lookUp { () throws(ScenarioError) in try ScenarioCatalog.scenario(named: arguments.positional("scenario")!) }
        let output = arguments.value("--output")
        if let variant = arguments.value("--variant") ?? (scenario.variants.count == 1 ? scenario.variants[0].name : nil) {
            guard scenario.variant(named: variant) != nil else {
                throw UsageError(
                    ScenarioError.unknownVariant(
                        scenario: scenario.name, variant: variant, known: scenario.variants.map(\.name)
                    ).description,
                    command: Record.spec.name)
            }
            try record(scenario, variant: variant, to: output ?? "-")
            if let output, output != "-" { console.err("recorded \(scenario.name) \(variant) to \(output)\n") }
            return .success
        }
        let directory = output ?? "."
        try makeDirectory(directory)
        for variant in scenario.variants {
            let path = (directory as NSString).appendingPathComponent("\(scenario.name).\(variant.name).jsonl")
            try record(scenario, variant: variant.name, to: path)
            console.err("recorded \(scenario.name) \(variant.name) to \(path)\n")
        }
        return .success
    }

    /// Records `variant` of `scenario` into the file at `path` ('-': standard output).
    static func record(_ scenario: Scenario, variant: String, to path: String) throws(CommandError) {
        let sink: FileDescriptorSink
        if path == "-" {
            sink = FileDescriptorSink(descriptor: 1, ownsDescriptor: false, name: "standard output")
        } else {
            do { sink = try FileDescriptorSink.file(atPath: path) } catch { throw CommandError(error.description) }
        }
        do {
            // NB: recording closes the sink.
            try scenario.record(variant: variant, to: sink)
        } catch {
            throw CommandError(error.description)
        }
    }

    /// Maps an unknown scenario to a usage error (exit 2) that lists the valid names.
    private static func lookUp(_ body: () throws(ScenarioError) -> Scenario) throws(UsageError) -> Scenario {
        do { return try body() } catch { throw UsageError(error.description, command: Record.spec.name) }
    }

    /// Creates `path` and its parents unless it is already a directory.
    static func makeDirectory(_ path: String) throws(CommandError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create the directory \(path): \(error.localizedDescription)")
        }
    }
}
