import ThemegenCore

/// How every command writes, `run` and the one-off commands (`themes --output`, `slice
/// --catalog`, `preview`) alike: hold the output root's lock (except for `--check` and
/// `--dry-run`, which write nothing, not even the lock), apply a plan through the safe writer,
/// and report the result in one voice.
package final class OutputSession {
    private var lock: RunLock?
    private let console: any Diagnostics

    /// Locks `lockRoot` (its `.themegen/lock`) unless `readOnly`; waits up to `timeout` seconds
    /// for another run.
    package init(lockRoot: String, readOnly: Bool, timeout: Double = 30, console: any Diagnostics) throws {
        self.console = console
        if !readOnly {
            lock = try RunLock.acquire(root: lockRoot, timeout: timeout, diagnostics: console)
        }
    }

    /// Releases the lock; callers `defer` it right after opening the session.
    package func close() {
        lock?.release()
        lock = nil
    }

    /// Writes (or, with `check`/`dryRun`, compares) `plan` under `root` and reports it.
    /// `beforeReport` may amend the report first (a run adds the outputs of failed jobs).
    package func write(_ plan: OutputPlan, root: String, options: WriteOptions,
                       beforeReport amend: (inout WriteReport) -> Void = { _ in }) throws -> WriteReport {
        var report = try OutputWriter.apply(plan: plan, root: root, options: options)
        amend(&report)
        Self.describe(report, options: options, console: console)
        return report
    }

    /// Releases the lock and deletes its file (`clean`, which leaves nothing of themegen's).
    package func releaseRemovingLockFile() {
        lock?.releaseRemovingFile()
        lock = nil
    }

    /// The lines every command prints about what it wrote: the `--check` list, the `--dry-run`
    /// list, or one summary line (and each file with `-v`).
    static func describe(_ report: WriteReport, options: WriteOptions, console: any Diagnostics) {
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
