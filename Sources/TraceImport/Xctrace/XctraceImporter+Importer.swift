import TraceFormat
import TracerCore

extension XctraceImporter: Importer {
    /// `xctrace`.
    package var name: String { "xctrace" }

    /// Every setting: the run, the process, the modules kept, `--strict` and the header's names.
    package var reads: Set<ImportSetting> { Set(ImportSetting.allCases) }

    /// The new instrument's kinds and fields (the cause graph's among them), the legacy
    /// instruments' `state-init`, update groups, hitches, marks and the values writes recorded.
    package var capabilities: [TraceCapability] {
        [.write, .invalidate, .bodyEval, .skip, .duration, .cause, .wrapper, .stateInit, .group, .hitch, .mark, .values]
    }

    /// A `.trace` (to export), a directory (of exported tables), or an `xctrace export` XML document.
    package func recognises(_ probe: ImportProbe) -> Bool {
        guard let path = probe.path else { return false }
        if path.hasSuffix(".trace") || path.hasSuffix(".trace/") || probe.isDirectory { return true }
        return probe.head.withUnsafeBytes(XctraceDocumentKind.detect(prefix:)) != nil
    }

    /// Reads the export at `input`'s path (never standard input: an export is a directory, a
    /// document of several tables or a `.trace`).
    package func run(
        _ input: TraceInput, settings: ImportSettings, into output: inout some TextOutputStream,
        failed: (any ImportAccounting) -> Void
    ) throws(TraceError) -> any ImportAccounting {
        guard case .file(let path) = input else {
            throw Self.failure(input.displayName, "an Instruments export is a directory, an XML document or a .trace, not a stream: name it")
        }
        return try Self.run(path: path, options: settings, into: &output) { failed($0) }
    }
}
