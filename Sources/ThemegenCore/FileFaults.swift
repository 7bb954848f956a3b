#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system seam: `FileSystem` asks it before each read, write, rename and delete, and
/// a test can make any of them fail with a chosen errno (EACCES, EROFS, ENOSPC, EIO…) for
/// chosen paths. Tests run as root in CI, where permissions cannot make writes fail.
/// Without an injector (always, outside tests) each check is one lock-free load.
package enum FileFaults {
    package enum Operation: Sendable, Equatable { case read, write, rename, delete }

    /// Returns the errno to fail `operation` on `path` with, or nil to let it happen.
    package typealias Injector = @Sendable (_ operation: Operation, _ path: String) -> Int32?

    private final class Box: @unchecked Sendable { // guarded by `lock`
        let lock = Lock()
        var injector: Injector?
        var active = false
    }
    private static let box = Box()

    /// Runs `body` with `injector` deciding failures, then removes it.
    package static func with<T>(_ injector: @escaping Injector, _ body: () throws -> T) rethrows -> T {
        box.lock.withLock { box.injector = injector; box.active = true }
        defer { box.lock.withLock { box.injector = nil; box.active = false } }
        return try body()
    }

    /// The injected errno for `operation` on `path`, if any (and sets `errno` to it).
    static func injected(_ operation: Operation, _ path: String) -> Int32? {
        guard let injector = box.lock.withLock({ box.active ? box.injector : nil }),
              let e = injector(operation, path) else { return nil }
        errno = e
        return e
    }
}
