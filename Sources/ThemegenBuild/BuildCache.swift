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

/// A file as the cache last saw it: its stat for the fast path, and its content hash for when
/// the stat changed but the content did not (a touch, a checkout).
package struct Fingerprint: Sendable, Equatable {
    package var stat: FileStat
    package var sha256: String
    package init(stat: FileStat, sha256: String) { self.stat = stat; self.sha256 = sha256 }
}

/// What one job read and wrote the last time it ran.
package struct JobRecord: Sendable, Equatable {
    /// Input path (relative to the root) → fingerprint.
    package var inputs: [String: Fingerprint] = [:]
    /// Output path → fingerprint.
    package var outputs: [String: Fingerprint] = [:]
    /// Asset catalog folders (imagesets…) the job filled → their stat, so a file dropped into
    /// one shows up as a change.
    package var folders: [String: FileStat] = [:]
    /// The warnings the job gave; a cached run repeats them, so they neither vanish after the
    /// first build nor slip past `--strict`.
    package var warnings: [String] = []

    package init(inputs: [String: Fingerprint] = [:], outputs: [String: Fingerprint] = [:],
                folders: [String: FileStat] = [:], warnings: [String] = []) {
        self.inputs = inputs; self.outputs = outputs; self.folders = folders; self.warnings = warnings
    }
}

