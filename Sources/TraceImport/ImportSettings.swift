/// What `tracectl import` is told besides the input and its format: each importer reads the
/// settings it names (`Importer.reads`), and the command refuses the others.
package struct ImportSettings: Sendable {
    /// Whether a record that looks like one but does not parse (xctrace: an unresolved
    /// reference) is an error.
    package var strict = false
    /// The run to import (default: the last).
    package var run: Int?
    /// The process to keep, by name or pid (default: the TOC's target, else the process with the
    /// most body rows).
    package var process: String?
    /// Keep the rows of SwiftUI's own modules (`SwiftUI`, `SwiftUICore`).
    package var allModules = false
    /// The scenario named in the trace's header; nil for none.
    package var scenario: String?
    /// The variant named in the trace's header; nil for none.
    package var variant: String?

    /// Every setting its default, as when no option is given.
    package init() {}
}

/// One of `ImportSettings`' fields, as an importer names those it reads.
package enum ImportSetting: Sendable, CaseIterable {
    /// `strict`: `--strict`.
    case strict
    /// `run`: `--run`.
    case run
    /// `process`: `--process`.
    case process
    /// `allModules`: `--all-modules`.
    case allModules
    /// `scenario`: `--scenario`.
    case scenario
    /// `variant`: `--variant`.
    case variant
}
