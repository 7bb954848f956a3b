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
import ThemegenBuild
import ThemegenConfig
import ThemegenCore

/// `themegen watch` (and `themegen run --watch`): runs, then polls the inputs and reruns,
/// debounced, when they change. A failing run (a broken export, a bad config) is reported and
/// the loop keeps watching; Ctrl-C ends it with exit 0 between runs, so no lock is left held.
enum WatchCommand {
    static let command = Command(
        name: "watch", summary: "Run, then rerun whenever exports, the config or templates change (Ctrl-C stops).",
        usage: ["watch [--config FILE] [--force] [--no-cache] [--max-pixels N]"],
        options: [RunCommand.configOption, RunCommand.forceOption, RunCommand.noCacheOption, maxPixelsOption]
    ) { args, console in
        try watch(args, console: console)
    }

    /// How often the inputs are polled, and how long they must stay unchanged before a rerun.
    static let pollInterval = 0.3
    static let debounce = 0.3

    static func watch(_ args: Arguments, console: Console) throws -> ExitCode {
        guard args.positionals.isEmpty else {
            throw UsageError("watch takes no arguments; unexpected '\(args.positionals[0])'")
        }
        _ = try parseMaxPixels(args) // a usage error now, not once per rerun
        for flag in ["check", "dry-run"] where args.flag(flag) {
            throw UsageError("--watch and --\(flag) do not go together: --\(flag) writes nothing, so there is nothing to watch")
        }
        StopSignal.install()
        let configPath = args.value("config") ?? ConfigDefaults.fileName
        var config = runOnce(args, console: console)
        var watched = InputWatcher.watchedPaths(config: config, configPath: configPath)
        // Each fingerprint is taken just before the snapshot it stands for, so a change made in
        // between shows up as a moved fingerprint next time rather than being lost.
        var quiet = InputWatcher.fingerprint(watched)
        var last = InputWatcher.snapshot(watched)
        reportMissing(last.missingFolders, before: [], root: config?.root, console: console)
        console.info("watching \(last.files.count) file(s); Ctrl-C stops")
        while !StopSignal.raised {
            guard StopSignal.sleep(pollInterval) else { break }
            // The idle path: one hash over the stats, no snapshot unless it moved.
            var print = InputWatcher.fingerprint(watched)
            if print.hash == quiet.hash && print.missing == quiet.missing { continue }
            var now = InputWatcher.snapshot(watched)
            reportMissing(now.missingFolders, before: last.missingFolders, root: config?.root, console: console)
            var change = InputWatcher.diff(last, now)
            if change.isEmpty && now.missingFolders == last.missingFolders { quiet = print; continue }
            // Debounce: an export written in several steps, or a batch of exports, is one rerun.
            while true {
                guard StopSignal.sleep(debounce) else { break }
                let laterPrint = InputWatcher.fingerprint(watched)
                let later = InputWatcher.snapshot(watched)
                let more = InputWatcher.diff(now, later)
                let settled = more.isEmpty && later.missingFolders == now.missingFolders
                reportMissing(later.missingFolders, before: now.missingFolders, root: config?.root, console: console)
                change.merge(more)
                now = later
                print = laterPrint
                if settled { break }
            }
            if StopSignal.raised { break }
            last = now
            quiet = print
            // Only a folder came or went (already reported), or an input folder is missing: a
            // run would only fail, so wait for it to come back.
            if change.isEmpty || !now.missingFolders.isEmpty { continue }
            console.info("changed: " + describe(change, root: config?.root) + "; rerunning")
            config = runOnce(args, console: console)
            let next = InputWatcher.watchedPaths(config: config, configPath: configPath)
            if next != watched {
                watched = next
                quiet = InputWatcher.fingerprint(watched)
                last = InputWatcher.snapshot(watched)
                reportMissing(last.missingFolders, before: [], root: config?.root, console: console)
            }
        }
        console.info("stopped watching")
        console.startOver()
        return .ok
    }

    /// One run, its errors reported; returns the config it ran (nil when it did not load).
    static func runOnce(_ args: Arguments, console: Console) -> LoadedConfig? {
        console.startOver()
        do {
            let config = try RunCommand.load(args)
            _ = try BuildRun.run(config: config, jobs: try RunCommand.jobs(for: config, args),
                                 options: try RunCommand.buildOptions(args, check: false), console: console)
            if console.errorCount > 0 { console.info("run failed; fix the error above, watching for changes") }
            return config
        } catch {
            console.error(error)
            console.info("run failed; fix the error above, watching for changes")
            // Watch what the config names if it still loads (an export may be what broke).
            return try? RunCommand.load(args)
        }
    }

    static func reportMissing(_ missing: [String], before: [String], root: String?, console: Console) {
        for f in missing where !before.contains(f) {
            console.info("\(shown(f, root: root)): folder is gone; waiting for it to come back")
        }
        for f in before where !missing.contains(f) {
            console.info("\(shown(f, root: root)): folder is back")
        }
    }

    /// "Exports/Themes/Sunset.png changed, Exports/Themes/New.png added"; long lists are cut.
    static func describe(_ change: WatchChange, root: String?) -> String {
        let parts = change.modified.map { (shown($0, root: root), "changed") }
            + change.added.map { (shown($0, root: root), "added") }
            + change.removed.map { (shown($0, root: root), "removed") }
        let listed = parts.prefix(3).map { "\($0.0) \($0.1)" }
        let rest = parts.count - listed.count
        return listed.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
    }

    static func shown(_ path: String, root: String?) -> String {
        guard let root, root != ".", !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// SIGINT/SIGTERM set a flag the watch loop checks between polls and runs, so a run in progress
/// finishes (and releases the lock) before the process exits.
enum StopSignal {
    nonisolated(unsafe) static var flag: sig_atomic_t = 0

    static var raised: Bool { flag != 0 }

    static func install() {
        flag = 0
        signal(SIGINT) { _ in StopSignal.flag = 1 }
        signal(SIGTERM) { _ in StopSignal.flag = 1 }
    }

    /// Sleeps `seconds` in short steps; false when a stop was asked for.
    static func sleep(_ seconds: Double) -> Bool {
        var left = seconds
        while left > 0 {
            if raised { return false }
            let step = min(left, 0.05)
            usleep(UInt32(step * 1_000_000))
            left -= step
        }
        return !raised
    }
}
