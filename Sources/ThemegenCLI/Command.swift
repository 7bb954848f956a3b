/// One `themegen` subcommand. Each lives in its own file under `CLI/Commands/` and is listed
/// in `ThemegenCLI.commands`.
package struct Command: Sendable {
    package let name: String
    package let summary: String
    /// Usage lines after `themegen `, e.g. `inspect PATH...`.
    package let usage: [String]
    package let options: [OptionSpec]
    /// Runs the command; errors it reports go through `console` and decide the exit code.
    package let run: @Sendable (Arguments, Console) throws -> ExitCode

    package init(name: String, summary: String, usage: [String], options: [OptionSpec] = [],
                run: @escaping @Sendable (Arguments, Console) throws -> ExitCode) {
        self.name = name; self.summary = summary; self.usage = usage
        self.options = options; self.run = run
    }

    package var help: String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE:"]
        lines += usage.map { "  themegen \($0)" }
        lines += ["", "OPTIONS:"]
        for o in options + globalOptions {
            var flag = "--\(o.name)"
            if let s = o.short { flag = "-\(s), " + flag }
            if let v = o.valueName { flag += " \(v)" }
            lines.append("  " + flag.padded(to: max(28, flag.count + 2)) + o.help)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// Left-aligned in a column of `width` characters (help tables).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