/// The incremental cache in `.themegen/cache.json` beside the config. It is only an
/// accelerator: any doubt (another tool version, another config, an unreadable file) means a
/// full run, which gives the same outputs.
package struct BuildCache: Sendable, Equatable {
    package static let folder = ".themegen"
    package static let fileName = "cache.json"

    /// Tool version, config bytes and decoding limit: when any changes, nothing recorded is trusted.
    package var key: String
    /// The manifest's stat after the last run; if it changed, the writer must run.
    package var manifest: FileStat?
    package var jobs: [String: JobRecord]

    package init(key: String, manifest: FileStat? = nil, jobs: [String: JobRecord] = [:]) {
        self.key = key; self.manifest = manifest; self.jobs = jobs
    }

    package static func key(toolVersion: String, configBytes: [UInt8], maxPixels: Int) -> String {
        var h = SHA256()
        h.update(Array("themegen \(toolVersion)\nmax-pixels \(maxPixels)\n".utf8))
        h.update(configBytes)
        return SHA256.hexString(h.finalize())
    }

    // MARK: - Checking

    /// Whether a job can be skipped: same input list, each input unchanged (by stat, or by hash
    /// when only the stat moved), each output and catalog folder exactly as written last time.
    /// Returns the fingerprints of the inputs as they are now (refreshed stats after a touch),
    /// or nil on a miss.
    /// Inputs are relative to `inputRoot` (the config's folder), outputs to `outputRoot`.
    package static func verify(_ record: JobRecord, inputs: [String], inputRoot root: String,
                              outputRoot: String) -> [String: Fingerprint]? {
        guard inputs.count == record.inputs.count else { return nil }
        for (path, fp) in record.outputs {
            guard FileStat.of(OutputWriter.join(outputRoot, path)) == fp.stat else { return nil }
        }
        for (path, st) in record.folders {
            guard FileStat.ofFolder(OutputWriter.join(outputRoot, path)) == st else { return nil }
        }
        var now = record.inputs
        for path in inputs {
            guard let old = record.inputs[path], let st = FileStat.of(OutputWriter.join(root, path)) else { return nil }
            if st == old.stat { continue }
            guard st.size == old.stat.size,
                  let bytes = try? FileSystem.readFile(OutputWriter.join(root, path), shownAs: path),
                  SHA256.hex(bytes) == old.sha256 else { return nil }
            now[path] = Fingerprint(stat: st, sha256: old.sha256)
        }
        return now
    }

    /// Fingerprints of `paths` (stat first, then hash), hashed on both cores.
    package static func fingerprints(of paths: [String], root: String) throws -> [String: Fingerprint] {
        let results = concurrentMap(paths.count) { i in
            let full = OutputWriter.join(root, paths[i])
            return Result {
                guard let st = FileStat.of(full), let bytes = try FileSystem.readFile(full, shownAs: paths[i]) else {
                    throw FileError(paths[i], "input disappeared during the run", kind: .io)
                }
                return Fingerprint(stat: st, sha256: SHA256.hex(bytes))
            }
        }
        var out: [String: Fingerprint] = [:]
        for (i, p) in paths.enumerated() { out[p] = try results[i].get() }
        return out
    }

    // MARK: - Storage

    /// The cache at `path`, or nil when there is none or it cannot be read.
    package static func load(path: String) -> BuildCache? {
        guard let bytes = try? FileSystem.readFile(path, shownAs: path, followLinks: false),
              let root = try? JSONParser.parse(bytes, file: path).value,
              let key = root["key"]?.value.stringValue,
              let jobs = root["jobs"]?.value.objectValue else { return nil }
        var cache = BuildCache(key: key, manifest: root["manifest"]?.value.stringValue.flatMap(FileStat.init(encoded:)))
        for j in jobs {
            var r = JobRecord()
            guard let ins = j.node.value["inputs"]?.value.objectValue,
                  let outs = j.node.value["outputs"]?.value.objectValue,
                  let folders = j.node.value["folders"]?.value.objectValue else { return nil }
            for m in ins { guard let f = Fingerprint(encoded: m.node.value) else { return nil }; r.inputs[m.key] = f }
            for m in outs { guard let f = Fingerprint(encoded: m.node.value) else { return nil }; r.outputs[m.key] = f }
            for m in folders {
                guard let s = m.node.value.stringValue.flatMap(FileStat.init(encoded:)) else { return nil }
                r.folders[m.key] = s
            }
            for w in j.node.value["warnings"]?.value.arrayValue ?? [] {
                guard let s = w.value.stringValue else { return nil }
                r.warnings.append(s)
            }
            cache.jobs[j.key] = r
        }
        return cache
    }

    package func serialized() -> [UInt8] {
        let jobs = self.jobs.mapValues { r -> JSONValue in
            .object([
                JSONMember("inputs", JSONItem(.sortedObject(r.inputs.mapValues(\.encoded)))),
                JSONMember("outputs", JSONItem(.sortedObject(r.outputs.mapValues(\.encoded)))),
                JSONMember("folders", JSONItem(.sortedObject(r.folders.mapValues { .string($0.encoded) }))),
                JSONMember("warnings", JSONItem(.array(r.warnings.map { JSONItem(.string($0)) }))),
            ])
        }
        var top = [JSONMember("key", JSONItem(.string(key)))]
        if let manifest { top.append(JSONMember("manifest", JSONItem(.string(manifest.encoded)))) }
        top.append(JSONMember("jobs", JSONItem(.sortedObject(jobs))))
        return Array(JSONValue.object(top).serialized().utf8)
    }

    /// Writes the cache atomically, with a `.gitignore` that keeps `.themegen/` out of git.
    package func save(root: String) throws {
        let dir = OutputWriter.join(root, BuildCache.folder)
        try BuildCache.prepareFolder(dir)
        try FileSystem.writeAtomically(serialized(), to: dir + "/" + BuildCache.fileName,
                                       shownAs: BuildCache.folder + "/" + BuildCache.fileName)
    }

    static func prepareFolder(_ dir: String) throws {
        try FileSystem.makeDirectories(dir, shownAs: BuildCache.folder)
        let ignore = dir + "/.gitignore"
        if !FileSystem.exists(ignore) {
            try FileSystem.writeAtomically(Array("# Written by themegen: its cache and lock, never committed.\n*\n".utf8),
                                           to: ignore, shownAs: BuildCache.folder + "/.gitignore")
        }
    }
}

extension FileStat {
    /// "size:mtime-ns:inode" (mtimes in ns do not fit a JSON number exactly).
    var encoded: String { "\(size):\(mtimeNanoseconds):\(inode)" }

    init?(encoded: String) {
        let p = encoded.split(separator: ":")
        guard p.count == 3, let s = Int64(p[0]), let m = Int64(p[1]), let i = UInt64(p[2]) else { return nil }
        self.init(size: s, mtimeNanoseconds: m, inode: i)
    }

    /// The stat of a folder (its mtime moves when entries are added or removed).
    static func ofFolder(_ path: String) -> FileStat? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return nil }
        #if canImport(Darwin)
        let ns = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        #else
        let ns = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        #endif
        return FileStat(size: 0, mtimeNanoseconds: ns, inode: UInt64(st.st_ino))
    }
}

extension Fingerprint {
    var encoded: JSONValue { .string(stat.encoded + ":" + sha256) }

    init?(encoded: JSONValue) {
        guard let s = encoded.stringValue, let colon = s.lastIndex(of: ":"),
              let st = FileStat(encoded: String(s[..<colon])) else { return nil }
        self.init(stat: st, sha256: String(s[s.index(after: colon)...]))
    }
}
