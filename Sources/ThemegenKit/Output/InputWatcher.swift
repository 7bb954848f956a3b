import Foundation

/// What `themegen run --watch` polls: the stat of every file under the watched folders and of
/// the watched files. Polling by stat is portable and, at a few polls a second, costs well
/// under 1% of a core for 1,000 exports (`make bench` measures it).
public struct WatchSnapshot: Sendable, Equatable {
    /// Path (as the watched root was given, plus `/name`…) → stat, for regular files.
    public var files: [String: FileStat] = [:]
    /// Watched folders that do not exist (or are not folders) right now.
    public var missingFolders: [String] = []

    public init() {}
}

/// What changed between two snapshots, each list sorted.
public struct WatchChange: Sendable, Equatable {
    public var added: [String] = []
    public var removed: [String] = []
    public var modified: [String] = []

    public init(added: [String] = [], removed: [String] = [], modified: [String] = []) {
        self.added = added; self.removed = removed; self.modified = modified
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && modified.isEmpty }

    /// Folds a later change in: a file added then modified is still "added", and so on.
    public mutating func merge(_ later: WatchChange) {
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
public enum InputWatcher {
    /// The folders a run reads (every section's input, the config's `Templates/`, the folders
    /// of templates given by path) and the files (the config), relative to the current folder.
    public static func watchedPaths(config: LoadedConfig?, configPath: String) -> (folders: [String], files: [String]) {
        var files = [configPath]
        guard let loaded = config else {
            // No usable config: the conventional folders, so that creating them starts a run.
            return ([ConfigDefaults.themesInput, ConfigDefaults.assetsInput, Producers.templatesFolderName].map {
                OutputWriter.join(FilePath.parent(configPath), $0)
            }, files)
        }
        let c = loaded.config
        var folders = c.themes.map(\.input) + c.assets.map(\.input) + [Producers.templatesFolderName]
        for o in c.themes.flatMap(\.outputs) + c.assets.flatMap(\.outputs) {
            if let t = o.templateFile { files.append(OutputWriter.join(loaded.root, t)); folders.append(FilePath.parent(t)) }
        }
        folders = folders.filter { !$0.isEmpty }
        var seen = Set<String>()
        return (folders.map { OutputWriter.join(loaded.root, $0) }.filter { seen.insert($0).inserted },
                files.filter { seen.insert($0).inserted })
    }

    /// Stats every regular file under `folders` (recursively, skipping hidden entries, not
    /// following links into folders) and each of `files` that exists.
    public static func snapshot(folders: [String], files: [String]) -> WatchSnapshot {
        var snap = WatchSnapshot()
        for folder in folders {
            if !scan(folder, into: &snap.files) { snap.missingFolders.append(folder) }
        }
        for f in files { if let st = FileStat.of(f) { snap.files[f] = st } }
        return snap
    }

    public static func diff(_ old: WatchSnapshot, _ new: WatchSnapshot) -> WatchChange {
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
