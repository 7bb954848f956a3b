#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one rule for every path themegen writes, deletes, locks or reads as bookkeeping: it
/// must stay inside an allowed root after symbolic links are resolved. The roots are the
/// config's folder in a `run`, and the current folder plus the folders named by `--output` or
/// `--catalog` for a standalone command. A link inside a root that leads out of it is refused
/// with an error naming the link; a link that stays inside is fine.
///
/// Paths are checked relative to `base` (the folder the writer joins them to).
package final class PathGuard: @unchecked Sendable {
    /// Absolute, symlink-free, without a trailing `/` (except `/` itself).
    package let roots: [String]
    /// How messages name the roots: "the config's folder", "the current folder or …".
    let rootsDescription: String
    private let base: String
    private let lock = Lock()
    /// Folders already found inside a root (full paths as joined).
    private var insideFolders = Set<String>()

    package init(base: String, roots: [String], describedAs description: String) {
        self.base = base
        self.roots = roots.map { PathGuard.resolved($0) }
        rootsDescription = description
    }

    /// The guard of a `run`: only the config's folder.
    package static func forConfig(root: String) -> PathGuard {
        PathGuard(base: root, roots: [root.isEmpty ? "." : root], describedAs: "the config's folder")
    }

    /// What is wrong with the form of a relative path, or nil: it must be non-empty, relative,
    /// without empty, `.` or `..` components, and without NUL.
    package static func formProblem(_ path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if path.utf8.contains(0) { return "contains a NUL character" }
        if path.hasPrefix("/") { return "is absolute" }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "has an empty, '.' or '..' component"
        }
        return nil
    }

    /// Throws unless `relative` (joined to `base`) stays inside a root after every symbolic
    /// link on the way, the last component included, is resolved. `name` is how messages name
    /// the path.
    package func check(_ relative: String, shownAs name: String) throws {
        let full = PathGuard.join(base, relative)
        let folder = FilePath.parent(full)
        let folderKnown = lock.withLock { insideFolders.contains(folder) }
        if folderKnown {
            // Only the last component is left to look at.
            var st = stat()
            if lstat(full, &st) != 0 || (st.st_mode & S_IFMT) != S_IFLNK { return }
        }
        let real = PathGuard.resolved(full)
        if inside(real) {
            if !folderKnown, inside(PathGuard.resolved(folder.isEmpty ? "." : folder)) {
                lock.withLock { _ = insideFolders.insert(folder) }
            }
            return
        }
        // Name the link that leads out, if there is one, else the path.
        let parts = relative.split(separator: "/").map(String.init)
        for i in parts.indices {
            let prefix = parts[0...i].joined(separator: "/")
            var st = stat()
            let prefixFull = PathGuard.join(base, prefix)
            guard lstat(prefixFull, &st) == 0 else { break }
            if (st.st_mode & S_IFMT) == S_IFLNK, !inside(PathGuard.resolved(prefixFull)) {
                let shown = name.hasSuffix(relative) ? String(name.dropLast(relative.count)) + prefix : prefix
                throw FileError(shown, "is a symbolic link leading outside \(rootsDescription) (to \(PathGuard.resolved(prefixFull))); themegen does not follow it; replace it with a real folder or file", kind: .io)
            }
        }
        throw FileError(name, "lies outside \(rootsDescription) (at \(real)); themegen only writes and deletes inside it", kind: .io)
    }

    static func join(_ root: String, _ path: String) -> String {
        root.isEmpty || root == "." ? path : (root.hasSuffix("/") ? root + path : root + "/" + path)
    }

    package func inside(_ real: String) -> Bool {
        roots.contains { r in r == "/" || real == r || real.hasPrefix(r + "/") }
    }

    /// `path` made absolute with every symbolic link resolved; the part that does not exist
    /// yet is appended as written. A dangling link resolves to its (resolved) target.
    package static func resolved(_ path: String) -> String {
        var absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if absolute.isEmpty { absolute = "/" }
        var missing: [String] = []
        var current = absolute
        var hops = 0
        while true {
            if let real = realpath(current, nil) {
                defer { free(real) }
                var out = String(cString: real)
                for m in missing.reversed() where m != "." && !m.isEmpty {
                    if m == ".." { out = FilePath.parent(out); if out.isEmpty { out = "/" }; continue }
                    out = (out == "/" ? "/" : out + "/") + m
                }
                return out
            }
            // A dangling link: follow it by hand (bounded, against loops).
            var st = stat()
            if lstat(current, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK, hops < 40 {
                hops += 1
                var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = readlink(current, &buf, Int(PATH_MAX))
                if n > 0 {
                    let target = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    current = target.hasPrefix("/") ? target : FilePath.parent(current) + "/" + target
                    continue
                }
            }
            let parent = FilePath.parent(current)
            if parent.isEmpty || parent == current { return absolute }
            missing.append(String(current.dropFirst(parent == "/" ? 1 : parent.count + 1)))
            current = parent
        }
    }
}
