import Foundation
import Mustache
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// What a run should leave on disk.
public struct OutputPlan: Sendable {
    /// Files to produce, with their exact bytes.
    public var files: [PlannedFile]
    /// Outputs of jobs the cache found unchanged: path → the SHA-256 they were written with.
    /// They count as planned and up to date; their bytes are not needed.
    public var kept: [String: String]

    public init(files: [PlannedFile] = [], kept: [String: String] = [:]) {
        self.files = files; self.kept = kept
    }
}

public struct WriteOptions: Sendable {
    /// Write nothing; report what is missing, stale or extra. Files themegen does not own are
    /// reported as differences here, not as ownership errors: check answers "is it up to date?".
    public var check = false
    /// Write nothing; report what a run would write or delete.
    public var dryRun = false
    /// Overwrite or delete files themegen does not own, taking ownership of them.
    public var force = false
    /// Where the ownership manifest lives, relative to the root.
    public var manifestPath = OwnershipManifest.defaultPath
    /// Decides whether two different PNG byte streams hold the same image (header, colour
    /// chunks, pixels). Without it, PNGs compare by bytes.
    public var pngEquivalent: (@Sendable (_ onDisk: [UInt8], _ planned: [UInt8]) -> Bool)? = PNGComparison.sameImage
    /// Called with each path just before it is written or deleted; throwing stops the run
    /// there, as a crash would. For tests.
    public var beforeEachChange: (@Sendable (String) throws -> Void)?

    public init() {}
}

/// What `OutputWriter.apply` found and (unless checking) did. Paths are sorted.
public struct WriteReport: Sendable, Equatable {
    /// Planned but absent (written, unless checking).
    public var missing: [String] = []
    /// Present with other content (rewritten, unless checking).
    public var stale: [String] = []
    /// Owned but no longer planned (deleted, unless checking).
    public var extra: [String] = []
    /// Already up to date: not touched.
    public var unchanged: [String] = []
    /// Folders removed because deleting owned files left them empty.
    public var removedFolders: [String] = []
    /// Files no longer generated that were left in place because they changed since themegen
    /// wrote them.
    public var abandoned: [String] = []
    /// The manifest after the run: every planned path → the SHA-256 of what is on disk
    /// (in check and dry-run mode, of what would be).
    public var hashes: [String: String] = [:]

    public var isUpToDate: Bool { missing.isEmpty && stale.isEmpty && extra.isEmpty }
    public var changeCount: Int { missing.count + stale.count + extra.count }
}

/// An output themegen may not overwrite or delete.
public struct OwnershipError: ThemegenError {
    public let path: String
    public let reason: String
    public var kind: ErrorKind { .io }
    public var description: String { "\(path): \(reason); move it away or run with --force to let themegen take it" }
}

/// Turns a plan into safe, minimal writes: only changed files are written, each atomically;
/// nothing themegen does not own is overwritten or deleted; the manifest is written last.
public enum OutputWriter {
    /// Folder kinds of an asset catalog whose whole content themegen writes.
    static let bundleSuffixes = [".imageset", ".colorset", ".appiconset", ".dataset", ".symbolset"]

