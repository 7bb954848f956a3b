import Mustache
import ThemegenBuild
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// The command-line front end: picks the command and runs it. `main.swift` only calls `run`.
public enum ThemegenCLI {
    public static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    public static let commands: [Command] = [
        RunCommand.command,
        CheckCommand.command,
        CleanCommand.command,
        ConfigCommand.command,
        ThemesCommand.command,
        SliceCommand.command,
        InspectCommand.command,
        TemplateCommand.command,
        PreviewCommand.command,
    ]

    /// The command a bare `themegen` runs.
    static let defaultCommand = "run"

    public static func run(_ args: [String], console: Console) -> ExitCode {
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
        let name: String
        if let first = rest.first, !first.hasPrefix("-") {
            name = first
            rest.removeFirst()
        } else {
            name = defaultCommand
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            console.error(UsageError("unknown command '\(name)' (see 'themegen --help')"))
            return .input
        }
        return execute(command, rest, console: console)
    }

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
            lines.append("  " + c.name.padding(toLength: 16, withPad: " ", startingAt: 0) + c.summary)
        }
        lines += ["", "See 'themegen COMMAND --help' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }
}
