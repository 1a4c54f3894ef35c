#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// Where the paths a command names are opened: as given (the working directory), or, inside
/// `confined(to:_:)`, only under the given roots — each path walked from a root's descriptor with
/// `openat`, no symbolic link followed.
///
/// Every reader and writer of the tracectl modules opens and inspects files through it. The confinement is a task-local value: it holds on the thread (or task) that runs
/// the command, where every path is opened.
package enum PathAccess {
    /// The roots paths are confined to (nil: not confined).
    @TaskLocal private static var roots: [ConfinedRoot]?

    /// Runs `body` with every path confined to `roots`: a relative path is under the first, an
    /// absolute one under whichever holds it; any other is refused (`EACCES`).
    package static func confined<Result>(to roots: [ConfinedRoot], _ body: () throws -> Result) rethrows -> Result {
        try $roots.withValue(roots, operation: body)
    }

    /// `open(2)`: -1 with `errno` set on failure. Confined, the last component is never a link.
    package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        within(path, otherwise: { POSIX.open(path, flags, mode) }) { parent, name in
            openat(parent, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)
        }
    }

    /// The status of `path` (`stat(2)`; confined, of the last component itself, never a link's
    /// target), or nil with `errno` set.
    package static func status(_ path: String) -> stat? {
        var status = stat()
        let result = within(path, otherwise: { stat(path, &status) }) { parent, name in
            fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW)
        }
        return result == 0 ? status : nil
    }

    /// The names in directory `path` (`.` and `..` left out, sorted), or nil with `errno` set.
    package static func entries(_ path: String) -> [String]? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0, let directory = fdopendir(descriptor) else {
            if descriptor >= 0 { POSIX.close(descriptor) }
            return nil
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The directory holding `path`'s last component, open (the caller closes it), and that
    /// component; nil with `errno` set. A whole-or-nothing write creates its temporary file there
    /// and renames it with `renameat`.
    package static func parent(of path: String) -> (directory: Int32, name: String)? {
        guard let roots else {
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { path[...$0] }.map(String.init) ?? "."
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            let descriptor = POSIX.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            return descriptor >= 0 ? (descriptor, name) : nil
        }
        guard let root = roots.root(holding: path) else {
            _ = refused()
            return nil
        }
        return try? root.openParent(of: path)
    }

    /// `unconfined()` outside a confinement; else `confined` with the directory holding `path`'s
    /// last component and that component, or -1 with `errno` set when `path` is refused.
    private static func within(
        _ path: String, otherwise unconfined: () -> Int32, _ confined: (Int32, String) -> Int32
    ) -> Int32 {
        guard let roots else { return unconfined() }
        guard let root = roots.root(holding: path) else { return refused() }
        // NB: a failed walk leaves its errno (ELOOP or ENOTDIR for a link on the way).
        return (try? root.withParent(of: path, confined)) ?? -1
    }

    /// -1 with `errno` `EACCES`: a path outside every root.
    private static func refused() -> Int32 {
        errno = EACCES
        return -1
    }
}

extension [ConfinedRoot] {
    /// The root `path` lies under: a relative path's is the first.
    fileprivate func root(holding path: String) -> ConfinedRoot? {
        path.hasPrefix("/") ? first { $0.contains(path) } : first.flatMap { $0.contains(path) ? $0 : nil }
    }
}

