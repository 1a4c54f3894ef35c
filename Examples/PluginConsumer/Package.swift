// swift-tools-version: 6.0
import PackageDescription

/// An app's package that adopts Tracer's command plugins: `swift package tracectl …` reads traces,
/// `swift package --allow-writing-to-package-directory tracectl-write …` records and writes
/// reports. `scripts/check-plugin-consumer.sh` drives it.
///
/// NB: the plugins have SwiftPM build Tracer's `tracectl` product (debug) here on their first run:
/// it and the modules it links, nothing else of Tracer (no tests, benchmarks or examples).
let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "Tracer", path: "../..")],
    // NB: an app's targets would depend on the `Tracer` or `TracerSwiftUI` product; the plugins need
    // none, so this package has none.
    targets: []
)
