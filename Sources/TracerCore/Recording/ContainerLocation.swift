import Foundation

/// A `TRACER_OUTPUT` path relative to one of the app's container directories, for where a path
/// from a shell means nothing (an iOS app on a device has no writable working directory):
/// `documents:NAME`, `caches:NAME`, `tmp:NAME`, or `app-group:GROUP-ID/NAME`.
///
/// `NAME` is a relative path (no empty or `..` segment) in that directory, which must exist.
public enum ContainerLocation: String, CaseIterable, Sendable {
    /// The app's Documents directory (`documents:NAME`).
    case documents
    /// The app's Caches directory (`caches:NAME`).
    case caches
    /// The app's temporary directory (`tmp:NAME`).
    case tmp
    /// An app group's container (`app-group:GROUP-ID/NAME`).
    case appGroup = "app-group"

    /// The absolute path `value` names, or nil when it names no container.
    public static func path(for value: String) throws(TraceSinkError) -> String? {
        guard let container = allCases.first(where: { value.hasPrefix($0.rawValue + ":") }) else { return nil }
        let (directory, name) = try container.directory(value.dropFirst(container.rawValue.count + 1), in: value)
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !segments.contains(where: { $0.isEmpty || $0 == ".." }) else {
            throw TraceSinkError(sink: value, reason: "expected \(container.rawValue):NAME with NAME a relative path (no empty or .. segment)")
        }
        return directory.appending(path: String(name)).path(percentEncoded: false)
    }

    /// The directory this container names in `rest` (what follows the prefix of `value`), and the
    /// name in it.
    private func directory(_ rest: Substring, in value: String) throws(TraceSinkError) -> (URL, Substring) {
        switch self {
        case .documents: return (try Self.userDirectory(.documentDirectory, value), rest)
        case .caches: return (try Self.userDirectory(.cachesDirectory, value), rest)
        case .tmp: return (FileManager.default.temporaryDirectory, rest)
        case .appGroup:
            let group = rest.prefix { $0 != "/" }
            guard !group.isEmpty, group.count < rest.count else {
                throw TraceSinkError(sink: value, reason: "expected app-group:GROUP-ID/NAME")
            }
            return (try Self.appGroupContainer(String(group), value), rest.dropFirst(group.count + 1))
        }
    }

    /// The current user's (the app's) directory `search`.
    private static func userDirectory(_ search: FileManager.SearchPathDirectory, _ value: String) throws(TraceSinkError) -> URL {
        guard let url = FileManager.default.urls(for: search, in: .userDomainMask).first else {
            throw TraceSinkError(sink: value, reason: "this platform has no such directory")
        }
        return url
    }

    /// The container of the app group `group`.
    private static func appGroupContainer(_ group: String, _ value: String) throws(TraceSinkError) -> URL {
        #if canImport(Darwin)
        guard let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
            throw TraceSinkError(sink: value, reason: "no container for app group \(group) (is it in the app's entitlements?)")
        }
        return url
        #else
        throw TraceSinkError(sink: value, reason: "app group containers exist on Apple platforms only")
        #endif
    }
}
