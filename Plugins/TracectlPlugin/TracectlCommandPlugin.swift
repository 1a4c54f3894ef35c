import Foundation
import PackagePlugin

/// `swift package tracectl …` and `swift package tracectl-write …`: runs `tracectl` with the
/// arguments as given, in the package's directory, and ends with its exit status.
///
/// NB: SwiftPM forwards both of tracectl's streams to its standard output, and ends with 1 for any
/// failing status, saying which on standard error (`Plugin ended with exit code 2`).
@main
struct TracectlCommandPlugin: CommandPlugin {
    /// Runs `tracectl`; a failing status ends the plugin with that status.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try tracectl(context)
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        var environment = ProcessInfo.processInfo.environment
        // NB: tracectl refuses every option that names a file it would write while this variable
        // is set (the same name in `Tracectl.readOnlyVariable`).
        if !PluginVerb.writesFiles { environment["TRACECTL_READ_ONLY"] = PluginVerb.writingVerb }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }

    /// The `tracectl` to run: the binary target the plugin depends on where a package declares one
    /// (the artifact bundle), else Tracer's `tracectl` product, built (debug) by SwiftPM now.
    ///
    /// NB: not a tool dependency on the `tracectl` target: SwiftPM would build that tool (tracectl
    /// and every module it links, a second time) in each `swift build` of Tracer itself.
    private func tracectl(_ context: PluginContext) throws -> URL {
        if let bundled = try? context.tool(named: "tracectl") { return bundled.url }
        let result = try packageManager.build(.product("tracectl"), parameters: .init(configuration: .debug, logging: .concise))
        guard result.succeeded, let built = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "tracectl" })
        else {
            Diagnostics.error("building tracectl failed:\n\(result.logText)")
            exit(1)
        }
        return built.url
    }
}
