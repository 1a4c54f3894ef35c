import Foundation
import Testing

/// A test trait giving each test its own directory in the temporary directory (`TMPDIR`), removed
/// with everything in it when the test ends: passed, failed an expectation or threw.
///
/// Put `.temporaryDirectory` on every suite whose tests call `temporaryDirectory()`:
///
/// ```swift
/// @Suite("tracectl report", .temporaryDirectory)
/// struct ReportCommandTests { … }
/// ```
public struct TemporaryDirectoryTrait: TestTrait, SuiteTrait, TestScoping {
    /// The directory of the test running in this task, if its suite has the trait.
    @TaskLocal static var current: String?

    /// The trait applies to every test of the suite (and to each case of a parameterised one).
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // NB: a child that exits before reading all the input a test writes to it must fail that
        // test, not kill the whole test runner with SIGPIPE (every test target shares one process).
        signal(SIGPIPE, SIG_IGN)
        let directory = try Self.makeDirectory(in: FileManager.default.temporaryDirectory.path, prefix: "tracer-tests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await Self.$current.withValue(directory) { try await function() }
    }

    /// Creates `DIRECTORY/PREFIX-UUID` and returns its path.
    static func makeDirectory(in directory: String, prefix: String) throws -> String {
        let path = "\(directory)/\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension Trait where Self == TemporaryDirectoryTrait {
    /// Each test gets a temporary directory, removed when it ends (`temporaryDirectory()`).
    public static var temporaryDirectory: Self { Self() }
}

/// A new, empty directory inside the running test's temporary directory (removed with it when the
/// test ends); its path has no trailing slash.
///
/// - Precondition: the test's suite has the `.temporaryDirectory` trait.
public func temporaryDirectory(prefix: String = "scratch") -> String {
    guard let root = TemporaryDirectoryTrait.current else {
        preconditionFailure("temporaryDirectory() needs the .temporaryDirectory trait on the test's suite")
    }
    do {
        return try TemporaryDirectoryTrait.makeDirectory(in: root, prefix: prefix)
    } catch {
        preconditionFailure("cannot create a directory in \(root): \(error)")
    }
}

/// The path of `name` in a new directory inside the running test's temporary directory (the file
/// is not created).
public func temporaryPath(_ name: String) -> String { temporaryDirectory() + "/" + name }
