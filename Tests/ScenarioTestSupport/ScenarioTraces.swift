import Foundation
import Synchronization
import TracerTestSupport

/// Scenario traces for tests that read them as input: recorded at test time and normalised as the
/// scenario goldens keep them (`ScenarioGoldenTests`), so that no test depends on a checked-in
/// copy of a long trace.
public enum ScenarioTraces {
    /// Traces recorded so far in this process, by name.
    private static let recorded = Mutex<[String: String]>([:])

    /// The normalised trace `name`, written `SCENARIO.VARIANT` (`lazy-stack.state-object`): recorded
    /// once per test process.
    ///
    /// - Throws: `ScenarioError` for a name that is no scenario's variant.
    public static func normalised(_ name: String) throws -> String {
        if let trace = recorded.withLock({ $0[name] }) { return trace }
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let trace = ScenarioRecording.normalise(try ScenarioRecording.lines(parts[0], parts.count > 1 ? parts[1] : ""))
        recorded.withLock { $0[name] = trace }
        return trace
    }

    /// Writes the normalised trace `name` (see `normalised(_:)`) as `NAME.jsonl` into `directory`
    /// and returns its path.
    public static func write(_ name: String, into directory: String) throws -> String {
        let path = "\(directory)/\(name).jsonl"
        try Data(try normalised(name).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The path of the normalised trace `name` (see `normalised(_:)`), written into a new directory
    /// inside the running test's temporary directory.
    ///
    /// - Precondition: the test's suite has the `.temporaryDirectory` trait.
    public static func file(_ name: String) throws -> String {
        try write(name, into: temporaryDirectory(prefix: "scenarios"))
    }
}
