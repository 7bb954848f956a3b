import ThemegenCore
import ThemegenGradients
import ThemegenSlicing

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
    /// The jobs that failed so far this run (they fold in config order).
    private var failedJobs: Set<String> = []
    /// Input folders as listed this run, by root, folder and `exclude` patterns.
    private var listings: [String: (files: [String], tally: SkippedInputs.Tally)] = [:]

    /// The preview's thumbnails, kept on disk from the fit that makes them to the write.
    package let spool = Spool()

    package init() {}

    /// The PNGs under `folder` (relative to `root`), relative to `root`, and what the walk
    /// skipped. Listed once per run: the cache check, the work and the preview of every job
    /// that reads the folder see the same files.
    package func pngs(in folder: String, root: String, excluding patterns: [String] = []) throws -> (files: [String], tally: SkippedInputs.Tally) {
        let key = ([root, folder] + patterns).joined(separator: "\u{0}")
        if let listed = lock.withLock({ listings[key] }) { return listed }
        var tally = SkippedInputs.Tally(folder: OutputWriter.join(root, folder))
        let files = try InputFiles.relativePNGs(in: folder, root: root, excluding: patterns, tally: &tally)
        lock.withLock { listings[key] = (files, tally) }
        return (files, tally)
    }

    /// Whether a section's slicing is queued or done this run, so its job need not scan again.
    func hasSlices(_ section: Int) -> Bool {
        lock.withLock { queuedSlices[section] != nil || assets[section] != nil }
    }

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

    /// A job failed: its outputs stay as they were, so a later job must not link to them.
    package func noteFailed(_ job: String) {
        lock.withLock { _ = failedJobs.insert(job) }
    }

    package func hasFailed(_ job: String) -> Bool {
        lock.withLock { failedJobs.contains(job) }
    }
}
