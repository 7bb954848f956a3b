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
import ThemegenConfig
import ThemegenCore

/// What `themegen run --watch` polls: the stat of every file under the watched folders and of
/// the watched files. Polling by stat is portable and, at a few polls a second, costs well
/// under 1% of a core for 1,000 exports (`make bench` measures it).
package struct WatchSnapshot: Sendable, Equatable {
    /// Path (as the watched root was given, plus `/name`…) → stat, for regular files.
    package var files: [String: FileStat] = [:]
    /// Watched folders that do not exist (or are not folders) right now.
    package var missingFolders: [String] = []

    package init() {}
}

/// What changed between two snapshots, each list sorted.
package struct WatchChange: Sendable, Equatable {
    package var added: [String] = []
    package var removed: [String] = []
    package var modified: [String] = []

    package init(added: [String] = [], removed: [String] = [], modified: [String] = []) {
        self.added = added; self.removed = removed; self.modified = modified
    }

    package var isEmpty: Bool { added.isEmpty && removed.isEmpty && modified.isEmpty }

    /// Folds a later change in: a file added then modified is still "added", and so on.
    package mutating func merge(_ later: WatchChange) {
        var added = Set(self.added), removed = Set(self.removed), modified = Set(self.modified)
        for p in later.added {
            if removed.remove(p) != nil { modified.insert(p) } else { added.insert(p) }
        }
        for p in later.removed {
            if added.remove(p) == nil { modified.remove(p); removed.insert(p) }
        }
        for p in later.modified where !added.contains(p) { modified.insert(p) }
        self.added = added.sorted(); self.removed = removed.sorted(); self.modified = modified.sorted()
    }
}

