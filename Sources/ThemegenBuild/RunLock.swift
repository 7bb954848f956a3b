import Foundation
import Mustache
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// Serialises runs on one config with `flock()` on `.themegen/lock`. The kernel drops the
/// lock when the holder dies, so a killed run never leaves a stale lock behind; the pid
/// written into the file is only there to tell a waiting user who holds it.
public final class RunLock {
    private var fd: Int32

    /// Takes the lock at `path`, waiting up to `timeout` seconds. While waiting, `waiting` is
    /// called once with the holder's pid (nil if it cannot be read).
    public init(path: String, shownAs name: String, timeout: Double = 30, pollInterval: Double = 0.05,
                waiting: (Int?) -> Void) throws {
        try FileSystem.makeDirectories(FilePath.parent(path),
                                       shownAs: FilePath.parent(name))
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 { throw FileError(name, "cannot open the lock file: \(String(cString: strerror(errno)))", kind: .io) }
        let deadline = Date().addingTimeInterval(timeout)
        var told = false
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
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
                throw FileError(name, "still locked by \(who) after \(String(format: "%g", timeout)) s; try again when it has finished", kind: .io)
            }
            usleep(UInt32(pollInterval * 1_000_000))
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// The pid the holder wrote, if any.
    static func holder(_ fd: Int32) -> Int? {
        var buf = [UInt8](repeating: 0, count: 32)
        let n = buf.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        return Int(String(decoding: buf[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    public func release() {
        guard fd >= 0 else { return }
        // Unlock before close: the pid stays in the file, which is harmless, since only the
        // flock says whether it is held.
        _ = flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { release() }
}
