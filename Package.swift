// swift-tools-version: 6.0
import PackageDescription

/// Tracer: a state-invalidation profiler for SwiftUI-style view graphs.
///
/// NB: no package dependencies, by design; toolchain modules only.
let package = Package(
    name: "Tracer",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Tracer", targets: ["Tracer"]),
        .library(name: "TraceAnalysis", targets: ["TraceAnalysis"]),
        .executable(name: "tracectl", targets: ["tracectl"]),
        .executable(name: "tracer-bench", targets: ["tracer-bench"]),
    ],
    targets: [
        .target(name: "TracerTicks"),
        .target(name: "Tracer", dependencies: ["TracerTicks"]),
        .target(
            name: "TraceAnalysis", dependencies: ["Tracer"],
            // NB: the unsafe tables' invariants are checked in debug builds (the test suite) only.
            swiftSettings: [.define("TRACER_INTERNAL_CHECKS", .when(configuration: .debug))]
        ),
        .target(name: "TraceCapture", dependencies: ["Tracer"]),
        .target(name: "Scenarios", dependencies: ["Tracer"], path: "Fixtures/Scenarios"),
        .executableTarget(name: "tracectl", dependencies: ["Tracer", "TraceAnalysis", "TraceCapture", "Scenarios"]),
        .executableTarget(
            name: "tracer-bench",
            dependencies: ["Tracer", "TraceAnalysis", "Scenarios"],
            path: "Benchmarks"
        ),
        .executableTarget(name: "tracer-example", dependencies: ["Tracer"], path: "Examples/TracerExample"),
        .executableTarget(name: "tracer-app", dependencies: ["Tracer"], path: "Examples/TracerApp"),
        .testTarget(name: "TracerTests", dependencies: ["Tracer", "tracer-example"]),
        .testTarget(name: "TraceAnalysisTests", dependencies: ["TraceAnalysis", "Tracer"], exclude: ["Golden"]),
        .testTarget(name: "TraceCaptureTests", dependencies: ["TraceCapture", "Tracer", "tracer-example"]),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenarios", "TraceAnalysis", "Tracer"]),
        .testTarget(name: "tracectlTests", dependencies: ["TraceAnalysis", "Tracer", "Scenarios", "tracectl", "tracer-app"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
