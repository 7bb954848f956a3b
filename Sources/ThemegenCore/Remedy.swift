/// Where the user can change a setting a message suggests: the flag of a standalone command
/// (`--pad`, `--color-space srgb`), or the key of the config section a `run` read it from
/// (`"assets[0].pad": true`), since `run` takes no such flags. Every message that names a
/// remedy words it through this, so a hint always works where the user is.
package struct Remedy: Sendable, Hashable {
    /// The config section's key path (`themes[0]`, `assets[1]`); nil for a standalone command.
    package var section: String?
    /// The config file's name, which config hints name.
    package var configFile: String

    package init(section: String?, configFile: String) { self.section = section; self.configFile = configFile }

    /// A standalone command's flags.
    package static let flags = Remedy(section: nil, configFile: "")

    /// The keys of `section` (`themes[0]`) in `file`.
    package static func config(_ section: String, file: String) -> Remedy { Remedy(section: section, configFile: file) }

    /// The setting as the user writes it: `--pad`, `--color-space srgb`, or `"assets[0].pad": true`,
    /// `"themes[0].colorSpace": "srgb"`. `value` nil is a Boolean switched on.
    package func setting(flag: String, key: String, value: String? = nil) -> String {
        guard let section else { return "--" + flag + (value.map { " " + $0 } ?? "") }
        return "\"\(section).\(key)\": " + (value.map { "\"\($0)\"" } ?? "true")
    }

    /// What to do: `pass --pad` or `set "assets[0].pad": true in themegen.json`.
    package func action(flag: String, key: String, value: String? = nil) -> String {
        let s = setting(flag: flag, key: key, value: value)
        return section == nil ? "pass " + s : "set " + s + " in " + configFile
    }

    /// The setting's name, for "kept because of …": `--allow-poor-fit`, `themes[0].allowPoorFit`.
    package func name(flag: String, key: String) -> String {
        section.map { "\($0).\(key)" } ?? "--" + flag
    }

    // MARK: - The hint line

    /// Separates a message from its hint, which the console prints on an indented line of its
    /// own. A control character, so text from a file name that contains one is escaped, not
    /// split: only the last separator, which the code appends, starts the hint.
    package static let separator: Character = "\u{1F}"

    /// `message`, with `hint` to print on its own line.
    package static func hinted(_ message: String, _ hint: String) -> String {
        message + String(separator) + hint
    }

    /// The message and its hint, if it has one.
    package static func split(_ text: String) -> (message: String, hint: String?) {
        guard let i = text.lastIndex(of: separator) else { return (text, nil) }
        return (String(text[..<i]), String(text[text.index(after: i)...]))
    }
}