    public static func apply(plan: OutputPlan, root: String, options: WriteOptions) throws -> WriteReport {
        try validate(plan, options: options)
        let manifestFull = join(root, options.manifestPath)
        let manifest = try OwnershipManifest.load(path: manifestFull, shownAs: options.manifestPath)
        var report = WriteReport()
        var conflicts: [Error] = []
        var finalFiles: [String: String] = plan.kept
        var writes: [(file: PlannedFile, hash: String)] = []
        var deletes: [String] = []

        for file in plan.files.sorted(by: { $0.path < $1.path }) {
            let hash = SHA256.hex(file.bytes)
            guard let onDisk = try FileSystem.readFile(join(root, file.path), shownAs: file.path) else {
                report.missing.append(file.path)
                writes.append((file, hash))
                continue
            }
            if onDisk == file.bytes {
                report.unchanged.append(file.path)
                finalFiles[file.path] = hash
                continue
            }
            if file.kind == .png, let same = options.pngEquivalent, same(onDisk, file.bytes) {
                // Same image from another zlib: rewriting would only churn the file.
                report.unchanged.append(file.path)
                finalFiles[file.path] = SHA256.hex(onDisk)
                continue
            }
            report.stale.append(file.path)
            writes.append((file, hash))
            if !options.force, !options.check, !manifest.owns(file.path, hash: SHA256.hex(onDisk)) {
                conflicts.append(OwnershipError(path: file.path, reason: manifest.files[file.path] == nil
                    ? "exists and was not written by themegen"
                    : "was changed since themegen wrote it"))
            }
        }

        let planned = Set(plan.files.map(\.path)).union(plan.kept.keys)
        for path in manifest.allPaths where !planned.contains(path) {
            guard let onDisk = try FileSystem.readFile(join(root, path), shownAs: path) else { continue }
            if options.force || manifest.owns(path, hash: SHA256.hex(onDisk)) {
                report.extra.append(path)
                deletes.append(path)
            } else {
                // No longer generated, but someone edited it: theirs now.
                report.abandoned.append(path)
            }
        }

        for folder in bundleFolders(of: planned) {
            for name in FileSystem.list(join(root, folder)) {
                let path = folder + "/" + name
                if planned.contains(path) || manifest.files[path] != nil || manifest.pending[path] != nil { continue }
                if name.hasSuffix(".themegen-tmp") { continue }
                if options.force || options.check {
                    report.extra.append(path)
                    deletes.append(path)
                } else {
                    conflicts.append(OwnershipError(path: folder, reason: "holds '\(name)', which themegen did not write"))
                }
            }
        }
        report.extra.sort()

        if !conflicts.isEmpty { throw ErrorList(conflicts) }
        for (f, h) in writes { finalFiles[f.path] = h }
        report.hashes = finalFiles
        if options.check || options.dryRun { return report }

        let finalManifest = OwnershipManifest(files: finalFiles)
        removeLeftoverTemporaries(root: root, paths: plan.files.map(\.path))
        if writes.isEmpty && deletes.isEmpty {
            if finalManifest != manifest { try writeManifest(finalManifest, root: root, options: options) }
            return report
        }

        // Before the first change, record the hashes about to be written, so a crash
        // in the middle still leaves them owned.
        var inFlight = manifest
        for (f, h) in writes { inFlight.pending[f.path] = h }
        try writeManifest(inFlight, root: root, options: options)

        // All new contents go to temp files first and are flushed together; then the renames,
        // each atomic, in an order that never leaves a Contents.json naming a missing image.
        let ordered = writes.map(\.file).sorted(by: { writeOrder($0.path, $1.path) })
        var temporaries: [String] = []
        defer { for t in temporaries where !t.isEmpty { unlink(t) } } // only after a failure
        for file in ordered {
            let full = join(root, file.path)
            try FileSystem.makeDirectories(FilePath.parent(full), shownAs: FilePath.parent(file.path))
            temporaries.append(FileSystem.temporaryPath(for: full))
        }
        try writeTemporaries(ordered, to: temporaries)
        FileSystem.flushFileSystems()
        for (i, file) in ordered.enumerated() {
            try options.beforeEachChange?(file.path)
            try FileSystem.replace(join(root, file.path), with: temporaries[i], shownAs: file.path)
            temporaries[i] = ""
        }
        temporaries = []
        // Contents.json first, so a half-deleted imageset is never one Xcode reads.
        for path in deletes.sorted(by: { writeOrder($1, $0) }) {
            try options.beforeEachChange?(path)
            try FileSystem.remove(join(root, path), shownAs: path)
        }
        report.removedFolders = removeEmptyFolders(root: root, below: deletes)
        FileSystem.flushFileSystems() // the renames and deletions, before the manifest says so
        try writeManifest(finalManifest, root: root, options: options)
        return report
    }

