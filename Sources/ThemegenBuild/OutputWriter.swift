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
import ThemegenImage

/// What a run should leave on disk.
package struct OutputPlan: Sendable {
    /// Files to produce, with their exact bytes.
    package var files: [PlannedFile]
    /// Outputs of jobs the cache found unchanged: path → the SHA-256 they were written with.
    /// They count as planned and up to date; their bytes are not needed.
    package var kept: [String: String]

    package init(files: [PlannedFile] = [], kept: [String: String] = [:]) {
        self.files = files; self.kept = kept
    }
}

package struct WriteOptions: Sendable {
    /// Write nothing; report what is missing, stale or extra. Files themegen does not own are
    /// reported as differences here, not as ownership errors: check answers "is it up to date?".
    package var check = false
    /// Write nothing; report what a run would write or delete.
    package var dryRun = false
    /// Overwrite or delete files themegen does not own, taking ownership of them.
    package var force = false
    /// Where the ownership manifest lives, relative to the root.
    package var manifestPath = OwnershipManifest.defaultPath
    /// Decides whether two different PNG byte streams hold the same image (header, colour
    /// chunks, pixels). Without it, PNGs compare by bytes.
    package var pngEquivalent: (@Sendable (_ onDisk: [UInt8], _ planned: [UInt8]) -> Bool)? = PNGComparison.sameImage
    /// Called with each path just before it is written or deleted; throwing stops the run
    /// there, as a crash would. For tests.
    package var beforeEachChange: (@Sendable (String) throws -> Void)?
    /// Where writes and deletions may land; nil means the root alone (`PathGuard.forConfig`).
    package var pathGuard: PathGuard?
    /// A standalone command's manifest: what its keys are relative to (`OwnershipManifest.root`),
    /// and how keys recorded relative to the other base are rewritten to this one.
    package var manifestRoot: String?
    package var rebase: (@Sendable (OwnershipManifest) -> OwnershipManifest)?

    package init() {}
}

/// What `OutputWriter.apply` found and (unless checking) did. Paths are sorted.
package struct WriteReport: Sendable, Equatable {
    /// Planned but absent (written, unless checking).
    package var missing: [String] = []
    /// Present with other content (rewritten, unless checking).
    package var stale: [String] = []
    /// Owned but no longer planned (deleted, unless checking).
    package var extra: [String] = []
    /// Already up to date: not touched.
    package var unchanged: [String] = []
    /// Folders removed because deleting owned files left them empty.
    package var removedFolders: [String] = []
    /// Files no longer generated that were left in place because they changed since themegen
    /// wrote them.
    package var abandoned: [String] = []
    /// The manifest after the run: every planned path → the SHA-256 of what is on disk
    /// (in check and dry-run mode, of what would be).
    package var hashes: [String: String] = [:]

    package var isUpToDate: Bool { missing.isEmpty && stale.isEmpty && extra.isEmpty }
    package var changeCount: Int { missing.count + stale.count + extra.count }
}

/// An output themegen may not overwrite or delete.
package struct OwnershipError: ThemegenError {
    package let path: String
    package let reason: String
    package var kind: ErrorKind { .io }
    package var description: String { "\(path): \(reason); move it away or run with --force to let themegen take it" }
}

