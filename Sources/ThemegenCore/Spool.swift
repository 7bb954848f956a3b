#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files a run makes long before it writes them (the preview's thumbnails), kept in a private
/// temporary file instead of memory: a run over 500 artboards would otherwise hold every
/// thumbnail until the end, and its memory would grow with the design system.
///
/// The contents go one after another into one file, `content`, in a folder
/// (`themegen-spool-PID-XXXXXX` under `$TMPDIR`, else `/tmp`): one file rather than one per
/// thumbnail, as making and deleting hundreds of files costs the kernel more than writing
/// them. The folder is made on the first `store` and goes with `remove()`, which the run calls
/// once it has written its outputs; a killed run's is removed by the next run that spools.
/// Nothing is ever put in the project: `--check` and `--dry-run` spool too.
package final class Spool: @unchecked Sendable {
    // Guarded by `lock`.
    private var folder: String?
    private var descriptor: Int32 = -1
    private var end = 0
    private let lock = Lock()

    package init() {}

    deinit { remove() }

    /// Appends `bytes` to the spool; `name` (the output or input it belongs to) goes into
    /// error messages.
    package func store(_ bytes: [UInt8], shownAs name: String) throws -> SpooledFile {
        let (path, fd, offset) = try lock.withLock { () throws -> (String, Int32, Int) in
            let dir = try folder ?? makeFolder(shownAs: name)
            folder = dir
            let path = dir + "/" + Spool.contentName
            if descriptor < 0 {
                descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                if descriptor < 0 { throw Spool.cannotKeep(name, String(cString: strerror(errno))) }
            }
            // Each store writes its own range, so the writes need not hold the lock.
            defer { end += bytes.count }
            return (path, descriptor, end)
        }
        do {
            try FileSystem.writeAll(bytes, to: fd, at: offset, path: path, shownAs: name)
        } catch let e as FileError {
            throw Spool.cannotKeep(name, e.message)
        }
        return SpooledFile(path: path, offset: offset, sha256: SHA256.hex(bytes), size: bytes.count, spool: self)
    }

    /// Deletes the spool's file and folder; later reads of its contents fail.
    package func remove() {
        lock.withLock {
            if descriptor >= 0 { close(descriptor); descriptor = -1 }
            guard let dir = folder else { return }
            for name in FileSystem.list(dir) { unlink(dir + "/" + name) }
            rmdir(dir)
            folder = nil
        }
    }

    private static func cannotKeep(_ name: String, _ reason: String) -> FileError {
        FileError(name, "cannot keep its preview image in the temporary folder (\(reason)); free space there or set TMPDIR", kind: .io)
    }

    private func makeFolder(shownAs name: String) throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let prefix = (base.hasSuffix("/") ? base : base + "/") + Spool.prefix
        Spool.removeAbandoned(in: base)
        var template = Array((prefix + String(getpid()) + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw FileError(name, "cannot make a temporary folder in \(base) for the preview images: \(String(cString: strerror(errno))); set TMPDIR to a writable folder", kind: .io)
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Spool {
    static let prefix = "themegen-spool-"
    static let contentName = "content"

    /// Removes the spools of runs that were killed (their process is gone), so interrupted
    /// runs do not pile up in the temporary folder. A spool of a live process, or of another
    /// user's, is left alone.
    static func removeAbandoned(in base: String) {
        for entry in FileSystem.list(base) where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let dir = base + "/" + entry
            for name in FileSystem.list(dir) { unlink(dir + "/" + name) }
            rmdir(dir)
        }
    }
}

/// A file's content kept in a `Spool`: where, and what it holds (its hash and size, so the
/// writer can compare it with the file on disk without reading it back).
package struct SpooledFile: Sendable, Equatable {
    package var path: String
    package var offset: Int
    package var sha256: String
    package var size: Int
    /// Keeps the spool (whose end deletes its file) alive while a plan still names the content.
    private let spool: Spool

    init(path: String, offset: Int, sha256: String, size: Int, spool: Spool) {
        self.path = path; self.offset = offset; self.sha256 = sha256; self.size = size; self.spool = spool
    }

    package static func == (a: SpooledFile, b: SpooledFile) -> Bool {
        a.path == b.path && a.offset == b.offset && a.sha256 == b.sha256 && a.size == b.size
    }

    /// The bytes, read back from the spool; `name` is the output they are for.
    package func read(shownAs name: String) throws -> [UInt8] {
        let gone = FileError(name, "its content kept in \(path) is gone (was the temporary folder cleaned during the run?); run themegen again", kind: .io)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw gone }
        defer { close(fd) }
        guard let bytes = try FileSystem.readRange(count: size, from: fd, at: offset, path: path, shownAs: path) else { throw gone }
        return bytes
    }
}
