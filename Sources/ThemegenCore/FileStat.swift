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

/// What the cache's fast path compares before it hashes anything: a file whose size, mtime
/// (to the nanosecond) and inode are unchanged is taken to be unchanged.
package struct FileStat: Sendable, Hashable {
    package var size: Int64
    package var mtimeNanoseconds: Int64
    package var inode: UInt64

    package init(size: Int64, mtimeNanoseconds: Int64, inode: UInt64) {
        self.size = size; self.mtimeNanoseconds = mtimeNanoseconds; self.inode = inode
    }

    /// The stat of a regular file (following symlinks), or nil when there is none.
    package static func of(_ path: String) -> FileStat? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let ns = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        #else
        let ns = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        #endif
        return FileStat(size: Int64(st.st_size), mtimeNanoseconds: ns, inode: UInt64(st.st_ino))
    }
}
