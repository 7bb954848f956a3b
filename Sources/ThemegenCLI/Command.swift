import Mustache
import ThemegenBuild
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// One `themegen` subcommand. Each lives in its own file under `CLI/Commands/` and is listed
/// in `ThemegenCLI.commands`.
public struct Command: Sendable {
    public let name: String
    public let summary: String
    /// Usage lines after `themegen `, e.g. `inspect PATH...`.
    public let usage: [String]
    public let options: [OptionSpec]
    /// Runs the command; errors it reports go through `console` and decide the exit code.
    public let run: @Sendable (Arguments, Console) throws -> ExitCode

    public init(name: String, summary: String, usage: [String], options: [OptionSpec] = [],
                run: @escaping @Sendable (Arguments, Console) throws -> ExitCode) {
        self.name = name; self.summary = summary; self.usage = usage
        self.options = options; self.run = run
    }

    public var help: String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE:"]
        lines += usage.map { "  themegen \($0)" }
        lines += ["", "OPTIONS:"]
        for o in options + globalOptions {
            var flag = "--\(o.name)"
            if let s = o.short { flag = "-\(s), " + flag }
            if let v = o.valueName { flag += " \(v)" }
            lines.append("  " + flag.padding(toLength: max(28, flag.count + 2), withPad: " ", startingAt: 0) + o.help)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