    /// Writes each file's bytes to its temp path, on all cores: creating hundreds of files is
    /// kernel work that a single thread would wait out alone. The first failure in write order
    /// is thrown; every temp is still cleaned up by the caller.
    static func writeTemporaries(_ files: [PlannedFile], to temporaries: [String]) throws {
        let results = concurrentMap(files.count) { i in
            Result { try FileSystem.writeTemporary(files[i].bytes, at: temporaries[i], shownAs: files[i].path, sync: false) }
        }
        for r in results { try r.get() }
    }

    /// Deletes every unchanged file the manifest says themegen wrote (`themegen clean`).
    public static func clean(root: String, options: WriteOptions) throws -> WriteReport {
        let report = try apply(plan: OutputPlan(), root: root, options: options)
        if !options.check, !options.dryRun, report.abandoned.isEmpty {
            try FileSystem.remove(join(root, options.manifestPath), shownAs: options.manifestPath)
            _ = removeEmptyFolders(root: root, below: [options.manifestPath])
        }
        return report
    }

    // MARK: - Steps

    static func validate(_ plan: OutputPlan, options: WriteOptions) throws {
        var errors: [Error] = []
        var seen = Set<String>()
        for path in plan.files.map(\.path) + plan.kept.keys.sorted() {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if path.isEmpty || path.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                errors.append(FileError(path, "output path must be relative, inside the config's folder, without '.' or '..'"))
            } else if path == options.manifestPath || parts.first == ".themegen" {
                errors.append(FileError(path, "output path collides with themegen's own bookkeeping files"))
            } else if !seen.insert(path).inserted {
                errors.append(FileError(path, "two outputs of this run have the same path"))
            }
        }
        if !errors.isEmpty { throw ErrorList(errors) }
    }

    /// Non-`Contents.json` files first (sorted), then `Contents.json` files deepest first, so
    /// an imageset's Contents.json never names an image not yet written and a group's never
    /// precedes its members.
    static func writeOrder(_ a: String, _ b: String) -> Bool {
        let ac = a.hasSuffix("/Contents.json") || a == "Contents.json"
        let bc = b.hasSuffix("/Contents.json") || b == "Contents.json"
        if ac != bc { return !ac }
        if ac {
            let da = a.split(separator: "/").count, db = b.split(separator: "/").count
            if da != db { return da > db }
        }
        return a < b
    }

    static func bundleFolders(of paths: Set<String>) -> [String] {
        var folders = Set<String>()
        for p in paths {
            let d = FilePath.parent(p)
            if bundleSuffixes.contains(where: { d.hasSuffix($0) }) { folders.insert(d) }
        }
        return folders.sorted()
    }

    static func writeManifest(_ m: OwnershipManifest, root: String, options: WriteOptions) throws {
        let full = join(root, options.manifestPath)
        try FileSystem.makeDirectories(FilePath.parent(full), shownAs: FilePath.parent(options.manifestPath))
        try FileSystem.writeAtomically(m.serialized(), to: full, shownAs: options.manifestPath)
    }

    /// A temp file next to an output means a run was killed mid-write; the output itself is
    /// whole (old or new), so the leftover only needs to go.
    static func removeLeftoverTemporaries(root: String, paths: [String]) {
        for p in paths { unlink(FileSystem.temporaryPath(for: join(root, p))) }
    }

    /// Removes folders, deepest first, that deleting `paths` left empty; never the root.
    static func removeEmptyFolders(root: String, below paths: [String]) -> [String] {
        var candidates = Set<String>()
        for p in paths {
            var d = FilePath.parent(p)
            while !d.isEmpty && d != "/" { candidates.insert(d); d = FilePath.parent(d) }
        }
        var removed: [String] = []
        for d in candidates.sorted(by: { $0.split(separator: "/").count > $1.split(separator: "/").count || ($0.split(separator: "/").count == $1.split(separator: "/").count && $0 < $1) }) {
            if rmdir(join(root, d)) == 0 { removed.append(d) }
        }
        return removed.sorted()
    }

    static func join(_ root: String, _ path: String) -> String {
        root.isEmpty || root == "." ? path : (root.hasSuffix("/") ? root + path : root + "/" + path)
    }

}
