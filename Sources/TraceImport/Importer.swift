import TraceFormat
import TracerCore

/// A source `tracectl import` reads: what it recognises, which settings it reads, what a trace it
/// writes may hold, and how it reads its input into a trace while accounting for every record.
///
/// Importers are found through `ImportRegistry` only: `tracectl import --from NAME`, the MCP
/// `import` tool's `from`, `--from auto`'s detection, help and completion all read it, so an
/// importer takes no edit of the command or the MCP server.
///
/// An importer writes its trace through an `ImportedTraceWriter` (in blocks, as it reads) and
/// accounts for each record it read as imported or left out for a reason (`ImportAccounting`).
package protocol Importer: Sendable {
    /// The name `--from` takes, help and completion list (`console`, `xctrace`).
    var name: String { get }
    /// The settings it reads; `tracectl import` refuses the options of the others.
    var reads: Set<ImportSetting> { get }
    /// What the header of a trace it writes may list in `capabilities`: the most its source
    /// holds (an import lists less when its input holds less).
    var capabilities: [TraceCapability] { get }

    /// Whether the input `probe` shows is in this format: `--from auto` takes the first importer
    /// of the registry that recognises it.
    func recognises(_ probe: ImportProbe) -> Bool

    /// Reads `input` and writes its trace to `output`.
    ///
    /// - Parameter failed: called, before the error is thrown, with the accounting of an import
    ///   that read its input but gives no trace (nothing is written then).
    /// - Throws: `TraceError` for input that cannot be read or holds nothing to import, with
    ///   where and why; what was written so far should then be discarded.
    func run(
        _ input: TraceInput, settings: ImportSettings, into output: inout some TextOutputStream,
        failed: (any ImportAccounting) -> Void
    ) throws(TraceError) -> any ImportAccounting
}
