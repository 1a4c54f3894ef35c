// swift-tools-version: 6.0
// The package `scripts/check-swiftui-adapter.sh` builds in `.build-swiftui/` (as its Package.swift,
// with Sources/ and Tests/ linked to the real directories): TracerSwiftUI and the SwiftUI example
// compiled against the stand-in SwiftUI and Combine modules, and the adapter's tests.
//
// NB: never part of the root package, where a module named SwiftUI would make
// `canImport(SwiftUI)` true on Linux.
import PackageDescription

let package = Package(
    name: "TracerSwiftUIStandIn",
    platforms: [.macOS(.v15), .iOS(.v18)],
    targets: [
        .target(name: "Combine"),
        .target(name: "SwiftUI", dependencies: ["Combine"]),
        .target(name: "TracerTicks"),
        .target(name: "TracerCore", dependencies: ["TracerTicks"]),
        .target(name: "TracerSwiftUICore", dependencies: ["TracerCore"]),
        .target(name: "TracerSwiftUI", dependencies: ["TracerSwiftUICore", "SwiftUI", "Combine"]),
        .executableTarget(name: "SwiftUIScrollOffset", dependencies: ["TracerSwiftUI", "SwiftUI"]),
        // NB: counts the test thread's heap allocations by interposing malloc & co.
        .target(name: "AllocationCounter"),
        .testTarget(
            name: "TracerSwiftUITests",
            dependencies: ["TracerSwiftUI", "TracerSwiftUICore", "SwiftUI", "Combine", "AllocationCounter"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
