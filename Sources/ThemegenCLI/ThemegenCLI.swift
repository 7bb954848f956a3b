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
import ThemegenCore

/// The command-line front end: picks the command and runs it. `main.swift` only calls `run`.
public enum ThemegenCLI {
    public static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    package static let commands: [Command] = [
        RunCommand.command,
        CheckCommand.command,
        CleanCommand.command,
        WatchCommand.command,
        ConfigCommand.command,
        ThemesCommand.command,
        SliceCommand.command,
        InspectCommand.command,
        TemplateCommand.command,
        PreviewCommand.command,
    ]

    /// The command a bare `themegen` runs.
    static let defaultCommand = "run"

    /// `environment` is the process's; an Xcode Run Script phase sets `XCODE_VERSION_ACTUAL`,
    /// which switches messages to Xcode's `PATH:LINE:COL: error: message`.
    public static func run(_ args: [String], console: Console,
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> ExitCode {
        if environment["XCODE_VERSION_ACTUAL"] != nil { console.style = .xcode }
        if args.first == "--version" {
            console.print("themegen \(version)")
            return .ok
        }
        if args.isEmpty || args.first == "--help" || args.first == "-h" || args.first == "help" {
            if args.isEmpty, let c = commands.first(where: { $0.name == defaultCommand }) {
                return execute(c, [], console: console)
            }
            console.write(overview)
            return .ok
        }
        var rest = args
        // Global switches may come before the command: `themegen --strict slice …`.
        let leading = rest.prefix { Self.leadingSwitches.contains($0) }.count
        let name: String
        if leading < rest.count, !rest[leading].hasPrefix("-") {
            name = rest.remove(at: leading)
        } else {
            name = defaultCommand
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            let guess = Suggestion.phrase(for: name, in: commands.map(\.name))
            console.error(UsageError("unknown command '\(name)'\(guess); see 'themegen --help'"))
            return .input
        }
        return execute(command, rest, console: console)
    }

    /// The global options without a value, which may also precede the command's name.
    static let leadingSwitches: Set<String> = ["-v", "--verbose", "-q", "--quiet", "--strict"]

    static func execute(_ command: Command, _ args: [String], console: Console) -> ExitCode {
        do {
            let parsed = try Arguments.parse(args, specs: command.options, command: command.name)
            if parsed.flag("help") {
                console.write(command.help)
                return .ok
            }
            if parsed.flag("verbose") { console.verbosity = .verbose }
            if parsed.flag("quiet") { console.verbosity = .quiet }
            if parsed.flag("strict") { console.strict = true }
            if let style = parsed.value("diagnostics") {
                guard let chosen = DiagnosticFormat.Style(rawValue: style) else {
                    throw UsageError("--diagnostics: unknown style '\(style)'\(Suggestion.phrase(for: style, in: ["plain", "xcode"])); use plain or xcode")
                }
                console.style = chosen
            }
            let code = try command.run(parsed, console)
            return max(code, console.exitCode)
        } catch {
            console.error(error)
            return console.exitCode
        }
    }

    static var overview: String {
        var lines = ["OVERVIEW: themegen \(version): gradient themes, sliced assets and code from design exports.",
                     "", "USAGE: themegen [COMMAND] [OPTIONS]", "", "COMMANDS:"]
        for c in commands {
            lines.append("  " + c.name.padded(to: 16) + c.summary)
        }
        lines += ["", "GLOBAL OPTIONS:"]
        let global: [(String, String)] = [
            ("--version", "Print the version."),
            ("-h, --help", "Show help (after a command: that command's options)."),
            ("-v, --verbose", "Say more about what is done."),
            ("-q, --quiet", "Print nothing unless there is a warning or an error."),
            ("--strict", "Treat warnings as errors."),
            ("--config FILE", "run, check, clean, config: the config file (default: themegen.json)."),
            ("--diagnostics STYLE", "plain, or xcode (PATH:LINE:COL: error: message); xcode when XCODE_VERSION_ACTUAL is set."),
        ]
        for (flag, help) in global {
            lines.append("  " + flag.padded(to: 22) + help)
        }
        lines += ["", "See 'themegen COMMAND --help' for a command's options. The guide is README.md at the top",
                  "of the themegen repository; its reference pages are docs/*.md."]
        return lines.joined(separator: "\n") + "\n"
    }
}
