import ThemegenCore

/// A command-line option: `--name VALUE`, `--name=VALUE`, or a flag `--name` / `-x`.
package struct OptionSpec: Sendable {
    package let name: String
    package let short: Character?
    package let valueName: String?
    package let repeatable: Bool
    package let help: String

    package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, repeatable: false, help: help)
    }

    package static func value(_ name: String, _ valueName: String, short: Character? = nil,
                             repeatable: Bool = false, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, repeatable: repeatable, help: help)
    }

    package var takesValue: Bool { valueName != nil }
}

/// Options every command accepts.
package let globalOptions: [OptionSpec] = [
    .flag("help", short: "h", help: "Show help for the command."),
    .flag("verbose", short: "v", help: "Say more about what is done."),
    .flag("quiet", short: "q", help: "Print errors only."),
    .flag("strict", help: "Treat warnings as errors."),
    .value("diagnostics", "STYLE", help: "How messages are worded: plain (default) or xcode (PATH:LINE:COL: error: message; the default when XCODE_VERSION_ACTUAL is set)."),
]

/// The parsed command line of one command.
package struct Arguments: Sendable {
    package var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    package func flag(_ name: String) -> Bool { flags.contains(name) }
    package func value(_ name: String) -> String? { values[name]?.last }
    package func values(_ name: String) -> [String] { values[name] ?? [] }

    /// Parses `args` against `specs` (plus the global options). `--` ends the options.
    package static func parse(_ args: [String], specs: [OptionSpec], command: String) throws -> Arguments {
        let all = specs + globalOptions
        var result = Arguments()
        var i = 0
        var optionsEnded = false
        func spec(named name: String) throws -> OptionSpec {
            if let s = all.first(where: { $0.name == name }) { return s }
            let hint = Suggestion.closest(to: name, in: all.map(\.name)).map { " (did you mean '--\($0)'?)" } ?? ""
            throw UsageError("unknown option '--\(name)' for '\(command)'\(hint); see 'themegen \(command) --help'")
        }
        while i < args.count {
            let arg = args[i]
            i += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            var name: String
            var inline: String?
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq]); inline = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                }
            } else {
                let letters = Array(arg.dropFirst())
                guard letters.count == 1, let s = all.first(where: { $0.short == letters[0] }) else {
                    throw UsageError("unknown option '\(arg)' for '\(command)'; see 'themegen \(command) --help'")
                }
                name = s.name
            }
            let s = try spec(named: name)
            if s.takesValue {
                let v: String
                if let inline { v = inline } else {
                    guard i < args.count else { throw UsageError("option '--\(name)' needs a value (\(s.valueName!))") }
                    v = args[i]; i += 1
                }
                if !s.repeatable, result.values[name] != nil {
                    throw UsageError("option '--\(name)' given twice")
                }
                result.values[name, default: []].append(v)
            } else {
                if inline != nil { throw UsageError("option '--\(name)' takes no value") }
                result.flags.insert(name)
            }
        }
        return result
    }
}
