#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// The directory `tracectl mcp --root` confines every path to: paths are opened one component at a
/// time under the root's descriptor, never following a symbolic link, and the command is given the
/// opened descriptor (`/proc/self/fd/N`), so what is checked is what is read — no check-then-open race.
struct ConfinedRoot: Sendable {
    /// The root's real path (absolute paths the client gives must lie under it).
    let path: String
    private let descriptor: Int32

    /// Opens `path` as the root; fails when it is no directory.
    init(path: String) throws(CommandError) {
        guard let real = realpath(path, nil) else { throw CommandError("--root \(path): \(String(cString: strerror(errno)))") }
        self.path = String(cString: real)
        free(real)
        descriptor = POSIX.open(self.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { throw CommandError("--root \(path): \(String(cString: strerror(errno)))") }
    }

    /// An open file or directory under the root, closed by `close()`.
    struct Opened: Sendable {
        /// The descriptor.
        let descriptor: Int32
        /// The path the client gave, for messages.
        let given: String

        /// The path naming the opened descriptor itself, for the command to open.
        var descriptorPath: String { ConfinedRoot.descriptorPath(descriptor) }

        /// Closes the descriptor.
        func close() { _ = closeDescriptor(descriptor) }
    }

    /// Opens the existing file or directory `given` (relative to the root, or absolute under it).
    func open(_ given: String) throws(ConfinementError) -> Opened {
        let (parent, name) = try walk(given, creating: false)
        defer { closeDescriptor(parent) }
        let file = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw ConfinementError(given, reason: errno) }
        return Opened(descriptor: file, given: given)
    }

    /// Opens the directory `given` (`.` or empty: the root itself).
    func openDirectory(_ given: String) throws(ConfinementError) -> Opened {
        guard try !relativePath(given).isEmpty else { return Opened(descriptor: dup(descriptor), given: given) }
        let opened = try open(given)
        var status = stat()
        guard fstat(opened.descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            opened.close()
            throw ConfinementError(given, "not a directory")
        }
        return opened
    }

    /// `given` as a path relative to the root (`.` components and repeated slashes dropped);
    /// refused as `open` refuses it.
    func relativePath(_ given: String) throws(ConfinementError) -> String {
        try relativeComponents(given).joined(separator: "/")
    }

    /// Opens the directory a new file `given` goes in and returns it with the file's name; refuses
    /// an existing file unless `overwrite`, and a symbolic link always.
    func openForWriting(_ given: String, overwrite: Bool) throws(ConfinementError) -> (directory: Opened, name: String) {
        let (parent, name) = try walk(given, creating: true)
        var status = stat()
        if fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
            let isLink = (status.st_mode & S_IFMT) == S_IFLNK
            guard overwrite, !isLink else {
                closeDescriptor(parent)
                throw ConfinementError(given, isLink ? "a symbolic link: refused" : "exists; pass overwrite: true to replace it")
            }
        }
        return (Opened(descriptor: parent, given: given), name)
    }

    /// Opens the directories of `given` down to its last component's parent; returns that
    /// directory's descriptor and the last component.
    private func walk(_ given: String, creating: Bool) throws(ConfinementError) -> (Int32, String) {
        let components = try relativeComponents(given)
        guard let name = components.last else { throw ConfinementError(given, "names the root itself, not a file in it") }
        var current = dup(descriptor)
        for component in components.dropLast() {
            let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let failure = errno
            closeDescriptor(current)
            guard next >= 0 else { throw ConfinementError(given, reason: failure) }
            current = next
        }
        return (current, name)
    }

    /// The components of `given` under the root: `-`, `..`, absolute paths elsewhere and empty
    /// paths are refused.
    private func relativeComponents(_ given: String) throws(ConfinementError) -> [String] {
        guard given != "-" else { throw ConfinementError(given, "standard input is the protocol; name a file under the root") }
        guard !given.isEmpty, !given.utf8.contains(0) else { throw ConfinementError(given, "not a path") }
        var relative = Substring(given)
        if given.hasPrefix("/") {
            let prefix = path == "/" ? "/" : path + "/"
            guard given.hasPrefix(prefix) || given == path else { throw ConfinementError(given, "outside the root \(path)") }
            relative = given.dropFirst(min(prefix.count, given.count))
        }
        let components = relative.split(separator: "/").filter { $0 != "." }.map(String.init)
        guard !components.contains("..") else { throw ConfinementError(given, "'..' is refused: paths stay inside the root \(path)") }
        return components
    }

    /// The path that opens descriptor `descriptor` itself (Linux's `/proc/self/fd`, else `/dev/fd`).
    static func descriptorPath(_ descriptor: Int32) -> String {
        #if os(Linux)
        "/proc/self/fd/\(descriptor)"
        #else
        "/dev/fd/\(descriptor)"
        #endif
    }
}

/// A path a tool may not open, and why.
struct ConfinementError: Error, Sendable, CustomStringConvertible {
    /// `PATH: REASON`.
    let description: String

    /// A refusal of `path` for `reason`.
    init(_ path: String, _ reason: String) { description = "\(path): \(reason)" }

    /// A failed open of `path` with `errno` `code`, worded as the trace reader words it (a symbolic
    /// link on the way is named as such).
    init(_ path: String, reason code: Int32) {
        let reason = code == ELOOP || code == ENOTDIR
            ? "a symbolic link or non-directory on the way: refused (links are not followed under --root)"
            : "cannot open: \(String(cString: strerror(code)))"
        self.init(path, reason)
    }
}

/// `close(2)`, named apart from the methods called `close`.
@discardableResult
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
