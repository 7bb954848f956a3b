import Foundation
import Mustache
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// Writes the files of a one-off command (`themes --output`, `slice --catalog`, `preview`)
/// through the same safe writer and ownership manifest as `themegen run`: atomic writes,
/// nothing themegen does not own is overwritten, and only paths inside `scope` are written
/// or deleted. The manifest sits beside the first scope path (`Generated/` in the conventional
/// layout, which is where `themegen run` keeps it too).
public enum StandaloneOutput {
    public struct Options: Sendable {
        public var force = false
        public var dryRun = false
        public var check = false
        public init() {}
    }

    /// `scope`: output files and folders (relative to the current folder) this command owns.
    /// An absolute `--catalog` or `--output` (as Xcode build phases pass `$SRCROOT/…`) makes
    /// every path absolute, written from `/`.
    public static func write(_ files: [PlannedFile], scope: [String], options: Options, toolVersion: String,
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
        var lock: RunLock?
        if !readOnly {
            try BuildCache.prepareFolder(BuildCache.folder)
            lock = try RunLock(path: BuildCache.folder + "/lock", shownAs: BuildCache.folder + "/lock", timeout: 30) { pid in
                console.info("waiting for lock held by " + (pid.map { "pid \($0)" } ?? "another themegen run"))
            }
        }
        defer { lock?.release() }

        // What the manifest owns outside this command's scope is left as it is.
        let manifest = try OwnershipManifest.load(path: OutputWriter.join(root, manifestPath), shownAs: manifestPath)
        func inScope(_ path: String) -> Bool {
            scopes.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        let kept = manifest.files.filter { !inScope($0.key) }
        var write = WriteOptions()
        write.check = options.check
        write.dryRun = options.dryRun
        write.force = options.force
        write.manifestPath = manifestPath
        let report = try OutputWriter.apply(plan: OutputPlan(files: files, kept: kept), root: root, options: write)
        var build = BuildOptions(toolVersion: toolVersion)
        build.check = options.check
        build.dryRun = options.dryRun
        BuildRun.describe(report, options: build, console: console)
        return options.check && !report.isUpToDate ? .differences : .ok
    }
}
