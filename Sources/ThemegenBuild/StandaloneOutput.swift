#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore

/// Writes the files of a one-off command (`themes --output`, `slice --catalog`, `preview`)
/// through the same safe writer and ownership manifest as `themegen run`: atomic writes,
/// nothing themegen does not own is overwritten, and only paths inside `scope` are written
/// or deleted. The manifest sits beside the first scope path (`Generated/` in the conventional
/// layout, which is where `themegen run` keeps it too).
package enum StandaloneOutput {
    package struct Options: Sendable {
        package var force = false
        package var dryRun = false
        package var check = false
        package init() {}
    }

    /// `scope`: output files and folders (relative to the current folder, or absolute, as
    /// Xcode build phases pass `$SRCROOT/…`) this command owns.
    ///
    /// One output, however it is spelled: paths inside the current folder are recorded relative
    /// to it, so `--catalog $PWD/A.xcassets` and `--catalog A.xcassets` share one manifest and a
    /// later run deletes what the other wrote. Only an output outside the current folder makes
    /// every path absolute, written from `/`. The manifest records which (`root`), and one
    /// recorded the other way is rewritten to this run's.
    package static func write(_ files: [PlannedFile], scope: [String], options: Options,
                             console: any Diagnostics) throws -> BuildStatus {
        let cwd = FileManager.default.currentDirectoryPath
        let here = Spelling(currentDirectory: cwd)
        let readOnly = options.check || options.dryRun
        let session = try OutputSession(lockRoot: ".", readOnly: readOnly, console: console)
        defer { session.close() }

        // The manifest sits beside the first output, whichever way it is spelled.
        let firstGiven = scope.first ?? "."
        let firstScope = here.absolute(firstGiven.hasSuffix("/") ? String(firstGiven.dropLast()) : firstGiven)
        let manifestFull = FilePath.parent(firstScope) + "/.themegen-manifest.json"
        let existing = try OwnershipManifest.load(path: manifestFull, shownAs: here.shown(manifestFull))
        let recorded = existing.root ?? here.legacyRoot(of: existing, spelledAbsolute: scope.contains { $0.hasPrefix("/") })
        // "/" only when something cannot be said relative to the current folder.
        let recordedOutside = recorded == "/" && existing.allPaths.contains { !here.isInside("/" + $0) }
        let root = scope.allSatisfy({ here.isInside(here.absolute($0)) }) && !recordedOutside ? "." : "/"
        func key(_ p: String) -> String { root == "." ? here.local(here.absolute(p)) : String(here.absolute(p).dropFirst()) }
        let files = files.map { f in var g = f; g.path = key(f.path); return g }
        let scopes = scope.map { key($0.hasSuffix("/") ? String($0.dropLast()) : $0) }
        let manifestPath = key(manifestFull)
        // Allowed: the current folder and the folders the command line names.
        let named = scope.map { p -> String in
            let full = here.absolute(p)
            let parent = FilePath.parent(full.hasSuffix("/") ? String(full.dropLast()) : full)
            return parent.isEmpty ? "/" : parent
        }
        let guardian = PathGuard(base: root, roots: [cwd] + named,
                                 describedAs: "the current folder and the folders named by --output/--catalog")
        let rebase: @Sendable (OwnershipManifest) -> OwnershipManifest = { m in
            let from = m.root ?? recorded
            guard from != root else { return m }
            func rekey(_ table: [String: String]) -> [String: String] {
                Dictionary(table.map { (from == "/" ? here.local("/" + $0.key) : String(here.absolute($0.key).dropFirst()), $0.value) },
                           uniquingKeysWith: { a, _ in a })
            }
            var r = m
            r.files = rekey(m.files)
            r.pending = rekey(m.pending)
            return r
        }

        // What the manifest owns outside this command's scope is left as it is.
        try guardian.check(manifestPath, shownAs: manifestPath)
        let manifest = rebase(try OwnershipManifest.load(path: OutputWriter.join(root, manifestPath), shownAs: manifestPath))
        try OutputWriter.validate(manifest, shownAs: manifestPath, guardian: guardian)
        func inScope(_ path: String) -> Bool {
            scopes.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        let kept = manifest.files.filter { !inScope($0.key) }
        var write = WriteOptions()
        write.check = options.check
        write.dryRun = options.dryRun
        write.force = options.force
        write.manifestPath = manifestPath
        write.pathGuard = guardian
        write.manifestRoot = root
        write.rebase = rebase
        let report = try session.write(OutputPlan(files: files, kept: kept), root: root, options: write)
        return options.check && !report.isUpToDate ? .differences : .ok
    }

    /// Paths as the command line spells them, made absolute or relative to the current folder.
    struct Spelling: Sendable {
        let currentDirectory: String
        var base: String { currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/" }

        func absolute(_ p: String) -> String {
            let full = p.hasPrefix("/") ? p : base + (p.hasPrefix("./") ? String(p.dropFirst(2)) : p)
            return full.hasSuffix("/.") ? String(full.dropLast(2)) : full
        }

        func isInside(_ absolute: String) -> Bool { absolute.hasPrefix(base) && absolute.count > base.count }

        /// Relative to the current folder (only for paths inside it).
        func local(_ absolute: String) -> String { isInside(absolute) ? String(absolute.dropFirst(base.count)) : absolute }

        /// How a manifest path is shown before the run's base is known.
        func shown(_ absolute: String) -> String { local(absolute) }

        /// What a manifest written before `root` existed was relative to: as before, "/" when the
        /// command line spells an output absolutely, else "."; and "/" when every key starts with
        /// the current folder's path, which only a manifest written from "/" has.
        func legacyRoot(of m: OwnershipManifest, spelledAbsolute: Bool) -> String {
            let keys = m.allPaths
            let prefix = String(base.dropFirst())
            if !keys.isEmpty && !prefix.isEmpty && keys.allSatisfy({ $0.hasPrefix(prefix) }) { return "/" }
            return spelledAbsolute ? "/" : "."
        }
    }
}
