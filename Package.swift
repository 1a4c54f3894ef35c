// swift-tools-version: 6.0
import PackageDescription

/// Tracer: a state-invalidation profiler for SwiftUI-style view graphs.
///
/// NB: no package dependencies, by design; toolchain modules only.
///
/// NB: the checked containers' invariants (TraceSupport's flat array, hash table, dense table and
/// interner) are checked after each mutation in debug builds (the test suite) only; the modules
/// built on them take the same setting.
let internalChecks: [SwiftSetting] = [.define("TRACER_INTERNAL_CHECKS", .when(configuration: .debug))]

/// The commit `tracectl --version` names: the `TRACER_COMMIT` environment variable at build time
/// (`scripts/build-artifactbundle.sh` sets it), empty without it.
///
/// NB: from the environment, not `Context.gitInformation`: SwiftPM keys its manifest cache on the
/// environment but not on the checkout's commit, so the latter goes stale between builds.
let buildCommit = Context.environment["TRACER_COMMIT"] ?? ""

let package = Package(
    name: "Tracer",
    // NB: the recorder's Atomic and Mutex (Synchronization) need macOS 15 / iOS 18, above what
    // `@Observable` needs (14 / 17). `scripts/check-portability.sh` checks both, and keeps every
    // target free of Linux-only API, since no Mac compiles the package here.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "TracerCore", targets: ["TracerCore"]),
        .library(name: "Tracer", targets: ["Tracer"]),
        .library(name: "TraceAnalysis", targets: ["TraceAnalysis"]),
        .library(name: "TracerSwiftUI", targets: ["TracerSwiftUI"]),
        .library(name: "TracerTesting", targets: ["TracerTesting"]),
        .executable(name: "tracectl", targets: ["tracectl"]),
        .executable(name: "tracer-bench", targets: ["tracer-bench"]),
        // NB: `swift package tracectl …` (reads only) and `swift package tracectl-write …` (may write
        // in the package directory): SwiftPM grants permissions per plugin, so a verb that reads
        // never asks for one.
        .plugin(name: "TracectlPlugin", targets: ["TracectlPlugin"]),
        .plugin(name: "TracectlWritePlugin", targets: ["TracectlWritePlugin"]),
    ],
    targets: [
        .target(name: "TracerTicks"),
        // NB: the `tracer/1` contract, the recorder and the platform shim: what every producer and
        // reader of traces shares. The model runtime (`Tracer`) re-exports it; nothing else links
        // the model.
        .target(name: "TracerCore", dependencies: ["TracerTicks"]),
        .target(name: "Tracer", dependencies: ["TracerCore"]),
        // NB: the support module holds the pieces two or more rooms share that carry no trace
        // semantics (JSON reading and writing, output streams, markup escaping, zeroed memory,
        // the hash and dense tables); what knows events, views or metrics stays out of it. It is
        // no product: its declarations are `package`.
        .target(name: "TraceSupport", dependencies: ["TracerCore"], swiftSettings: internalChecks),
        // NB: what reads the tracer/1 format: no aggregation, no rendering; TraceAnalysis and
        // TraceImport build on it. It is no product: TraceAnalysis re-exports it, so that a user of
        // the TraceAnalysis product sees its public types (source, read options, progress, header,
        // connections, diagnostics); the reader, the parser, the parsed event and its fields and
        // the line source are `package` (exporters read events through TraceAnalysis's
        // `StreamedEvent`).
        .target(name: "TraceFormat", dependencies: ["TracerCore", "TraceSupport"], swiftSettings: internalChecks),
        .target(name: "TraceAnalysis", dependencies: ["TracerCore", "TraceSupport", "TraceFormat"], swiftSettings: internalChecks),
        // NB: every TracerSwiftUI file is `#if canImport(SwiftUI)` (empty on Linux); what is not
        // SwiftUI API lives in TracerSwiftUICore, which the Linux tests exercise. TracerSwiftUICore
        // is no product: public are only the types TracerSwiftUI's API names (the declaration, the
        // scope path), the rest is `package` (`@usableFromInline` where `traced { }` inlines it).
        .target(name: "TracerSwiftUICore", dependencies: ["TracerCore"]),
        .target(name: "TracerSwiftUI", dependencies: ["TracerSwiftUICore"]),
        // NB: redraw assertions in an app's tests (Swift Testing and XCTest, the toolchain's): a scope
        // recording into memory, read by the analysis; the runtime's graphs and the adapter's
        // traced code record into the scope of the task that runs them.
        .target(name: "TracerTesting", dependencies: ["TracerCore", "TraceAnalysis", "TracerSwiftUICore"]),
        // NB: `tracectl record`'s and `listen`'s capture; no product, its declarations are `package`.
        .target(name: "TraceCapture", dependencies: ["TracerCore"]),
        // NB: the importers write traces; TraceAnalysis reads them. Both read through TraceFormat.
        // It is no product: its declarations are `package` (the command, the MCP server, the tests,
        // the benchmarks and the fuzzers use them).
        // TraceImport builds without the internal-checks flag: a wrong column slot must trap in
        // every build, and its exit test runs on code compiled as users get it.
        .target(name: "TraceImport", dependencies: ["TracerCore", "TraceSupport", "TraceFormat"]),
        // NB: a synthetic `xctrace export` (TOC and swiftui-updates) for tests and benchmarks.
        .target(name: "XctraceSynthetic", path: "Fixtures/XctraceSynthetic"),
        .target(name: "Scenarios", dependencies: ["Tracer"], path: "Fixtures/Scenarios"),
        // NB: the commit `tracectl --version` prints, compiled into one C function.
        .target(name: "TracerBuildInfo", cSettings: [.define("TRACER_COMMIT", to: "\"\(buildCommit)\"")]),
        .target(
            name: "TracectlCommands",
            dependencies: ["Tracer", "TraceSupport", "TraceAnalysis", "TraceImport", "TraceCapture", "Scenarios", "TracerBuildInfo"]
        ),
        .executableTarget(name: "tracectl", dependencies: ["TracectlCommands"]),
        // NB: both plugins run the same file (`Plugins/TracectlPlugin/TracectlCommandPlugin.swift`,
        // linked into the other); each says in its `PluginVerb.swift` whether it may write. They
        // have no tool dependency: they ask SwiftPM to build the `tracectl` product when run (a tool
        // dependency would be built a second time, for the host, by every `swift build` here).
        .plugin(
            name: "TracectlPlugin",
            capability: .command(intent: .custom(
                verb: "tracectl", description: "Runs tracectl's reading commands (report, why, check, diff, graph, advise, validate) in this package."))
        ),
        .plugin(
            name: "TracectlWritePlugin",
            capability: .command(
                intent: .custom(
                    verb: "tracectl-write",
                    description: "Runs a tracectl command that writes files in this package (record -o, import -o, check --junit/--summary)."),
                permissions: [.writeToPackageDirectory(
                    reason: "tracectl writes the trace, JUnit report or summary you name with -o, --junit or --summary in this package's directory.")]
            )
        ),
        .executableTarget(
            name: "tracer-bench",
            dependencies: ["Tracer", "TraceSupport", "TraceAnalysis", "TraceImport", "TracerSwiftUICore", "Scenarios", "XctraceSynthetic"],
            path: "Benchmarks"
        ),
        .executableTarget(name: "tracer-example", dependencies: ["Tracer"], path: "Examples/TracerExample"),
        .executableTarget(name: "tracer-app", dependencies: ["Tracer"], path: "Examples/TracerApp"),
        // NB: what every test target shares (temporary directories that remove themselves).
        .target(name: "TracerTestSupport", path: "Tests/TracerTestSupport"),
        // NB: scenario traces recorded at test time, for the tests that read them.
        .target(name: "ScenarioTestSupport", dependencies: ["Scenarios", "Tracer", "TracerTestSupport"], path: "Tests/ScenarioTestSupport"),
        .testTarget(name: "TracerTests", dependencies: ["Tracer", "TracerCore", "tracer-example", "TracerTestSupport", "ScenarioTestSupport"]),
        .testTarget(
            name: "TracerSwiftUICoreTests",
            dependencies: ["TracerSwiftUICore", "TracerCore", "TraceCapture", "TraceAnalysis", "TraceImport", "Scenarios", "TracerTestSupport"]
        ),
        .testTarget(
            name: "TraceAnalysisTests", dependencies: ["TraceSupport", "TraceFormat", "TraceAnalysis", "TraceImport", "Tracer", "TracerTestSupport", "ScenarioTestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "TraceCaptureTests", dependencies: ["TraceCapture", "TracerCore", "TraceAnalysis", "tracer-example", "TracerTestSupport"]),
        .testTarget(
            name: "TracerTestingTests", dependencies: ["TracerTesting", "TraceAnalysis", "Tracer", "Scenarios", "TracectlCommands", "TracerTestSupport", "ScenarioTestSupport"],
            exclude: ["Examples/counter-budget.json"]),
        .testTarget(name: "TraceImportTests", dependencies: ["TraceImport", "XctraceSynthetic", "TracerTestSupport"]),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenarios", "TraceAnalysis", "TraceImport", "Tracer", "TracerTestSupport", "ScenarioTestSupport"]),
        .testTarget(
            name: "tracectlTests",
            dependencies: ["TraceAnalysis", "TraceImport", "TraceCapture", "Tracer", "Scenarios", "TracectlCommands", "tracectl", "tracer-app", "TracerTestSupport",
                           "ScenarioTestSupport"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
