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

    /// Records one variant into `-o FILE` (default: standard output), or into `-o DIR` as
    /// `DIR/SCENARIO.VARIANT.jsonl` when DIR is a directory (or ends in `/`); without `--variant`,
    /// every variant of the scenario, into `-o DIR` (default: `.`) when there are several.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let scenarioName = try arguments.required("scenario")
        let scenario = try lookUp { () throws(ScenarioError) in try ScenarioCatalog.scenario(named: scenarioName) }
        let output = arguments.value(Record.Options.output)
        let variants = arguments.value(Record.Options.variant).map { [$0] } ?? scenario.variants.map(\.name)
        for variant in variants where scenario.variant(named: variant) == nil {
            throw usageError(.unknownVariant(scenario: scenario.name, variant: variant, known: scenario.variants.map(\.name)))
        }
        if variants.count > 1, let output, !isDirectory(output) {
            // NB: a path such as `y.jsonl` would otherwise become a directory of that name.
            throw UsageError(
                "'-o \(output)' must be a directory (an existing one, or ending in '/') for the \(variants.count) variants of \(scenario.name); or pick one with '--variant'",
                command: Record.spec.name)
        }
        guard variants.count > 1 || output.map(isDirectory) == true else {
            try record(scenario, variant: variants[0], to: output ?? "-")
            if let output, output != "-" { console.err("recorded \(scenario.name) \(variants[0]) to \(output)\n") }
            return .success
        }
        let directory = output ?? "."
        try makeDirectory(directory)
        for variant in variants {
            let path = (directory as NSString).appendingPathComponent("\(scenario.name).\(variant).jsonl")
            try record(scenario, variant: variant, to: path)
            console.err("recorded \(scenario.name) \(variant) to \(path)\n")
        }
        return .success
    }

    /// Whether `-o PATH` names a directory: an existing one, or a path ending in `/`.
    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path.hasSuffix("/") || FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
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
        do { return try body() } catch { throw usageError(error) }
    }

    /// `error` as a usage error, with "did you mean" for a near miss of an unknown name.
    private static func usageError(_ error: ScenarioError) -> UsageError {
        var suggestion = ""
        switch error {
        case .unknownScenario(let name, let known), .unknownVariant(_, let name, let known):
            suggestion = ArgumentParser.suggestion(for: name, among: known)
        case .interactionFailed, .sinkFailed:
            break
        }
        return UsageError(error.description + suggestion, command: Record.spec.name)
    }

    /// Creates `path` and its parents unless it is already a directory.
    ///
    /// NB: component by component with `mkdir`, so that the error names the system's reason and
    /// the component at fault (`'out' is a file, not a directory`), which Foundation's does not.
    static func makeDirectory(_ path: String) throws(CommandError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o777) != 0 {
                let failure = errno
                var isDirectory: ObjCBool = false
                guard failure == EEXIST, FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory) else {
                    throw CommandError("cannot create the directory \(path): \(String(cString: strerror(failure)))")
                }
                guard isDirectory.boolValue else {
                    throw CommandError("cannot create the directory \(path): '\(prefix)' is a file, not a directory")
                }
            }
            prefix += "/"
        }
    }
}
