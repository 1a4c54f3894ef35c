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
        .target(name: "TraceAnalysis", dependencies: ["Tracer"]),
        .target(name: "TraceCapture", dependencies: ["Tracer", "TraceAnalysis"]),
        .target(name: "Scenarios", dependencies: ["Tracer"], path: "Fixtures/Scenarios"),
        .executableTarget(name: "tracectl", dependencies: ["Tracer", "TraceAnalysis", "TraceCapture", "Scenarios"]),
        .executableTarget(
            name: "tracer-bench",
            dependencies: ["Tracer", "TraceAnalysis", "Scenarios"],
            path: "Benchmarks"
        ),
        .executableTarget(name: "tracer-example", dependencies: ["Tracer"], path: "Examples/TracerExample"),
        .executableTarget(name: "tracer-app", dependencies: ["Tracer"], path: "Examples/TracerApp"),
        // NB: what every test target shares (temporary directories that remove themselves).
        .target(name: "TracerTestSupport", path: "Tests/TracerTestSupport"),
        .testTarget(name: "TracerTests", dependencies: ["Tracer", "tracer-example", "TracerTestSupport"]),
        .testTarget(name: "TraceAnalysisTests", dependencies: ["TraceAnalysis", "Tracer", "TracerTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TraceCaptureTests", dependencies: ["TraceCapture", "Tracer", "tracer-example", "TracerTestSupport"]),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenarios", "TraceAnalysis", "Tracer"]),
        .testTarget(
            name: "tracectlTests",
            dependencies: ["TraceAnalysis", "Tracer", "Scenarios", "tracectl", "tracer-app", "TracerTestSupport"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
