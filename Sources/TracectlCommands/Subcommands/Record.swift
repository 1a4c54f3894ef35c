import Scenarios

/// `tracectl record`: records a built-in scenario, a child process, or clients on a TCP port.
enum Record: Subcommand {
    static let spec = CommandSpec(
        name: "record",
        abstract: "Record a trace: a built-in scenario, a program you run, or apps connecting over TCP.",
        discussion: """
            Three sources, one per invocation:
              SCENARIO             a built-in scenario (see --list); without --variant, every variant
                                   into -o DIR (an existing directory, or a path ending in /)
              -- CMD ARGS...       a program linking Tracer; it writes to a pipe named by TRACER_OUTPUT
              --listen [HOST:]PORT apps sending JSON lines over TCP (TRACER_OUTPUT=tcp://HOST:PORT)

            An option that does not apply to the source (--duration without --listen, --variant
            without a scenario) is a usage error.
            """,
        positionals: [PositionalSpec(
            name: "scenario", help: "A built-in scenario to run.", isOptional: true, kind: .choice(ScenarioCatalog.all.map(\.name)))],
        options: [Options.output, Options.variant, Options.list, Options.listen, Options.allowRemote, Options.duration],
        acceptsPassthrough: true,
        examples: [
            ("tracectl record scroll-offset --variant view-storage -o scroll.jsonl", "Record one variant of the seed-000 scenario."),
            ("tracectl record scroll-offset -o traces/", "Record every variant into traces/SCENARIO.VARIANT.jsonl."),
            ("tracectl record -o app.jsonl -- .build/debug/tracer-example --events 1000", "Record a program that links Tracer."),
            ("tracectl record --listen 127.0.0.1:7420 -o sim.jsonl --duration 30", "Receive traces from an app over TCP for 30 s."),
        ])

    /// The options `record` reads, in help order.
    enum Options {
        static let output: Option<String> = .path(
            "-o", "--output", valueName: "path",
            help: "Where the trace goes: a file ('-' for standard output), or a directory for every variant.", .writes)
        static let variant: Option<String> = .value("--variant", valueName: "variant", help: "The scenario variant to record.")
        static let list: Option<Bool> = Option<Bool>.flag("--list", help: "List the built-in scenarios, their variants and what each shows.")
            .excluding(output, variant, listen, allowRemote, duration)
        static let listen: Option<String> = .value(
            "--listen", valueName: "host:port", help: "Accept traces over TCP on this address (127.0.0.1 unless a host is given).")
        static let allowRemote: Option<Bool> = .flag("--allow-remote", help: "Allow --listen on an address other than loopback.")
        static let duration: Option<Double> = .duration("--duration", help: "With --listen: stop after this many seconds.")
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let scenario = arguments.positional("scenario")
        if arguments.flag(Options.list) {
            if let extra = scenario ?? (arguments.hasPassthrough ? "--" : nil) {
                throw UsageError("'--list' takes no other arguments (got '\(extra)')", command: spec.name)
            }
            return try RecordScenario.list(console: console)
        }
        let sources = [
            scenario.map { "a scenario ('\($0)')" }, arguments.isGiven(Options.listen) ? "'--listen'" : nil,
            arguments.hasPassthrough ? "'-- CMD'" : nil,
        ].compactMap { $0 }
        guard sources.count <= 1 else {
            throw UsageError("\(sources.joined(separator: " and ")) cannot be combined: record takes one source", command: spec.name)
        }
        try arguments.forbid([Options.duration, Options.allowRemote], unless: Options.listen)
        if scenario == nil { try arguments.forbid([Options.variant], because: "only applies with a scenario") }
        if arguments.hasPassthrough {
            guard !arguments.passthrough.isEmpty else {
                throw UsageError("expected a command after '--'", command: spec.name)
            }
            return try RecordCapture.child(arguments, console: console)
        }
        if arguments.isGiven(Options.listen) { return try RecordCapture.listen(arguments, console: console) }
        guard scenario != nil else {
            throw UsageError("expected a scenario, '--listen [HOST:]PORT' or '-- CMD ARGS...'", command: spec.name)
        }
        return try RecordScenario.run(arguments, console: console)
    }
}
