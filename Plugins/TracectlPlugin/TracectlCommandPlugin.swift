import Foundation
import PackagePlugin

/// `swift package tracectl …` and `swift package tracectl-write …`: runs `tracectl` with the
/// arguments as given, in the package's directory, and ends with its exit status.
///
/// NB: SwiftPM forwards both of tracectl's streams to its standard output, and ends with 1 for any
/// failing status, saying which on standard error (`Plugin ended with exit code 2`).
@main
struct TracectlCommandPlugin: CommandPlugin {
    /// Runs the `tracectl` this plugin depends on; a failing status ends the plugin with that status.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "tracectl")
        let process = Process()
        process.executableURL = tool.url
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
}
