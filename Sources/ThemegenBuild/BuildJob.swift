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
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// What a producer gets while it runs.
package struct JobContext: Sendable {
    /// The config's folder: inputs and outputs are relative to it.
    package let root: String
    package let console: any Diagnostics
    /// Models the run's jobs have made, so a later job (the preview) need not decode again.
    package let memo: RunMemo
    /// The index of the config section the job comes from, and the config's name, for messages.
    package var section = 0
    package var configName = ConfigDefaults.fileName
    /// Exports with more pixels are refused before decoding (`run --max-pixels`).
    package var maxPixels = PNGLimits.defaultMaxPixels
    /// The config's themes inputs: the assets' code names the colorsets they write.
    package var themesSections: [ThemesInput] = []

    package init(root: String, console: any Diagnostics, memo: RunMemo = RunMemo()) {
        self.root = root; self.console = console; self.memo = memo
    }

    /// Reports progress as `[37/220] slicing Card@3x.png` (on a terminal only).
    package func progress(_ done: Int, of total: Int, _ what: String) {
        console.progress("[\(done)/\(total)] \(what)")
    }

    func forSection(_ index: Int, of loaded: LoadedConfig) -> JobContext {
        var c = self
        c.section = index
        c.configName = loaded.fileName ?? ConfigDefaults.fileName
        return c
    }

    /// A path relative to the root, made usable by this process.
    package func path(_ relative: String) -> String { OutputWriter.join(root, relative) }
}

/// The themes and sliced assets of one run, by config section index. Sendable because both
/// tables are guarded by `lock`.
package final class RunMemo: @unchecked Sendable {
    private let lock = Lock()
    private var themes: [Int: [Theme]] = [:]
    private var assets: [Int: [SlicedAsset]] = [:]

    package init() {}

    package func themes(_ section: Int, orMake make: () throws -> [Theme]) rethrows -> [Theme] {
        if let t = lock.withLock({ themes[section] }) { return t }
        let t = try make()
        lock.withLock { themes[section] = t }
        return t
    }

    package func assets(_ section: Int, orMake make: () throws -> [SlicedAsset]) rethrows -> [SlicedAsset] {
        if let a = lock.withLock({ assets[section] }) { return a }
        let a = try make()
        lock.withLock { assets[section] = a }
        return a
    }
}

/// One unit of a run: the files it reads and a closure that turns them into planned outputs.
/// The run skips `produce` entirely when the cache vouches that the inputs and the outputs are
/// unchanged since the job last ran.
package struct BuildJob: Sendable {
    /// Names the job in messages and in the cache ("themes[0]", "assets[0]", "preview").
    package var name: String
    /// Every file the job reads, relative to the root: its exports and any template files.
    /// Called on every run (a folder listing), so added and removed exports are noticed.
    package var inputs: @Sendable () throws -> [String]
    /// Produces the job's outputs. May report problems through `context.console` and return
    /// what it could; a run with errors writes nothing.
    package var produce: @Sendable (JobContext) throws -> [PlannedFile]

    package init(name: String, inputs: @escaping @Sendable () throws -> [String],
                produce: @escaping @Sendable (JobContext) throws -> [PlannedFile]) {
        self.name = name; self.inputs = inputs; self.produce = produce
    }
}

extension InputFiles {
    /// The PNGs under `folder` (relative to `root`), relative to `root`, in `scan`'s order.
    package static func relativePNGs(in folder: String, root: String, excluding patterns: [String] = []) throws -> [String] {
        var tally = SkippedInputs.Tally(folder: folder)
        return try relativePNGs(in: folder, root: root, excluding: patterns, tally: &tally)
    }

    /// The same, counting what the folder holds in `tally` (PNGs left after `exclude`, and the
    /// skipped files) from the same walk.
    package static func relativePNGs(in folder: String, root: String, excluding patterns: [String] = [],
                                     tally: inout SkippedInputs.Tally) throws -> [String] {
        let full = OutputWriter.join(root, folder)
        guard FileSystem.isDirectory(full) else {
            throw FileError(folder, "input folder does not exist or is not a folder")
        }
        let prefix = root.isEmpty || root == "." ? "" : (root.hasSuffix("/") ? root : root + "/")
        let base = full.hasSuffix("/") ? full : full + "/"
        var found = SkippedInputs.Tally(folder: tally.folder)
        let kept = try scan(folder: full, tally: &found).filter { path in
            !excluded(String(path.dropFirst(base.count)), by: patterns)
        }.map { String($0.dropFirst(prefix.count)) }
        tally.skipped += found.skipped
        tally.pngCount += kept.count
        return kept
    }

    /// Whether a path relative to an input folder matches one of the `exclude` globs: a
    /// pattern without `/` is matched against the file name, one with `/` against the whole
    /// relative path; `*` does not cross `/`.
    package static func excluded(_ relative: String, by patterns: [String]) -> Bool {
        let name = FilePath.lastComponent(relative)
        return patterns.contains { p in
            fnmatch(p, p.contains("/") ? relative : name, FNM_PATHNAME) == 0
        }
    }
}