/// Which paths a config's run reads, and stat snapshots of them.
package enum InputWatcher {
    /// What to poll: the input folders (reported when they go missing), folders that may
    /// legitimately be absent (the config's `Templates/`, folders of templates given by path,
    /// the conventional folders when no config loads) and single files (the config, templates).
    package struct Paths: Sendable, Equatable {
        package var folders: [String] = []
        package var optionalFolders: [String] = []
        package var files: [String] = []
    }

    /// What a run of `config` reads, as paths usable from the current folder. `config` is nil
    /// when it did not load: then the config file and the conventional folders are watched,
    /// so that fixing or creating them starts a run.
    package static func watchedPaths(config: LoadedConfig?, configPath: String) -> Paths {
        var paths = Paths(files: [configPath])
        guard let loaded = config else {
            paths.optionalFolders = [ConfigDefaults.themesInput, ConfigDefaults.assetsInput, Producers.templatesFolderName]
                .map { OutputWriter.join(FilePath.parent(configPath), $0) }
            return paths
        }
        let c = loaded.config
        var seen = Set<String>()
        func add(_ p: String, to list: inout [String]) {
            if seen.insert(p).inserted { list.append(p) }
        }
        for input in c.themes.map(\.input) + c.assets.map(\.input) { add(OutputWriter.join(loaded.root, input), to: &paths.folders) }
        add(OutputWriter.join(loaded.root, Producers.templatesFolderName), to: &paths.optionalFolders)
        for o in c.themes.flatMap(\.outputs) + c.assets.flatMap(\.outputs) {
            guard let t = o.templateFile else { continue }
            add(OutputWriter.join(loaded.root, t), to: &paths.files)
            if !FilePath.parent(t).isEmpty { add(OutputWriter.join(loaded.root, FilePath.parent(t)), to: &paths.optionalFolders) }
        }
        return paths
    }

    /// Stats every regular file under the folders (recursively, skipping hidden entries, not
    /// following links into folders) and each of the files that exists.
    package static func snapshot(_ paths: Paths) -> WatchSnapshot {
        var snap = WatchSnapshot()
        for folder in paths.folders {
            if !scan(folder, into: &snap.files) { snap.missingFolders.append(folder) }
        }
        for folder in paths.optionalFolders { scan(folder, into: &snap.files) }
        for f in paths.files { if let st = FileStat.of(f) { snap.files[f] = st } }
        return snap
    }

    /// A hash of everything `snapshot` would see (names, sizes, mtimes, inodes, in directory
    /// order) and the missing folders, made without allocating: the idle loop compares these
    /// and takes a full snapshot only when one moved.
    package static func fingerprint(_ paths: Paths) -> (hash: UInt64, missing: [String]) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var missing: [String] = []
        for folder in paths.folders {
            let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd < 0 { missing.append(folder); mix(&h, 0x6d); continue }
            hashTree(fd, into: &h)
        }
        for folder in paths.optionalFolders {
            let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd < 0 { mix(&h, 0x6f); continue }
            hashTree(fd, into: &h)
        }
        for f in paths.files {
            var st = stat()
            if stat(f, &st) == 0 { mixStat(&h, st) } else { mix(&h, 0x66) }
        }
        return (h, missing)
    }

    /// Hashes the entries under the open folder `fd` (which it closes), as `scan` visits them.
    private static func hashTree(_ fd: Int32, into h: inout UInt64) {
        guard let dir = fdopendir(fd) else { close(fd); return }
        defer { closedir(dir) }
        let dfd = dirfd(dir)
        while let entry = readdir(dir) {
            let hidden = withUnsafeBytes(of: entry.pointee.d_name) { name -> Bool in
                if name[0] == UInt8(ascii: ".") { return true }
                for byte in name { if byte == 0 { break }; mix(&h, UInt64(byte)) }
                return false
            }
            if hidden { continue }
            var st = stat()
            let found = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { fstatat(dfd, $0, &st, 0) == 0 }
            }
            guard found else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                let sub = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) {
                        openat(dfd, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    }
                }
                mix(&h, 0x2f)
                if sub >= 0 { hashTree(sub, into: &h) }
            case S_IFREG:
                mixStat(&h, st)
            default:
                continue
            }
        }
    }

    private static func mix(_ h: inout UInt64, _ v: UInt64) {
        h = (h ^ v) &* 0x0000_0100_0000_01b3
    }

    private static func mixStat(_ h: inout UInt64, _ st: stat) {
        #if canImport(Darwin)
        let ns = Int64(st.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int64(st.st_mtimespec.tv_nsec)
        #else
        let ns = Int64(st.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(st.st_mtim.tv_nsec)
        #endif
        mix(&h, UInt64(bitPattern: Int64(st.st_size)))
        mix(&h, UInt64(bitPattern: ns))
        mix(&h, UInt64(st.st_ino))
    }

    package static func diff(_ old: WatchSnapshot, _ new: WatchSnapshot) -> WatchChange {
        var change = WatchChange()
        for (p, st) in new.files {
            if let was = old.files[p] { if was != st { change.modified.append(p) } } else { change.added.append(p) }
        }
        for p in old.files.keys where new.files[p] == nil { change.removed.append(p) }
        change.added.sort(); change.removed.sort(); change.modified.sort()
        return change
    }

    /// Adds the files under `path`; false when `path` is not a folder.
    @discardableResult
    static func scan(_ path: String, into files: inout [String: FileStat]) -> Bool {
        guard let dir = opendir(path) else { return false }
        defer { closedir(dir) }
        let fd = dirfd(dir)
        let prefix = path.hasSuffix("/") ? path : path + "/"
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            // Hidden entries: ".", "..", editors' swap files and themegen's own temp files.
            if name.hasPrefix(".") { continue }
            var st = stat()
            guard fstatat(fd, name, &st, 0) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                var lst = stat()
                if fstatat(fd, name, &lst, AT_SYMLINK_NOFOLLOW) == 0, (lst.st_mode & S_IFMT) == S_IFDIR {
                    scan(prefix + name, into: &files)
                }
            case S_IFREG:
                #if canImport(Darwin)
                let ns = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
                #else
                let ns = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
                #endif
                files[prefix + name] = FileStat(size: Int64(st.st_size), mtimeNanoseconds: ns, inode: UInt64(st.st_ino))
            default:
                continue
            }
        }
        return true
    }
}
