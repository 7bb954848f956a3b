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
import ThemegenImage

package struct BuildOptions: Sendable {
    package var check = false
    package var dryRun = false
    package var force = false
    package var noCache = false
    /// Where outputs, the manifest and `.themegen/` (cache and lock) go; nil means the config's
    /// folder. Inputs and templates are still read relative to the config's folder. The
    /// build-tool plugin sets this to its work directory, the one place it may write.
    package var outputRoot: String?
    /// Part of the cache key: a new themegen never trusts an old cache.
    package var toolVersion: String
    /// The decoding limit the jobs were made with (`Producers.maxPixels`). Part of the cache
    /// key: a job cached under one limit is checked again under another, so lowering it
    /// reports the exports it now refuses.
    package var maxPixels = PNGLimits.defaultMaxPixels
    package var lockTimeout: Double = 30
    /// Decides whether two PNG byte streams hold the same image; see `WriteOptions`.
    package var pngEquivalent: (@Sendable ([UInt8], [UInt8]) -> Bool)? = PNGComparison.sameImage
    /// For tests: see `WriteOptions.beforeEachChange`.
    package var beforeEachChange: (@Sendable (String) throws -> Void)?

    package init(toolVersion: String) { self.toolVersion = toolVersion }
}

/// What a run did.
package struct BuildOutcome: Sendable {
    /// The writer's report; nil when the cache showed that nothing changed.
    package var report: WriteReport?
    /// Jobs skipped because the cache vouched for them.
    package var cachedJobs: [String] = []
    package var status: BuildStatus = .ok
}

/// How a run ended, which the CLI turns into its exit code.
package enum BuildStatus: Sendable, Equatable {
    case ok
    /// `--check` found missing, stale or extra outputs.
    case differences
    /// Errors were reported through the diagnostics; the jobs that had none were written.
    case failed(ErrorKind)
}

/// Thrown by a job whose inputs include a section that failed (the preview, when an assets
/// section did): that section's errors were reported already, so the run reports nothing more
/// and keeps the job's outputs as they were.
package struct FailedDependency: Error {
    package init() {}
}

