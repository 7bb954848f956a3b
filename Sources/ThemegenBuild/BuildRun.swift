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
    /// Errors were reported through the diagnostics; nothing was written.
    case failed(ErrorKind)
}

/// Runs jobs into an output plan and applies it: lock, cache check, produce what changed,
/// write, then save the cache last.
package enum BuildRun {
    package static func run(config: LoadedConfig, jobs: [BuildJob], options: BuildOptions, console: any Diagnostics) throws -> BuildOutcome {
        let inputRoot = config.root
        let root = options.outputRoot ?? config.root
        let readOnly = options.check || options.dryRun
        // Check and dry-run write nothing, not even the lock file.
        var lock: RunLock?
        if !readOnly {
            lock = try RunLock.acquire(root: root, timeout: options.lockTimeout, diagnostics: console)
        }
        defer { lock?.release() }

        let cachePath = OutputWriter.join(root, BuildCache.folder + "/" + BuildCache.fileName)
        let key = BuildCache.key(toolVersion: options.toolVersion, configBytes: config.bytes)
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
        var errors: [Error] = []
        let memo = RunMemo()

        for job in jobs {
            let inputs: [String]
            do { inputs = try job.inputs() } catch { errors.append(error); continue }
            if let record = old?.jobs[job.name], let now = BuildCache.verify(record, inputs: inputs, inputRoot: inputRoot, outputRoot: root) {
                console.verbose("\(job.name): unchanged (cache)")
                for w in record.warnings { console.warning(w) }
                outcome.cachedJobs.append(job.name)
                var kept = record
                kept.inputs = now
                newCache.jobs[job.name] = kept
                for (path, fp) in record.outputs { plan.kept[path] = fp.sha256 }
                continue
            }
            console.verbose("\(job.name): running")
            let warningsBefore = console.warnings.count
            do {
                // Before producing: an export changed while the job runs must look changed
                // next time, not be recorded as what the outputs were made from.
                if recordCache { fingerprintsOf[job.name] = try BuildCache.fingerprints(of: inputs, root: inputRoot) }
                let files = try job.produce(JobContext(root: inputRoot, console: console, memo: memo))
                producedBy[job.name] = files
                warningsOf[job.name] = Array(console.warnings[warningsBefore...])
                plan.files += files
            } catch {
                errors.append(error)
            }
        }
        console.endProgress()
        if !errors.isEmpty { throw ErrorList(errors) }
        // Producers report bad inputs through the console; nothing is written after any.
        if console.errorCount > 0 { outcome.status = .failed(console.worstErrorKind ?? .input); return outcome }

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
        let report = try OutputWriter.apply(plan: plan, root: root, options: write)
        outcome.report = report
        describe(report, options: options, console: console)
        if options.check {
            outcome.status = report.isUpToDate ? .ok : .differences
            return outcome
        }
        if options.dryRun { return outcome }

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
        // stays valid: it only vouches for outputs whose stats have not moved since.
        if recordCache { try newCache.save(root: root) }
        return outcome
    }

    /// `themegen clean`: deletes what themegen owns, and the cache.
    package static func clean(config: LoadedConfig, options: BuildOptions, console: any Diagnostics) throws -> WriteReport {
        let root = options.outputRoot ?? config.root
        var lock: RunLock?
        if !options.dryRun {
            lock = try RunLock.acquire(root: root, timeout: options.lockTimeout, diagnostics: console)
        }
        defer { lock?.release() }
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
            lock?.releaseRemovingFile()
            rmdir(folder)
        }
        for p in report.extra { options.dryRun ? console.output("would delete \(p)") : console.verbose("deleted \(p)") }
        for p in report.abandoned { console.warning("\(p): left in place, it was changed since themegen wrote it") }
        if !options.dryRun, !report.extra.isEmpty { console.info("deleted \(report.extra.count) file(s)") }
        return report
    }

    package static func describe(_ report: WriteReport, options: BuildOptions, console: any Diagnostics) {
        for p in report.abandoned {
            console.warning("\(p): no longer generated, but left in place because it was changed since themegen wrote it")
        }
        if options.check {
            for p in report.missing { console.output("missing: \(p)") }
            for p in report.stale { console.output("stale: \(p)") }
            for p in report.extra { console.output("extra: \(p)") }
            if !report.isUpToDate {
                console.info("\(report.changeCount) output(s) out of date; run themegen to update them")
            }
            return
        }
        if options.dryRun {
            for p in report.missing + report.stale { console.output("would write \(p)") }
            for p in report.extra { console.output("would delete \(p)") }
            return
        }
        for p in report.missing { console.verbose("created \(p)") }
        for p in report.stale { console.verbose("updated \(p)") }
        for p in report.extra { console.verbose("deleted \(p)") }
        if !report.isUpToDate {
            let written = report.missing.count + report.stale.count
            console.info("wrote \(written) file(s), deleted \(report.extra.count), unchanged \(report.unchanged.count)")
        }
    }
}
