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

    /// `scope`: output files and folders (relative to the current folder) this command owns.
    /// An absolute `--catalog` or `--output` (as Xcode build phases pass `$SRCROOT/…`) makes
    /// every path absolute, written from `/`.
    package static func write(_ files: [PlannedFile], scope: [String], options: Options,
                             console: any Diagnostics) throws -> BuildStatus {
        let absolute = scope.contains { $0.hasPrefix("/") }
        let cwd = FileManager.default.currentDirectoryPath
        func rooted(_ p: String) -> String {
            guard absolute else { return p }
            let full = p.hasPrefix("/") ? p : (cwd.hasSuffix("/") ? cwd : cwd + "/") + p
            return String(full.drop { $0 == "/" })
        }
        let root = absolute ? "/" : "."
        let files = files.map { f in var g = f; g.path = rooted(f.path); return g }
        let scopes = scope.map { rooted($0.hasSuffix("/") ? String($0.dropLast()) : $0) }
        let folder = FilePath.parent(scopes.first ?? "")
        let manifestPath = (folder.isEmpty ? "" : folder + "/") + ".themegen-manifest.json"
        let readOnly = options.check || options.dryRun
        // Allowed: the current folder and the folders the command line names.
        let named = scope.map { p -> String in
            let full = p.hasPrefix("/") ? p : (cwd.hasSuffix("/") ? cwd : cwd + "/") + p
            let parent = FilePath.parent(full.hasSuffix("/") ? String(full.dropLast()) : full)
            return parent.isEmpty ? "/" : parent
        }
        let guardian = PathGuard(base: root, roots: [cwd] + named,
                                 describedAs: "the current folder and the folders named by --output/--catalog")
        let session = try OutputSession(root: root, lockRoot: ".", readOnly: readOnly, console: console)
        defer { session.close() }

        // What the manifest owns outside this command's scope is left as it is.
        try guardian.check(manifestPath, shownAs: manifestPath)
        let manifest = try OwnershipManifest.load(path: OutputWriter.join(root, manifestPath), shownAs: manifestPath)
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
        let report = try session.write(OutputPlan(files: files, kept: kept), options: write)
        return options.check && !report.isUpToDate ? .differences : .ok
    }
}
