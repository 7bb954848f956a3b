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

/// Small POSIX file helpers that report failures as `FileError`s naming the path.
package enum FileSystem {
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// What is at `path`, following links (as `FileManager.fileExists(atPath:isDirectory:)`):
    /// nil when nothing is (or a link dangles), else whether it is a folder.
    package static func isFolder(_ path: String) -> Bool? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// A folder itself, not a link to one.
    package static func isRealDirectory(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// The whole file, or nil if it does not exist. Only regular files are read: a FIFO or
    /// device would block or never end (the open is non-blocking, and checked before reading).
    /// `followLinks: false` is for themegen's own bookkeeping files, which are never links.
    package static func readFile(_ path: String, shownAs name: String, followLinks: Bool = true) throws -> [UInt8]? {
        let fd = FileFaults.injected(.read, path) != nil ? -1
            : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            if errno == ELOOP && !followLinks {
                throw FileError(name, "is a symbolic link; themegen's own files are never links, delete it", kind: .io)
            }
            throw FileError(name, "cannot open: \(String(cString: strerror(errno)))", kind: .io)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw FileError(name, "cannot stat: \(String(cString: strerror(errno)))", kind: .io)
        }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw FileError(name, "is a folder, expected a file", kind: .io) }
        if (st.st_mode & S_IFMT) != S_IFREG { throw FileError(name, "is not a regular file (a pipe or device?), expected a file", kind: .io) }
        guard let bytes = try readAll(fd, size: Int(st.st_size), shownAs: name) else {
            throw FileError(name, "cannot read: not enough memory for \(st.st_size) bytes", kind: .io)
        }
        return bytes
    }

    /// Reads up to `size` bytes (fewer if the file shrank); nil if the buffer cannot be had.
    private static func readAll(_ fd: Int32, size: Int, shownAs name: String) throws -> [UInt8]? {
        guard size >= 0, let buffer = malloc(max(size, 1)) else { return nil }
        defer { free(buffer) }
        var done = 0
        while done < size {
            let n = read(fd, buffer + done, size - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(name, "cannot read: \(String(cString: strerror(errno)))", kind: .io)
            }
            if n == 0 { break }
            done += n
        }
        return Array(UnsafeRawBufferPointer(start: buffer, count: done).bindMemory(to: UInt8.self))
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

    /// The sibling a write goes to before it is renamed into place: `.NAME.themegen-tmp-PID`.
    /// The pid makes the name this process's own, so a file of the user's that merely looks
    /// like a temp (`.NAME.themegen-tmp`) is never written or deleted; it is created with
    /// O_EXCL, so a link planted there is never followed.
    package static func temporaryPath(for path: String) -> String {
        let dir = FilePath.parent(path)
        let name = FilePath.lastComponent(path)
        return (dir.isEmpty ? "" : dir + "/") + "." + name + temporaryMarker + String(getpid())
    }

    package static let temporaryMarker = ".themegen-tmp-"

    /// Whether `name` (a file name) is a temp of some themegen run for the output `output`.
    package static func isTemporary(_ name: String, of output: String) -> Bool {
        let prefix = "." + output + temporaryMarker
        guard name.hasPrefix(prefix) else { return false }
        let pid = name.dropFirst(prefix.count)
        return !pid.isEmpty && pid.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether `name` is a temp of some themegen run, for any output.
    package static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.lastRange(of: temporaryMarker) else { return false }
        let pid = name[marker.upperBound...]
        return !pid.isEmpty && pid.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether a path (any of its components) could be mistaken for one of themegen's temp names.
    package static func looksTemporary(_ name: String) -> Bool {
        // Bytes, not characters: a run checks every output path, and the marker is ASCII.
        let bytes = Array(name.utf8), marker = temporaryMarkerStem
        guard bytes.count >= marker.count else { return false }
        for i in 0...(bytes.count - marker.count) where bytes[i] == marker[0] {
            if bytes[i..<(i + marker.count)].elementsEqual(marker) { return true }
        }
        return false
    }

    private static let temporaryMarkerStem = Array(".themegen-tmp".utf8)

    /// Deletes the temps that killed runs left beside `output` (a full path): files or links
    /// (unlinking a link leaves its target alone) named exactly like themegen's temps for it.
    package static func removeLeftoverTemporaries(of output: String, listing: [String]) {
        let dir = FilePath.parent(output)
        let name = FilePath.lastComponent(output)
        for entry in listing where isTemporary(entry, of: name) {
            let full = (dir.isEmpty ? "" : dir + "/") + entry
            var st = stat()
            if lstat(full, &st) == 0, (st.st_mode & S_IFMT) != S_IFDIR { unlink(full) }
        }
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
    /// Without `sync`, the caller flushes many temps at once with `flushFileSystems(holding:)`.
    package static func writeTemporary(_ bytes: [UInt8], at tmp: String, shownAs name: String, sync: Bool) throws {
        var fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST {
            // Our own name (this pid's) left by an earlier process: a file or link is removed
            // (never followed); a folder is refused.
            var st = stat()
            if lstat(tmp, &st) == 0, (st.st_mode & S_IFMT) != S_IFDIR { unlink(tmp) }
            fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        if fd < 0 { throw FileError(name, "cannot write \(FilePath.lastComponent(tmp)): \(String(cString: strerror(errno)))", kind: .io) }
        var ok = false
        defer { if !ok { unlink(tmp) } }
        do {
            defer { close(fd) }
            try writeAll(bytes, to: fd, at: 0, path: tmp, shownAs: name)
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

    /// Writes all of `bytes` at `offset` of the open file `fd` (`path` is the file's, for fault
    /// injection). Positional, so threads may write their own ranges of one file at once.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32, at offset: Int, path: String, shownAs name: String) throws {
        var done = 0
        while done < bytes.count {
            let n = FileFaults.injected(.write, path) != nil ? -1
                : bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(name, "cannot write: \(String(cString: strerror(errno)))", kind: .io)
            }
            done += n
        }
    }

    /// `count` bytes from `offset` of the open file `fd`, or nil when the file ends before them.
    package static func readRange(count: Int, from fd: Int32, at offset: Int, path: String, shownAs name: String) throws -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = FileFaults.injected(.read, path) != nil ? -1
                : bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(name, "cannot read: \(String(cString: strerror(errno)))", kind: .io)
            }
            if n == 0 { return nil }
            done += n
        }
        return bytes
    }

    /// Renames a written temp file over `path`: the atomic step.
    package static func replace(_ path: String, with tmp: String, shownAs name: String) throws {
        if FileFaults.injected(.rename, path) != nil || rename(tmp, path) != 0 {
            let message = String(cString: strerror(errno))
            unlink(tmp)
            throw FileError(name, "cannot replace: \(message)", kind: .io)
        }
    }

    /// Makes every written temp file (and done rename) in the folders `folders` durable at
    /// once. One syncfs() per file system costs what a few fsyncs do (an fsync per output made
    /// a run of 800 files take seconds), and unlike sync() it leaves the rest of the machine
    /// alone: a build step must not wait for every compiler output on the disk.
    package static func flushFileSystems(holding folders: [String]) {
        #if !canImport(Darwin)
        // Glibc declares syncfs only for _GNU_SOURCE, which Swift's module does not set.
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "syncfs") else { sync(); return }
        let syncfs = unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        var devices = Set<UInt64>()
        for folder in Set(folders) {
            var st = stat()
            guard stat(folder.isEmpty ? "." : folder, &st) == 0, devices.insert(UInt64(st.st_dev)).inserted else { continue }
            let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
            if fd < 0 || syncfs(fd) != 0 { sync() }  // Linux's sync() waits for the writes too
            if fd >= 0 { close(fd) }
        }
        #endif
    }

    /// Makes a rename or unlink durable. Best effort: not every file system allows it.
    package static func syncDirectory(of path: String) {
        let dir = FilePath.parent(path)
        let fd = open(dir.isEmpty ? "." : dir, O_RDONLY)
        if fd >= 0 { _ = fsync(fd); close(fd) }
    }

    package static func remove(_ path: String, shownAs name: String) throws {
        if FileFaults.injected(.delete, path) != nil || unlink(path) != 0, errno != ENOENT {
            throw FileError(name, "cannot delete: \(String(cString: strerror(errno)))", kind: .io)
        }
    }

    /// Names in a folder, sorted (directory order is not deterministic); empty if none.
    package static func list(_ path: String) -> [String] {
        (try? listing(path, shownAs: path)) ?? []
    }

    /// Names in a folder (without `.` and `..`), sorted; an error naming the folder when it
    /// cannot be listed.
    package static func listing(_ path: String, shownAs name: String) throws -> [String] {
        guard let dir = opendir(path) else {
            throw FileError(name, "cannot list the folder: \(String(cString: strerror(errno)))", kind: .io)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if entryName != "." && entryName != ".." { names.append(entryName) }
        }
        return names.sorted()
    }

    /// Everything readable from a file descriptor until its end (standard input).
    package static func readAll(fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }

    /// All of `bytes` to a file descriptor (standard output or error); a failed write (a
    /// closed pipe) drops the rest, as there is nowhere left to report it.
    package static func writeAll(fd: Int32, _ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }

    package struct Entry {
        package var name: String
        /// A folder, or a link to one.
        package var isFolder: Bool
        package var isLink: Bool
    }

    /// The visible entries of a folder (names starting with "." are skipped), sorted by bytes.
    /// A name that is not UTF-8 is an error naming the folder: it could not be written into
    /// Swift, JSON or a catalog, and would otherwise look like a file that vanished.
    package static func entries(_ folder: String, shownAs name: String) throws -> [Entry] {
        guard let dir = opendir(folder.isEmpty ? "." : folder) else {
            throw FileError(name, "cannot list the folder: \(String(cString: strerror(errno)))", kind: .io)
        }
        defer { closedir(dir) }
        var out: [Entry] = []
        var bad: [String] = []
        while let e = readdir(dir) {
            let raw = withUnsafeBytes(of: e.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if raw.first == UInt8(ascii: ".") { continue }
            guard let entryName = String(validating: raw, as: UTF8.self) else {
                bad.append(String(decoding: raw, as: UTF8.self))
                continue
            }
            let full = (folder.hasSuffix("/") ? folder : folder + "/") + entryName
            var st = stat()
            guard lstat(full, &st) == 0 else { continue }
            let isLink = (st.st_mode & S_IFMT) == S_IFLNK
            var isFolder = (st.st_mode & S_IFMT) == S_IFDIR
            if isLink, stat(full, &st) == 0 { isFolder = (st.st_mode & S_IFMT) == S_IFDIR }
            out.append(Entry(name: entryName, isFolder: isFolder, isLink: isLink))
        }
        if let first = bad.sorted().first {
            throw FileError(name, "holds a file whose name is not valid UTF-8 (shown as \"\(first)\"\(bad.count > 1 ? " and \(bad.count - 1) more" : "")); rename it")
        }
        return out.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    }
}

extension String {
    /// The last occurrence of `needle` (Foundation's `range(of:options: .backwards)`).
    fileprivate func lastRange(of needle: String) -> Range<String.Index>? {
        var found: Range<String.Index>?
        var from = startIndex
        while let r = self[from...].firstRange(of: needle) { found = r; from = index(after: r.lowerBound) }
        return found
    }
}