/// Runs jobs into an output plan and applies it: lock, cache check, produce what changed,
/// write, then save the cache last.
package enum BuildRun {
    package static func run(config: LoadedConfig, jobs: [BuildJob], options: BuildOptions, console: any Diagnostics) throws -> BuildOutcome {
        let inputRoot = config.root
        let root = options.outputRoot ?? config.root
        let readOnly = options.check || options.dryRun
        let session = try OutputSession(lockRoot: root, readOnly: readOnly, timeout: options.lockTimeout, console: console)
        defer { session.close() }

        let cachePath = OutputWriter.join(root, BuildCache.folder + "/" + BuildCache.fileName)
        let key = BuildCache.key(toolVersion: options.toolVersion, configBytes: config.bytes, maxPixels: options.maxPixels)
        let useCache = !readOnly && !options.noCache && !options.force
        let old = useCache ? BuildCache.load(path: cachePath).flatMap { $0.key == key ? $0 : nil } : nil
        let manifestFull = OutputWriter.join(root, config.config.manifest)

        var outcome = BuildOutcome()
        var newCache = BuildCache(key: key)
        var plan = OutputPlan()
        var producedBy: [String: [PlannedFile]] = [:]
        var warningsOf: [String: [String]] = [:]
        var fingerprintsOf: [String: [String: Fingerprint]] = [:]
        let recordCache = !readOnly && !options.noCache
        let context = JobContext(root: inputRoot, console: console)
        defer { context.memo.spool.remove() }  // the thumbnails, once written

        // Which jobs run: the cache vouches for the others.
        var inputsOf: [String: [String]] = [:]
        var cached: [String: JobRecord] = [:]
        var failed: [BuildJob] = []
        for job in jobs {
            guard let inputs = try? job.inputs(context.memo) else { continue }  // `produce` meets the error again
            inputsOf[job.name] = inputs
            if let record = old?.jobs[job.name], let now = BuildCache.verify(record, inputs: inputs, inputRoot: inputRoot, outputRoot: root) {
                var kept = record
                kept.inputs = now
                cached[job.name] = kept
            }
        }
        // The per-file work of every job that runs shares one queue on all cores.
        var work: [WorkItem] = []
        for job in jobs where cached[job.name] == nil {
            work += (try? job.work(context)) ?? []
        }
        SharedWork.run(work, console: console)

        // Then each job folds its results, in config order, so messages come in that order.
        for job in jobs {
            if let record = cached[job.name] {
                console.verbose("\(job.name): unchanged (cache)")
                for w in record.warnings { console.warning(w) }
                outcome.cachedJobs.append(job.name)
                newCache.jobs[job.name] = record
                for (path, fp) in record.outputs { plan.kept[path] = fp.sha256 }
                continue
            }
            console.verbose("\(job.name): running")
            let jobConsole = JobDiagnostics(console)
            // Later jobs that would link to its outputs (the preview) ask the memo.
            func fail() { failed.append(job); context.memo.noteFailed(job.name) }
            do {
                guard let inputs = inputsOf[job.name] else { _ = try job.inputs(context.memo); continue }
                // Before producing: an export changed while the job runs must look changed
                // next time, not be recorded as what the outputs were made from.
                if recordCache { fingerprintsOf[job.name] = try BuildCache.fingerprints(of: inputs, root: inputRoot) }
                var jobContext = context
                jobContext.console = jobConsole
                let files = try job.produce(jobContext)
                if jobConsole.errorCount > 0 { fail(); continue }
                producedBy[job.name] = files
                warningsOf[job.name] = jobConsole.warnings
                plan.files += files
            } catch is FailedDependency {
                fail()
            } catch {
                console.error(error)
                fail()
            }
        }
        console.endProgress()
        // A job that failed costs only its own outputs: what themegen owns there stays as it was.
        let failedOutputs = keep(failed, in: &plan, root: root, manifestPath: config.config.manifest)
        // Errors (a failed job, or a cached warning under --strict) end the run with exit 2 or 3,
        // after everything else is written.
        let failure: BuildStatus? = failed.isEmpty && console.errorCount == 0 ? nil : .failed(console.worstErrorKind ?? .input)
        outcome.status = failure ?? .ok
        // Every job failed: there is nothing to write.
        if !failed.isEmpty && producedBy.isEmpty && outcome.cachedJobs.isEmpty { return outcome }

        if outcome.cachedJobs.count == jobs.count, let old, old.manifest != nil,
           FileStat.of(manifestFull) == old.manifest, old.jobs.count == jobs.count {
            console.verbose("up to date")
            // A touched input was re-hashed: remember its new stat so the next run need not.
            if newCache.jobs != old.jobs { newCache.manifest = old.manifest; try newCache.save(root: root) }
            return outcome
        }

        var write = WriteOptions()
        write.check = options.check
        write.dryRun = options.dryRun
        write.force = options.force
        write.manifestPath = config.config.manifest
        write.pngEquivalent = options.pngEquivalent
        write.beforeEachChange = options.beforeEachChange
        let report = try session.write(plan, root: root, options: write) { report in
            // What a failed job would have written cannot be known: its outputs count as stale.
            if options.check { report.stale = Array(Set(report.stale).union(failedOutputs)).sorted() }
        }
        outcome.report = report
        if options.check {
            outcome.status = failure ?? (report.isUpToDate ? .ok : .differences)
            return outcome
        }
        if options.dryRun { outcome.status = failure ?? .ok; return outcome }

        // Record the run, last: a run killed before this line leaves the old cache, whose
        // output stats no longer match, so the next run falls through to a full run.
        for job in jobs {
            guard let files = producedBy[job.name], let inputs = fingerprintsOf[job.name] else { continue }
            var record = JobRecord(warnings: warningsOf[job.name] ?? [])
            record.inputs = inputs
            for f in files {
                guard let st = FileStat.of(OutputWriter.join(root, f.path)), let h = report.hashes[f.path] else { continue }
                record.outputs[f.path] = Fingerprint(stat: st, sha256: h)
            }
            newCache.jobs[job.name] = record
        }
        for name in newCache.jobs.keys {
            var record = newCache.jobs[name]!
            record.folders = [:]
            for folder in OutputWriter.bundleFolders(of: Set(record.outputs.keys)) {
                record.folders[folder] = FileStat.ofFolder(OutputWriter.join(root, folder))
            }
            newCache.jobs[name] = record
        }
        newCache.manifest = FileStat.of(manifestFull)
        // --no-cache neither reads nor writes it (benchmarks measure full runs). An old cache
        // stays valid: it only vouches for outputs whose stats have not moved since. A failed
        // job has no record, so the next run tries it again.
        if recordCache { try newCache.save(root: root) }
        outcome.status = failure ?? .ok
        return outcome
    }

    /// Keeps, unchanged, what the manifest owns under the outputs of `failed` jobs and no other
    /// job plans. Returns the kept paths, which `--check` reports stale.
    static func keep(_ failed: [BuildJob], in plan: inout OutputPlan, root: String, manifestPath: String) -> [String] {
        guard !failed.isEmpty else { return [] }
        // An unreadable manifest keeps nothing here; the writer reports it.
        guard let manifest = try? OwnershipManifest.load(path: OutputWriter.join(root, manifestPath), shownAs: manifestPath) else { return [] }
        let planned = Set(plan.files.map(\.path))
        let scopes = failed.flatMap(\.outputs).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        var kept: [String] = []
        for (path, hash) in manifest.files.sorted(by: { $0.key < $1.key }) where !planned.contains(path) && plan.kept[path] == nil {
            guard scopes.contains(where: { $0.isEmpty || path == $0 || path.hasPrefix($0 + "/") }) else { continue }
            plan.kept[path] = hash
            kept.append(path)
        }
        return kept
    }

    /// `themegen clean`: deletes what themegen owns, and the cache.
    package static func clean(config: LoadedConfig, options: BuildOptions, console: any Diagnostics) throws -> WriteReport {
        let root = options.outputRoot ?? config.root
        let session = try OutputSession(lockRoot: root, readOnly: options.dryRun, timeout: options.lockTimeout, console: console)
        defer { session.close() }
        var write = WriteOptions()
        write.dryRun = options.dryRun
        write.force = options.force
        write.manifestPath = config.config.manifest
        let report = try OutputWriter.clean(root: root, options: write)
        if !options.dryRun {
            // Nothing themegen made remains: the cache, its .gitignore, then the lock file
            // (deleted while held, last) and the folder.
            let folder = OutputWriter.join(root, BuildCache.folder)
            unlink(folder + "/" + BuildCache.fileName)
            unlink(folder + "/.gitignore")
            session.releaseRemovingLockFile()
            rmdir(folder)
        }
        for p in report.extra { options.dryRun ? console.output("would delete \(p)") : console.verbose("deleted \(p)") }
        for p in report.abandoned { console.warning("\(p): left in place, it was changed since themegen wrote it") }
        if !options.dryRun, !report.extra.isEmpty { console.info("deleted \(report.extra.count) file(s)") }
        return report
    }
}
