import Foundation
import Testing
import TracerTestSupport

/// What links the model runtime: its users (the scenarios, the examples), never the adapter, the
/// capture, the format layer, the analysis or the importers, which see the `tracer/1` contract in
/// TracerCore only.
@Suite struct ModuleBoundaryTests {
    /// How many symbols of module `Tracer` (mangled `6Tracer` and a name) the objects of `module`
    /// define or use, by `nm`.
    static func runtimeSymbols(in module: String) throws -> Int {
        let objects = BuiltProducts.objects(ofModule: module)
        try #require(!objects.isEmpty, "\(module) was not built")
        let nm = Process()
        nm.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        nm.arguments = ["nm"] + objects.map(\.path)
        let pipe = Pipe()
        nm.standardOutput = pipe
        try nm.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        nm.waitUntilExit()
        try #require(nm.terminationStatus == 0)
        return output.split(separator: "\n").filter { $0.contains(/6Tracer[0-9]/) }.count
    }

    @Test("the adapter, the capture, the support module, the format layer, the analysis and the importers contain no symbol of the model runtime",
          arguments: ["TracerSwiftUICore", "TracerSwiftUI", "TraceCapture", "TraceSupport", "TraceFormat", "TraceAnalysis", "TraceImport", "TracerCore"])
    func noRuntimeSymbols(module: String) throws {
        // NB: TracerSwiftUI is empty on Linux; the stand-in package builds it without the runtime.
        guard !BuiltProducts.objects(ofModule: module).isEmpty || module != "TracerSwiftUI" else { return }
        #expect(try Self.runtimeSymbols(in: module) == 0, "\(module) links the model runtime")
    }

    @Test("the count finds the runtime's symbols where the runtime is used: the scenarios")
    func runtimeUsersHaveSymbols() throws {
        #expect(try Self.runtimeSymbols(in: "Scenarios") > 0)
    }
}
