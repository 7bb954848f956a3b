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

/// `themegen run` (and bare `themegen`): the build step.
enum RunCommand {
    static let configOption = OptionSpec.value("config", "FILE", help: "The config file (default: themegen.json, else the conventions).")
    static let checkOption = OptionSpec.flag("check", help: "Write nothing; exit 1 listing outputs that are missing, stale or extra.")
    static let dryRunOption = OptionSpec.flag("dry-run", help: "Write nothing; list what a run would write or delete.")
    static let forceOption = OptionSpec.flag("force", help: "Overwrite or delete outputs themegen does not own, taking them.")
    static let noCacheOption = OptionSpec.flag("no-cache", help: "Ignore the incremental cache in .themegen/ (benchmarks use this).")
    static let outputRootOption = OptionSpec.value("output-root", "DIR", help: "Write outputs, manifest, cache and lock under DIR instead of the config's folder.")
    static let swiftOnlyOption = OptionSpec.flag("swift-only", help: "Write only the generated Swift (needs --output-root; the build-tool plugin's mode).")
    static let watchOption = OptionSpec.flag("watch", help: "Keep running: rerun when exports, the config or templates change (Ctrl-C stops).")

    static let options: [OptionSpec] = [configOption, checkOption, dryRunOption, forceOption, noCacheOption,
                                        outputRootOption, swiftOnlyOption, watchOption, maxPixelsOption]

    static let command = Command(
        name: "run", summary: "Generate every output of the config, writing only what changed.",
        usage: ["[run] [--config FILE] [--check] [--dry-run] [--force] [--no-cache] [--watch] [--max-pixels N]",
                "run --swift-only --output-root DIR [--config FILE]"],
        options: options
    ) { args, console in
        if args.flag("watch") { return try WatchCommand.watch(args, console: console) }
        return try run(args, console: console, check: args.flag("check"))
    }

    static func run(_ args: Arguments, console: Console, check: Bool) throws -> ExitCode {
        guard args.positionals.isEmpty else {
            throw UsageError("run takes no arguments; unexpected '\(args.positionals[0])'")
        }
        let config = try load(args)
        return try BuildRun.run(config: config, jobs: try jobs(for: config, args), options: try buildOptions(args, check: check),
                                console: console).status.exitCode
    }

    /// The config, cut down to its Swift outputs under `--swift-only`.
    static func load(_ args: Arguments) throws -> LoadedConfig {
        var config = try ConfigLoader.load(explicitPath: args.value("config"))
        if args.flag("swift-only") {
            guard let out = args.value("output-root") else {
                throw UsageError("--swift-only needs --output-root DIR, a folder of its own: in the config's folder it would delete the catalogs and preview a full run wrote")
            }
            if sameFolder(out, config.root) {
                throw UsageError("--output-root \(out): is the config's folder; give --swift-only a folder of its own")
            }
            config.config = config.config.swiftOnly
        }
        return config
    }

    /// The config's jobs, decoding at most `--max-pixels` per export (as `themes`, `slice`,
    /// `preview` and `inspect` do).
    static func jobs(for config: LoadedConfig, _ args: Arguments) throws -> [BuildJob] {
        var producers = Producers.standard
        producers.maxPixels = try parseMaxPixels(args)
        let jobs = producers.jobs(for: config)
        return args.flag("swift-only") ? jobs.map(\.swiftOnly) : jobs
    }

    static func buildOptions(_ args: Arguments, check: Bool) throws -> BuildOptions {
        var options = BuildOptions(toolVersion: ThemegenCLI.version)
        options.maxPixels = try parseMaxPixels(args)
        options.check = check
        options.dryRun = args.flag("dry-run")
        options.force = args.flag("force")
        options.noCache = args.flag("no-cache")
        options.outputRoot = args.value("output-root")
        return options
    }

    static func sameFolder(_ a: String, _ b: String) -> Bool {
        guard let ra = realpath(a, nil) else { return false }
        defer { free(ra) }
        guard let rb = realpath(b, nil) else { return false }
        defer { free(rb) }
        return strcmp(ra, rb) == 0
    }
}

/// `themegen check`: `themegen run --check`.
enum CheckCommand {
    static let command = Command(
        name: "check", summary: "Exit 1 listing generated files that are missing, stale or extra (for CI).",
        usage: ["check [--config FILE] [--output-root DIR] [--swift-only] [--max-pixels N]"],
        options: [RunCommand.configOption, RunCommand.noCacheOption, RunCommand.outputRootOption, RunCommand.swiftOnlyOption,
                  maxPixelsOption]
    ) { args, console in
        try RunCommand.run(args, console: console, check: true)
    }
}

/// `themegen clean`: delete what themegen wrote.
enum CleanCommand {
    static let command = Command(
        name: "clean", summary: "Delete the generated files themegen owns (and its cache).",
        usage: ["clean [--config FILE] [--dry-run] [--force] [--output-root DIR]"],
        options: [RunCommand.configOption, RunCommand.dryRunOption, RunCommand.forceOption, RunCommand.outputRootOption]
    ) { args, console in
        guard args.positionals.isEmpty else { throw UsageError("clean takes no arguments") }
        let config = try ConfigLoader.loadForClean(explicitPath: args.value("config"))
        var options = BuildOptions(toolVersion: ThemegenCLI.version)
        options.dryRun = args.flag("dry-run")
        options.force = args.flag("force")
        options.outputRoot = args.value("output-root")
        _ = try BuildRun.clean(config: config, options: options, console: console)
        return .ok
    }
}
