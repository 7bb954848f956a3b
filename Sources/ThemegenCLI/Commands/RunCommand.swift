import Mustache
import ThemegenBuild
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// `themegen run` (and bare `themegen`): the build step.
enum RunCommand {
    static let options: [OptionSpec] = [
        .value("config", "FILE", help: "The config file (default: themegen.json, else the conventions)."),
        .flag("check", help: "Write nothing; exit 1 listing outputs that are missing, stale or extra."),
        .flag("dry-run", help: "Write nothing; list what a run would write or delete."),
        .flag("force", help: "Overwrite or delete outputs themegen does not own, taking them."),
        .flag("no-cache", help: "Ignore the incremental cache in .themegen/ (benchmarks use this)."),
    ]

    static let command = Command(
        name: "run", summary: "Generate every output of the config, writing only what changed.",
        usage: ["[run] [--config FILE] [--check] [--dry-run] [--force] [--no-cache]"],
        options: options
    ) { args, console in
        try run(args, console: console, check: args.flag("check"))
    }

    static func run(_ args: Arguments, console: Console, check: Bool) throws -> ExitCode {
        guard args.positionals.isEmpty else {
            throw UsageError("run takes no arguments; unexpected '\(args.positionals[0])'")
        }
        let config = try ConfigLoader.load(explicitPath: args.value("config"))
        var options = BuildOptions(toolVersion: ThemegenCLI.version)
        options.check = check
        options.dryRun = args.flag("dry-run")
        options.force = args.flag("force")
        options.noCache = args.flag("no-cache")
        let jobs = Producers.standard.jobs(for: config)
        return try BuildRun.run(config: config, jobs: jobs, options: options, console: console).status.exitCode
    }
}

/// `themegen check`: `themegen run --check`.
enum CheckCommand {
    static let command = Command(
        name: "check", summary: "Exit 1 listing generated files that are missing, stale or extra (for CI).",
        usage: ["check [--config FILE]"],
        options: [RunCommand.options[0], RunCommand.options[4]]
    ) { args, console in
        try RunCommand.run(args, console: console, check: true)
    }
}

/// `themegen clean`: delete what themegen wrote.
enum CleanCommand {
    static let command = Command(
        name: "clean", summary: "Delete the generated files themegen owns (and its cache).",
        usage: ["clean [--config FILE] [--dry-run] [--force]"],
        options: [RunCommand.options[0], RunCommand.options[2], RunCommand.options[3]]
    ) { args, console in
        guard args.positionals.isEmpty else { throw UsageError("clean takes no arguments") }
        let config = try ConfigLoader.loadForClean(explicitPath: args.value("config"))
        var options = BuildOptions(toolVersion: ThemegenCLI.version)
        options.dryRun = args.flag("dry-run")
        options.force = args.flag("force")
        _ = try BuildRun.clean(config: config, options: options, console: console)
        return .ok
    }
}
