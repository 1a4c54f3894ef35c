#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Chooses a recorder's sink from the environment: `TRACER_OUTPUT=/path`, `fd:3`, `tcp://HOST:PORT`
/// or a path in an app container (`documents:trace.jsonl`, see `ContainerLocation`).
extension TraceRecorder {
    /// The environment variable naming where a program's trace goes.
    public static let outputVariable = "TRACER_OUTPUT"

    /// The environment variable that turns value recording on (`TRACER_VALUES=1`).
    public static let valuesVariable = "TRACER_VALUES"

    /// Whether `environment` asks for values: `TRACER_VALUES=1`.
    public static func valuesRequested(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment[valuesVariable] == "1"
    }

    /// The process-wide recorder named by `TRACER_OUTPUT`, or nil when it is unset.
    ///
    /// NB: created on first use; an unusable value is reported once on stderr and yields nil,
    /// so the host program runs on untraced.
    public static let shared: TraceRecorder? = fromEnvironment()

    /// A recorder for `TRACER_OUTPUT` in `environment`; nil when unset or unusable (reported).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        metadata: TraceMetadata = TraceMetadata()
    ) -> TraceRecorder? {
        guard let value = environment[outputVariable], !value.isEmpty else { return nil }
        do {
            return TraceRecorder(sink: try sink(for: value), metadata: metadata, values: valuesRequested(environment))
        } catch {
            reportError("\(outputVariable)=\(value): \(error.reason); not recording")
            return nil
        }
    }

    /// The sink a `TRACER_OUTPUT` value names.
    public static func sink(for value: String) throws(TraceSinkError) -> any TraceSink {
        if value.hasPrefix("tcp://") { return try TCPSink.parse(value) }
        if value.hasPrefix("fd:") {
            guard let descriptor = Int32(value.dropFirst(3)), descriptor >= 0 else {
                throw TraceSinkError(sink: value, reason: "expected fd:N with N a file descriptor number")
            }
            guard fcntl(descriptor, F_GETFD) >= 0 else {
                throw TraceSinkError(sink: value, reason: "file descriptor \(descriptor) is not open")
            }
            return FileDescriptorSink(descriptor: descriptor, ownsDescriptor: false)
        }
        return try FileDescriptorSink.file(atPath: ContainerLocation.path(for: value) ?? value)
    }
}
