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
    package var console: any Diagnostics
    /// The run's shared work and the models its jobs have made, so a later job (the preview)
    /// need not decode again.
    package let memo: RunMemo
    /// The index of the config section the job comes from, and the config's name, for messages.
    package var section = 0
    package var configName = ConfigDefaults.fileName
    /// Whether the theme pass also makes the preview's thumbnails (the run has a preview).
    package var thumbnails = false
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

    func forSection(_ index: Int, of loaded: LoadedConfig, thumbnails: Bool = false) -> JobContext {
        var c = forSection(index)
        c.configName = loaded.fileName ?? ConfigDefaults.fileName
        c.thumbnails = thumbnails
        return c
    }

    /// The same run, for another section of the config.
    func forSection(_ index: Int) -> JobContext {
        var c = self
        c.section = index
        return c
    }

    /// A path relative to the root, made usable by this process.
    package func path(_ relative: String) -> String { OutputWriter.join(root, relative) }
}

/// The themes and sliced assets of one run, by config section, and the per-file work that
/// makes them. A job queues a section's work (`fitWork`, `sliceWork`) once per run, so a later
/// job that needs the same section (the preview) neither fits nor slices it again; the job that
/// folds the results first (`themes`, `assets`) reports their problems, once. Sendable because
/// every table is guarded by `lock`.
package final class RunMemo: @unchecked Sendable {
    typealias Fits = (files: [String], tally: SkippedInputs.Tally, slots: WorkSlots<Result<ThemeExtractor.FittedFile, Error>>)
    typealias Slices = (sources: [SliceSource], tallies: [SkippedInputs.Tally], plan: SlicePlan, slots: WorkSlots<Slicer.AssetOutcome>)

    private let lock = Lock()
    private var queuedFits: [Int: Fits] = [:]
    private var queuedSlices: [Int: Slices] = [:]
    private var themes: [Int: ThemeExtraction] = [:]
    /// nil for a section that had errors.
    private var assets: [Int: [SlicedAsset]?] = [:]

    package init() {}

    /// The work of fitting a themes section's artboards (`files`, every PNG of its input, and
    /// `tally`, what the walk that found them skipped), or none when the run has it already.
    package func fitWork(_ section: Int, files: [String], tally: SkippedInputs.Tally, options: ThemeOptions) -> [WorkItem] {
        let artboards = ThemeExtractor.artboards(files)
        let slots = WorkSlots<Result<ThemeExtractor.FittedFile, Error>>(count: artboards.count)
        let isNew = lock.withLock {
            guard queuedFits[section] == nil, themes[section] == nil else { return false }
            queuedFits[section] = (files, tally, slots)
            return true
        }
        guard isNew else { return [] }
        return artboards.indices.map { i in
            WorkItem(name: artboards[i], verb: "fitting") { slots.set(i, ThemeExtractor.fit(artboards[i], options: options)) }
        }
    }

    /// The files and fits queued for a section, once its work is done.
    func fits(_ section: Int) -> (files: [String], tally: SkippedInputs.Tally, results: [Result<ThemeExtractor.FittedFile, Error>])? {
        guard let q = lock.withLock({ queuedFits[section] }), let results = q.slots.all else { return nil }
        return (q.files, q.tally, results)
    }

    /// The work of slicing an assets section's exports, or none when the run has it already or
    /// the plan's case clashes stop the section.
    package func sliceWork(_ section: Int, sources: [SliceSource], tallies: [SkippedInputs.Tally], options: SliceOptions) -> [WorkItem] {
        let plan = SlicePlan(sources)
        let groups = plan.clashes.isEmpty ? plan.groups : []
        let slots = WorkSlots<Slicer.AssetOutcome>(count: groups.count)
        let isNew = lock.withLock {
            guard queuedSlices[section] == nil, assets[section] == nil else { return false }
            queuedSlices[section] = (sources, tallies, plan, slots)
            return true
        }
        guard isNew else { return [] }
        return groups.indices.map { i in
            WorkItem(name: groups[i][0].path, verb: "slicing") { slots.set(i, Slicer.sliceAsset(files: groups[i], options: options)) }
        }
    }

    /// The sources, plan and outcomes queued for a section, once its work is done.
    func slices(_ section: Int) -> (sources: [SliceSource], tallies: [SkippedInputs.Tally], plan: SlicePlan, outcomes: [Slicer.AssetOutcome])? {
        guard let q = lock.withLock({ queuedSlices[section] }), let outcomes = q.slots.all else { return nil }
        return (q.sources, q.tallies, q.plan, outcomes)
    }

    package func themes(_ section: Int, orMake make: () throws -> ThemeExtraction) rethrows -> ThemeExtraction {
        if let t = lock.withLock({ themes[section] }) { return t }
        let t = try make()
        lock.withLock { themes[section] = t; queuedFits[section] = nil }
        return t
    }

    /// `make` returns nil when the section had errors (reported there, once).
    package func assets(_ section: Int, orMake make: () throws -> [SlicedAsset]?) rethrows -> [SlicedAsset]? {
        if let a = lock.withLock({ assets[section] }) { return a }
        let a = try make()
        lock.withLock { assets[section] = .some(a); queuedSlices[section] = nil }
        return a
    }
}

/// One unit of a run: the files it reads, the per-file work it queues, and a closure that turns
/// the results into planned outputs. The run skips the job entirely when the cache vouches that
/// the inputs and the outputs are unchanged since the job last ran.
package struct BuildJob: Sendable {
    /// Names the job in messages and in the cache ("themes[0]", "assets[0]", "preview").
    package var name: String
    /// Every file the job reads, relative to the root: its exports and any template files.
    /// Called on every run (a folder listing), so added and removed exports are noticed.
    package var inputs: @Sendable () throws -> [String]
    /// The files and folders (relative to the root) the job writes. When the job fails, what
    /// themegen owns there is left as it was.
    package var outputs: [String]
    /// The job's per-file work, which the run does for all its jobs together on all cores
    /// before any job produces (results go to the context's memo). Errors here are met again,
    /// and reported, by `produce`.
    package var work: @Sendable (JobContext) throws -> [WorkItem]
    /// Produces the job's outputs. May report problems through `context.console` and return
    /// what it could; a job that reported an error writes nothing.
    package var produce: @Sendable (JobContext) throws -> [PlannedFile]

    package init(name: String, inputs: @escaping @Sendable () throws -> [String], outputs: [String] = [],
                work: @escaping @Sendable (JobContext) throws -> [WorkItem] = { _ in [] },
                produce: @escaping @Sendable (JobContext) throws -> [PlannedFile]) {
        self.name = name; self.inputs = inputs; self.outputs = outputs; self.work = work; self.produce = produce
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
