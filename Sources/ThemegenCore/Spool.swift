#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files a run makes long before it writes them (the preview's thumbnails), kept in a private
/// temporary folder instead of memory: a run over 500 artboards would otherwise hold every
/// thumbnail until the end, and its memory would grow with the design system.
///
/// The folder (`themegen-spool-PID-XXXXXX` under `$TMPDIR`, else `/tmp`) is made on the first
/// `store` and goes with `remove()`, which the run calls once it has written its outputs; a
/// killed run's is removed by the next run that spools. Nothing is ever put in the
/// project: `--check` and `--dry-run` spool too.
package final class Spool: @unchecked Sendable {
    // Guarded by `lock`.
    private var folder: String?
    private var stored = 0
    private let lock = Lock()

    package init() {}

    deinit { remove() }

    /// Writes `bytes` to a file of the spool; `name` (the output or input it belongs to) goes
    /// into error messages.
    package func store(_ bytes: [UInt8], shownAs name: String) throws -> SpooledFile {
        let path = try lock.withLock { () throws -> String in
            let dir = try folder ?? makeFolder(shownAs: name)
            folder = dir
            stored += 1
            return dir + "/" + String(stored)
        }
        do {
            try FileSystem.writeTemporary(bytes, at: path, shownAs: path, sync: false)
        } catch let e as FileError {
            throw FileError(name, "cannot keep its preview image in the temporary folder (\(e.message)); free space there or set TMPDIR", kind: .io)
        }
        return SpooledFile(path: path, sha256: SHA256.hex(bytes), size: bytes.count, spool: self)
    }

    /// Deletes the spool's files and folder; later reads of its files fail.
    package func remove() {
        lock.withLock {
            guard let dir = folder else { return }
            for name in FileSystem.list(dir) { unlink(dir + "/" + name) }
            rmdir(dir)
            folder = nil
        }
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
    package var sha256: String
    package var size: Int
    /// Keeps the spool (whose end deletes its files) alive while a plan still names the file.
    private let spool: Spool

    init(path: String, sha256: String, size: Int, spool: Spool) {
        self.path = path; self.sha256 = sha256; self.size = size; self.spool = spool
    }

    package static func == (a: SpooledFile, b: SpooledFile) -> Bool {
        a.path == b.path && a.sha256 == b.sha256 && a.size == b.size
    }

    /// The bytes, read back from the spool; `name` is the output they are for.
    package func read(shownAs name: String) throws -> [UInt8] {
        guard let bytes = try FileSystem.readFile(path, shownAs: path, followLinks: false) else {
            throw FileError(name, "its content kept in \(path) is gone (was the temporary folder cleaned during the run?); run themegen again", kind: .io)
        }
        return bytes
    }
}
