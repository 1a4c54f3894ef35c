// swift-tools-version: 6.2
// The package `scripts/check-swiftui-adapter.sh` builds in `.build-swiftui/` (as its Package.swift,
// with Sources/ and Tests/ linked to the real directories): TracerSwiftUI and the SwiftUI example
// compiled against the stand-in SwiftUI and Combine modules, and the adapter's tests.
//
// NB: never part of the root package, where a module named SwiftUI would make
// `canImport(SwiftUI)` true on Linux.
import PackageDescription

/// The adapter, its example and its tests: Swift 6 mode, every warning an error, as in an app
/// that builds with warnings as errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// The stand-ins: the Swift 5 language mode, as Apple builds SwiftUI and Combine, so that a
/// Swift 6 client gets the same dynamic isolation checks on the closures it hands them.
///
/// NB: with library evolution, as Apple builds them: `State` and `Binding` are resilient to their
/// clients beyond what their declarations make `@frozen` or `@inlinable` (as Apple's interface),
/// so neither an untraced twin nor a traced path is specialised into the caller.
let asAppleBuildsIt: [SwiftSetting] = [.swiftLanguageMode(.v5), .unsafeFlags(["-enable-library-evolution"])]

let package = Package(
    name: "TracerSwiftUIStandIn",
    platforms: [.macOS(.v15), .iOS(.v18)],
    targets: [
        .target(name: "Combine", swiftSettings: asAppleBuildsIt),
        .target(name: "SwiftUI", dependencies: ["Combine"], swiftSettings: asAppleBuildsIt),
        // NB: DWARF 4, as CallgrindDump below: TracerTicks.c defines the adapter's activity count.
        .target(name: "TracerTicks", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "TracerCore", dependencies: ["TracerTicks"]),
        .target(name: "TracerSwiftUICore", dependencies: ["TracerCore"], swiftSettings: strict),
        .target(name: "TracerSwiftUI", dependencies: ["TracerSwiftUICore", "SwiftUI", "Combine"], swiftSettings: strict),
        // NB: TracerTesting and the analysis it reads with, for the redraw assertions on the adapter.
        .target(name: "TraceSupport", dependencies: ["TracerCore"]),
        .target(name: "TraceFormat", dependencies: ["TracerCore", "TraceSupport"]),
        .target(name: "TraceAnalysis", dependencies: ["TracerCore", "TraceSupport", "TraceFormat"]),
        .target(name: "TracerTesting", dependencies: ["TracerCore", "TraceAnalysis", "TracerSwiftUICore"], swiftSettings: strict),
        // NB: the example leaves Tracer out of a Release build as its README tells an app to
        // (`TRACER` defined for Debug only); scripts/check-swiftui-adapter.sh checks both builds.
        .executableTarget(
            name: "SwiftUIScrollOffset", dependencies: ["TracerSwiftUI", "SwiftUI"], exclude: ["README.md"],
            swiftSettings: strict + [.define("TRACER", .when(configuration: .debug))]
        ),
        // NB: `adapter-bench`: Tracer's added cost on each path an app takes, over its untraced twin.
        .executableTarget(
            name: "adapter-bench", dependencies: ["TracerSwiftUI", "TracerSwiftUICore", "TracerCore", "SwiftUI", "AllocationCounter", "CallgrindDump"], path: "Sources/AdapterBench",
            swiftSettings: strict
        ),
        // NB: counts the test thread's heap allocations by interposing malloc & co.
        .target(name: "AllocationCounter"),
        // NB: `adapter-bench --instructions` marks each side's end for callgrind (a client request).
        // (DWARF 4: valgrind 3.19 cannot read clang's DWARF 5 and gives up on the whole binary.)
        .target(name: "CallgrindDump", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // NB: the root package's test support: temporary directories and the public API's lists.
        .target(name: "TracerTestSupport", path: "Tests/TracerTestSupport"),
        // NB: the Mac kit (Examples/MacKit, scripts/check-on-mac.sh), compiled against the stand-in only.
        .testTarget(name: "MacKitTests", dependencies: ["TracerSwiftUI", "TracerTesting", "SwiftUI"], swiftSettings: strict),
        .testTarget(
            name: "TracerSwiftUITests",
            dependencies: ["TracerSwiftUI", "TracerSwiftUICore", "TracerTesting", "SwiftUI", "Combine", "AllocationCounter", "TracerTestSupport"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
