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
import ThemegenCore

/// Serialises runs on one config with `flock()` on `.themegen/lock`. The kernel drops the
/// lock when the holder dies, so a killed run never leaves a stale lock behind; the pid
/// written into the file is only there to tell a waiting user who holds it.
package final class RunLock {
    private var fd: Int32
    private let path: String

    /// Takes the lock at `path`, waiting up to `timeout` seconds. While waiting, `waiting` is
    /// called once with the holder's pid (nil if it cannot be read).
    package init(path: String, shownAs name: String, timeout: Double = 30, pollInterval: Double = 0.05,
                waiting: (Int?) -> Void) throws {
        self.path = path
        try FileSystem.makeDirectories(FilePath.parent(path),
                                       shownAs: FilePath.parent(name))
        // Never through a link, and never a file with other names: the lock is truncated.
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        if fd < 0 {
            let why = errno == ELOOP ? "it is a symbolic link; delete it" : String(cString: strerror(errno))
            throw FileError(name, "cannot open the lock file: \(why)", kind: .io)
        }
        var st = stat()
        if fstat(fd, &st) != 0 || (st.st_mode & S_IFMT) != S_IFREG || st.st_nlink != 1 {
            close(fd)
            throw FileError(name, "the lock file is not a plain file of its own (a link, pipe or hard link); delete it", kind: .io)
        }
        let deadline = Date().addingTimeInterval(timeout)
        var told = false
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                // `clean` deletes the lock file while holding it: a run that was waiting holds
                // a lock on a file no longer there, so it opens the path again and retries.
                if RunLock.isCurrent(fd, path: path) { break }
                close(fd)
                try FileSystem.makeDirectories(FilePath.parent(path), shownAs: FilePath.parent(name))
                fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                if fd < 0 { throw FileError(name, "cannot open the lock file: \(String(cString: strerror(errno)))", kind: .io) }
                continue
            }
            let err = errno
            guard err == EWOULDBLOCK || err == EINTR else {
                close(fd)
                throw FileError(name, "cannot lock: \(String(cString: strerror(err)))", kind: .io)
            }
            let holder = RunLock.holder(fd)
            if !told { waiting(holder); told = true }
            if Date() >= deadline {
                close(fd)
                let who = holder.map { "pid \($0)" } ?? "another themegen run"
                throw FileError(name, "still locked by \(who) after \(NumberFormat.trimmed(timeout)) s; try again when it has finished", kind: .io)
            }
            usleep(UInt32(pollInterval * 1_000_000))
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Whether `fd` is still the file at `path` (not deleted or replaced since it was opened).
    static func isCurrent(_ fd: Int32, path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Deletes the lock file, then releases the lock: what `clean` does last, so nothing
    /// themegen made remains. A run waiting for it opens the path afresh (see `init`).
    package func releaseRemovingFile() {
        guard fd >= 0 else { return }
        unlink(path)
        release()
    }

    /// Takes `.themegen/lock` under `root` for a run that writes, telling the user once if it
    /// has to wait. Every command that writes comes through here.
    package static func acquire(root: String, timeout: Double, diagnostics: any Diagnostics) throws -> RunLock {
        try PathGuard.forConfig(root: root).check(BuildCache.folder + "/lock", shownAs: BuildCache.folder + "/lock")
        try BuildCache.prepareFolder(OutputWriter.join(root, BuildCache.folder))
        return try RunLock(path: OutputWriter.join(root, BuildCache.folder + "/lock"),
                           shownAs: BuildCache.folder + "/lock", timeout: timeout) { pid in
            diagnostics.info("waiting for lock held by " + (pid.map { "pid \($0)" } ?? "another themegen run"))
        }
    }

    /// The pid the holder wrote, if any.
    static func holder(_ fd: Int32) -> Int? {
        var buf = [UInt8](repeating: 0, count: 32)
        let n = buf.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        return Int(String(decoding: buf[0..<n], as: UTF8.self).filter { !$0.isWhitespace })
    }

    package func release() {
        guard fd >= 0 else { return }
        // Unlock before close: the pid stays in the file, which is harmless, since only the
        // flock says whether it is held.
        _ = flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { release() }
}
