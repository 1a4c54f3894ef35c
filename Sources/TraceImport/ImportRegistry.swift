import TraceFormat

/// The importers `tracectl import` knows, in the order `--from` lists them and `--from auto`
/// asks them: the one list the command, the MCP `import` tool, help and completion read.
package enum ImportRegistry {
    /// `--from`'s default: the importer that recognises the input, else the change logs' reader.
    package static let automatic = "auto"

    /// The importers of every build.
    static let standard: [any Importer] = [TraceImporter(format: .console), TraceImporter(format: .oslog), XctraceImporter()]

    /// The importers a test registered for its own task (`registering(_:_:)`).
    @TaskLocal private static var registered: [any Importer] = []

    /// Every importer: the standard ones, then those registered in this task.
    package static var importers: [any Importer] { standard + registered }

    /// `--from`'s choices: `auto`, then each importer's name.
    package static var names: [String] { [automatic] + importers.map(\.name) }

    /// The importer `--from name` chooses for `input`: the one of that name, or for `auto` the
    /// one `detect(_:)` finds; nil for an unknown name.
    package static func importer(named name: String, for input: TraceInput) -> (any Importer)? {
        name == automatic ? detect(input) : importers.first { $0.name == name }
    }

    /// The first importer that recognises `input`, else the change logs' reader, which settles
    /// console or oslog at the first line that is a change or log record.
    ///
    /// NB: a change log may open with any other output, so no importer recognises one from its
    /// first bytes; it is what is left.
    package static func detect(_ input: TraceInput) -> any Importer {
        let probe = ImportProbe(input)
        return importers.first { $0.recognises(probe) } ?? TraceImporter(format: .auto)
    }

    /// Runs `body` with `importer` registered after the standard ones, for the task that runs it
    /// (and the tasks it starts): how a test shows that an importer needs no other code.
    package static func registering<Result>(_ importer: any Importer, _ body: () throws -> Result) rethrows -> Result {
        try $registered.withValue(registered + [importer], operation: body)
    }
}
