import Foundation

/// Small POSIX file helpers that report failures as `FileError`s naming the path.
package enum FileSystem {
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// The whole file, or nil if it does not exist.
    package static func readFile(_ path: String, shownAs name: String) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileError(name, "cannot open: \(String(cString: strerror(errno)))", kind: .io)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw FileError(name, "cannot stat: \(String(cString: strerror(errno)))", kind: .io)
        }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw FileError(name, "is a folder, expected a file", kind: .io) }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(name, "cannot read: \(String(cString: strerror(errno)))", kind: .io)
            }
            if n == 0 { bytes.removeSubrange(done...); break }
            done += n
        }
        return bytes
    }

    /// Creates `path` and its missing parents.
    package static func makeDirectories(_ path: String, shownAs name: String) throws {
        if path.isEmpty || isDirectory(path) { return }
        let parent = FilePath.parent(path)
        if !parent.isEmpty, parent != path { try makeDirectories(parent, shownAs: FilePath.parent(name)) }
        if mkdir(path, 0o777) != 0, errno != EEXIST {
            throw FileError(name, "cannot create folder: \(String(cString: strerror(errno)))", kind: .io)
        }
        if !isDirectory(path) { throw FileError(name, "exists and is not a folder", kind: .io) }
    }

    /// The sibling a write goes to before it is renamed into place. One fixed name per file:
    /// runs are serialised by the lock, and a leftover from a killed run is simply reused.
    package static func temporaryPath(for path: String) -> String {
        let dir = FilePath.parent(path)
        let name = (path as NSString).lastPathComponent
        return (dir.isEmpty ? "" : dir + "/") + "." + name + ".themegen-tmp"
    }

    /// Writes `bytes` to `path` so that a reader (or a crash) sees either the old file or the
    /// whole new one: temp file in the same folder, fsync, rename, fsync of the folder.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, shownAs name: String) throws {
        let tmp = temporaryPath(for: path)
        try writeTemporary(bytes, at: tmp, shownAs: name, sync: true)
        try replace(path, with: tmp, shownAs: name)
        syncDirectory(of: path)
    }

    /// Writes the next content of a file to its temp sibling `tmp` (`temporaryPath(for:)`).
    /// Without `sync`, the caller flushes many temps at once with `flushFileSystems()`.
    package static func writeTemporary(_ bytes: [UInt8], at tmp: String, shownAs name: String, sync: Bool) throws {
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd < 0 { throw FileError(name, "cannot write: \(String(cString: strerror(errno)))", kind: .io) }
        var ok = false
        defer { if !ok { unlink(tmp) } }
        do {
            defer { close(fd) }
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileError(name, "cannot write: \(String(cString: strerror(errno)))", kind: .io)
                }
                done += n
            }
            #if canImport(Darwin)
            let mustSync = true // macOS's sync() does not wait; its fsync is cheap
            #else
            let mustSync = sync
            #endif
            if mustSync, fsync(fd) != 0 {
                throw FileError(name, "cannot sync: \(String(cString: strerror(errno)))", kind: .io)
            }
        }
        ok = true
    }

    /// Renames a written temp file over `path`: the atomic step.
    package static func replace(_ path: String, with tmp: String, shownAs name: String) throws {
        if rename(tmp, path) != 0 {
            let message = String(cString: strerror(errno))
            unlink(tmp)
            throw FileError(name, "cannot replace: \(message)", kind: .io)
        }
    }

    /// Makes every written temp file (and done rename) durable at once. One sync() costs what a
    /// few fsyncs do; an fsync per output made a run of 800 files take seconds.
    package static func flushFileSystems() {
        #if !canImport(Darwin)
        sync() // Linux waits for the writes to complete
        #endif
    }

    /// Makes a rename or unlink durable. Best effort: not every file system allows it.
    package static func syncDirectory(of path: String) {
        let dir = FilePath.parent(path)
        let fd = open(dir.isEmpty ? "." : dir, O_RDONLY)
        if fd >= 0 { _ = fsync(fd); close(fd) }
    }

    package static func remove(_ path: String, shownAs name: String) throws {
        if unlink(path) != 0, errno != ENOENT {
            throw FileError(name, "cannot delete: \(String(cString: strerror(errno)))", kind: .io)
        }
    }

    /// Names in a folder, sorted (directory order is not deterministic); empty if none.
    package static func list(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}