/// Turns a plan into safe, minimal writes: only changed files are written, each atomically;
/// nothing themegen does not own is overwritten or deleted; the manifest is written last.
package enum OutputWriter {
    /// Folder kinds of an asset catalog whose whole content themegen writes.
    static let bundleSuffixes = [".imageset", ".colorset", ".appiconset", ".dataset", ".symbolset"]

    package static func apply(plan: OutputPlan, root: String, options: WriteOptions) throws -> WriteReport {
        try validate(plan, options: options)
        let guardian = options.pathGuard ?? PathGuard.forConfig(root: root)
        let manifestFull = join(root, options.manifestPath)
        try guardian.check(options.manifestPath, shownAs: options.manifestPath)
        var manifest = try OwnershipManifest.load(path: manifestFull, shownAs: options.manifestPath)
        if let rebase = options.rebase { manifest = rebase(manifest) }
        try validate(manifest, shownAs: options.manifestPath, guardian: guardian)
        try checkInside(plan, guardian: guardian)
        var report = WriteReport()
        var conflicts: [Error] = []
        var finalFiles: [String: String] = plan.kept
        var writes: [(file: PlannedFile, hash: String)] = []
        var deletes: [String] = []
        /// What each stale output held when it was compared: re-checked just before its rename.
        var seenHashes: [String: String] = [:]

        let files = plan.files.sorted(by: { $0.path < $1.path })
        let hashes = contentHashes(files)
        for (file, hash) in zip(files, hashes) {
            guard let onDisk = try FileSystem.readFile(join(root, file.path), shownAs: file.path) else {
                report.missing.append(file.path)
                writes.append((file, hash))
                continue
            }
            if file.content.isIdentical(to: onDisk) {
                report.unchanged.append(file.path)
                finalFiles[file.path] = hash
                continue
            }
            if file.kind == .png, let same = options.pngEquivalent, same(onDisk, try file.read()) {
                // Same image from another zlib: rewriting would only churn the file.
                report.unchanged.append(file.path)
                finalFiles[file.path] = SHA256.hex(onDisk)
                continue
            }
            let diskHash = SHA256.hex(onDisk)
            report.stale.append(file.path)
            writes.append((file, hash))
            seenHashes[file.path] = diskHash
            if !options.force, !options.check, !manifest.owns(file.path, hash: diskHash) {
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
                seenHashes[path] = SHA256.hex(onDisk)
            } else {
                // No longer generated, but someone edited it: theirs now.
                report.abandoned.append(path)
            }
        }

        for folder in bundleFolders(of: planned) {
            for name in FileSystem.list(join(root, folder)) {
                let path = folder + "/" + name
                if planned.contains(path) || manifest.files[path] != nil || manifest.pending[path] != nil { continue }
                if FileSystem.isTemporary(name) { continue }
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

        var finalManifest = OwnershipManifest(files: finalFiles)
        finalManifest.root = options.manifestRoot
        removeLeftoverTemporaries(root: root, paths: plan.files.map(\.path))
        if writes.isEmpty && deletes.isEmpty {
            if finalManifest != manifest { try writeManifest(finalManifest, root: root, options: options) }
            return report
        }

        // Before the first change, record the hashes about to be written, so a crash
        // in the middle still leaves them owned.
        var inFlight = manifest
        inFlight.root = options.manifestRoot
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
        let folders = Set(temporaries.map(FilePath.parent)).sorted() + [root]
        FileSystem.flushFileSystems(holding: folders)
        for (i, file) in ordered.enumerated() {
            try options.beforeEachChange?(file.path)
            try checkUnchanged(join(root, file.path), shownAs: file.path, since: seenHashes[file.path])
            try FileSystem.replace(join(root, file.path), with: temporaries[i], shownAs: file.path)
            temporaries[i] = ""
        }
        temporaries = []
        // Contents.json first, so a half-deleted imageset is never one Xcode reads.
        for path in deletes.sorted(by: { writeOrder($1, $0) }) {
            try options.beforeEachChange?(path)
            if let seen = seenHashes[path] { try checkUnchanged(join(root, path), shownAs: path, since: seen) }
            try FileSystem.remove(join(root, path), shownAs: path)
        }
        report.removedFolders = removeEmptyFolders(root: root, below: deletes, guardian: guardian)
        // The renames and deletions, before the manifest says so.
        FileSystem.flushFileSystems(holding: folders + deletes.map { FilePath.parent(join(root, $0)) })
        try writeManifest(finalManifest, root: root, options: options)
        return report
    }

    /// A save by the user between the comparison and the rename must not be lost: the file
    /// must still be absent (`hash` nil) or hold what was compared. Otherwise the run stops
    /// there, as a crash would (the manifest's `pending` lets the next run finish), keeping
    /// the user's bytes.
    static func checkUnchanged(_ full: String, shownAs name: String, since hash: String?) throws {
        guard let hash else {
            if FileSystem.exists(full) {
                throw OwnershipError(path: name, reason: "appeared while themegen was writing; it was kept")
            }
            return
        }
        let now = try FileSystem.readFile(full, shownAs: name).map { SHA256.hex($0) }
        if now != hash {
            throw OwnershipError(path: name, reason: "was changed while themegen was writing; your version was kept")
        }
    }

    /// Writes each file's bytes to its temp path, on all cores: creating hundreds of files is
    /// kernel work that a single thread would wait out alone. The first failure in write order
    /// is thrown; every temp is still cleaned up by the caller.
    /// Each file's SHA-256, on all cores (hashing is most of the writer's own work on a cold
    /// run). Files that share one buffer, as the preview's copies of the catalog's images do,
    /// are hashed once.
    static func contentHashes(_ files: [PlannedFile]) -> [String] {
        var firstWith: [BufferKey: Int] = [:]
        var source = [Int](repeating: 0, count: files.count)
        var distinct: [Int] = []
        for (i, f) in files.enumerated() {
            guard case .bytes(let b) = f.content else { source[i] = distinct.count; distinct.append(i); continue }
            let key = b.withUnsafeBufferPointer { BufferKey(address: Int(bitPattern: $0.baseAddress), count: $0.count) }
            if let k = firstWith[key] { source[i] = k; continue }
            firstWith[key] = distinct.count
            source[i] = distinct.count
            distinct.append(i)
        }
        let hashed = concurrentMap(distinct.count) { files[distinct[$0]].content.sha256 }
        return source.map { hashed[$0] }
    }

    /// A byte buffer's identity: arrays that share storage share it (empty arrays all look
    /// alike, and all hash alike).
    private struct BufferKey: Hashable {
        var address: Int
        var count: Int
    }

    static func writeTemporaries(_ files: [PlannedFile], to temporaries: [String]) throws {
        let results = concurrentMap(files.count) { i in
            Result { try FileSystem.writeTemporary(try files[i].read(), at: temporaries[i], shownAs: files[i].path, sync: false) }
        }
        for r in results { try r.get() }
    }

    /// Deletes every unchanged file the manifest says themegen wrote (`themegen clean`).
    package static func clean(root: String, options: WriteOptions) throws -> WriteReport {
        let report = try apply(plan: OutputPlan(), root: root, options: options)
        if !options.check, !options.dryRun, report.abandoned.isEmpty {
            try FileSystem.remove(join(root, options.manifestPath), shownAs: options.manifestPath)
            _ = removeEmptyFolders(root: root, below: [options.manifestPath],
                                   guardian: options.pathGuard ?? PathGuard.forConfig(root: root))
        }
        return report
    }

    // MARK: - Steps

    static func validate(_ plan: OutputPlan, options: WriteOptions) throws {
        var errors: [Error] = []
        var seen = Set<String>()
        for path in plan.files.map(\.path) + plan.kept.keys.sorted() {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if PathGuard.formProblem(path) != nil {
                errors.append(FileError(path, "output path must be relative, inside the config's folder, without '.' or '..'"))
            } else if path == options.manifestPath || parts.first == ".themegen" || FileSystem.looksTemporary(path) {
                errors.append(FileError(path, "output path collides with themegen's own bookkeeping files (.themegen/, the manifest, names containing '.themegen-tmp')"))
            } else if !seen.insert(path).inserted {
                errors.append(FileError(path, "two outputs of this run have the same path"))
            }
        }
        if !errors.isEmpty { throw ErrorList(errors) }
    }

    /// The manifest arrives through pull requests: every key is checked like a config's output
    /// path before anything is read or deleted, and a bad one stops the run.
    static func validate(_ manifest: OwnershipManifest, shownAs name: String, guardian: PathGuard) throws {
        var errors: [Error] = []
        for (table, keys) in [("files", manifest.files.keys.sorted()), ("pending", manifest.pending.keys.sorted())] {
            for key in keys {
                let shown = TerminalText.safe(key)
                if let problem = PathGuard.formProblem(key) {
                    errors.append(FileError(name, "\(table).\"\(shown)\": the path \(problem); an output path must be relative, inside the output root, without '.' or '..'; nothing was deleted. Remove the entry (or delete the manifest and run with --force)"))
                    continue
                }
                do { try guardian.check(key, shownAs: key) } catch let e as FileError {
                    errors.append(FileError(name, "\(table).\"\(shown)\": \(e.path) \(e.message); nothing was deleted. Remove the entry (or delete the manifest and run with --force)", kind: e.kind))
                }
            }
        }
        if !errors.isEmpty { throw ErrorList(errors) }
    }

    /// Every planned output must land inside an allowed root (no symlinked folder leading out).
    static func checkInside(_ plan: OutputPlan, guardian: PathGuard) throws {
        var errors: [Error] = []
        var reported = Set<String>()
        for path in plan.files.map(\.path).sorted() {
            do { try guardian.check(path, shownAs: path) } catch let e as FileError {
                if reported.insert(e.path).inserted { errors.append(e) }
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
        var listings: [String: [String]] = [:]
        for p in paths {
            let full = join(root, p)
            let dir = FilePath.parent(full)
            if listings[dir] == nil { listings[dir] = FileSystem.list(dir.isEmpty ? "." : dir) }
            FileSystem.removeLeftoverTemporaries(of: full, listing: listings[dir]!)
        }
    }

    /// Removes folders, deepest first, that deleting `paths` left empty; never a root of
    /// `guardian` nor anything outside one.
    static func removeEmptyFolders(root: String, below paths: [String], guardian: PathGuard) -> [String] {
        var candidates = Set<String>()
        for p in paths {
            var d = FilePath.parent(p)
            while !d.isEmpty && d != "/" { candidates.insert(d); d = FilePath.parent(d) }
        }
        var removed: [String] = []
        for d in candidates.sorted(by: { $0.split(separator: "/").count > $1.split(separator: "/").count || ($0.split(separator: "/").count == $1.split(separator: "/").count && $0 < $1) }) {
            let real = PathGuard.resolved(join(root, d))
            guard guardian.inside(real), !guardian.roots.contains(real) else { continue }
            if rmdir(join(root, d)) == 0 { removed.append(d) }
        }
        return removed.sorted()
    }

    package static func join(_ root: String, _ path: String) -> String {
        root.isEmpty || root == "." ? path : (root.hasSuffix("/") ? root + path : root + "/" + path)
    }

}
