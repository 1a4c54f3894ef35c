#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// A directory that paths are confined to (`tracectl mcp --root`): a path is opened one component
/// at a time from the root's descriptor (`openat`), never following a symbolic link, so what is
/// checked is what is read — no check-then-open race, and no path naming a descriptor.
package struct ConfinedRoot: Sendable {
    /// The root's real path (absolute paths given must lie under it).
    package let path: String
    private let descriptor: Int32

    /// Opens `path` as the root; fails when it is no directory.
    package init(path: String) throws(ConfinementError) {
        guard let real = realpath(path, nil) else { throw ConfinementError(path, reason: errno) }
        self.path = String(cString: real)
        free(real)
        descriptor = POSIX.open(self.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { throw ConfinementError(path, reason: errno) }
    }

    /// An open file or directory under the root, closed by `close()`.
    package struct Opened: Sendable {
        /// The descriptor.
        package let descriptor: Int32

        /// Closes the descriptor.
        package func close() { POSIX.close(descriptor) }
    }

    /// Opens the existing file or directory `given` (relative to the root, or absolute under it)
    /// for reading.
    package func open(_ given: String) throws(ConfinementError) -> Opened {
        let descriptor = try withParent(of: given) { parent, name in openat(parent, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else { throw ConfinementError(given, reason: errno) }
        return Opened(descriptor: descriptor)
    }

    /// Opens the directory `given` (`.` or empty: the root itself).
    ///
    /// NB: always a new open file description (never a `dup` of the root's), so that reading its
    /// entries starts at the first, however often the root is listed.
    package func openDirectory(_ given: String) throws(ConfinementError) -> Opened {
        let descriptor = try withParent(of: given) { parent, name in
            openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            let failure = errno
            throw failure == ENOTDIR ? ConfinementError(given, "not a directory") : ConfinementError(given, reason: failure)
        }
        return Opened(descriptor: descriptor)
    }

    /// `given` as a path relative to the root (`.` components and repeated slashes dropped);
    /// refused as `open` refuses it.
    package func relativePath(_ given: String) throws(ConfinementError) -> String {
        try relativeComponents(given).joined(separator: "/")
    }

    /// Whether `given` is a path under this root (relative, or absolute under it).
    package func contains(_ given: String) -> Bool {
        (try? relativeComponents(given)) != nil
    }

    /// Checks that a new file `given` may be written: its directory exists under the root; an
    /// existing file is refused unless `overwrite`, a symbolic link always.
    package func checkWritable(_ given: String, overwrite: Bool) throws(ConfinementError) {
        guard try !relativeComponents(given).isEmpty else { throw ConfinementError(given, "names the root itself, not a file in it") }
        var status = stat()
        let found = try withParent(of: given) { parent, name in fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) }
        guard found == 0 else { return }
        let isLink = (status.st_mode & S_IFMT) == S_IFLNK
        guard overwrite, !isLink else {
            throw ConfinementError(given, isLink ? "a symbolic link: refused" : "exists; pass overwrite: true to replace it")
        }
    }

    /// Calls `body` with the open directory holding `given`'s last component and that component
    /// (`.` for the root itself); the directory is closed afterwards.
    package func withParent<Result>(of given: String, _ body: (Int32, String) -> Result) throws(ConfinementError) -> Result {
        let (directory, name) = try openParent(of: given)
        defer { POSIX.close(directory) }
        return body(directory, name)
    }

    /// The directory holding `given`'s last component, open (the caller closes it), and that
    /// component (`.` for the root itself); a failed step leaves its `errno`.
    package func openParent(of given: String) throws(ConfinementError) -> (directory: Int32, name: String) {
        let components = try relativeComponents(given)
        var current = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        for component in components.dropLast() where current >= 0 {
            let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let failure = errno
            POSIX.close(current)
            errno = failure
            current = next
        }
        guard current >= 0 else { throw ConfinementError(given, reason: errno) }
        return (current, components.last ?? ".")
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
}

/// A path that may not be opened under a confined root, and why.
package struct ConfinementError: Error, Sendable, CustomStringConvertible {
    /// `PATH: REASON`.
    package let description: String

    /// A refusal of `path` for `reason`.
    package init(_ path: String, _ reason: String) { description = "\(path): \(reason)" }

    /// A failed open of `path` with `errno` `code`, worded as the trace reader words it (a symbolic
    /// link on the way is named as such).
    package init(_ path: String, reason code: Int32) {
        let reason = code == ELOOP || code == ENOTDIR
            ? "a symbolic link or non-directory on the way: refused (links are not followed under --root)"
            : "cannot open: \(String(cString: strerror(code)))"
        self.init(path, reason)
    }
}
