import ThemegenCore
import ThemegenImage

/// What `themes` was asked for, beyond the files.
package struct ThemeOptions: Sendable {
    /// Named text colours to check against every theme (`--text-color`).
    package var textColors: [TextColorCheck]
    /// Per-theme text colours by theme name (the config's overrides); they come after the
    /// global ones and replace a global one of the same name.
    package var themeTextColors: [String: [TextColorCheck]]
    /// Per-theme accent colours, by theme name; the default is the last stop.
    package var themeColors: [String: RGBA]
    /// `--allow-poor-fit` (or the config's `allowPoorFit`): keep themes that are rejected
    /// otherwise (fit max ΔE2000 above `poorFitLimit`, or not a linear gradient).
    package var allowPoorFit: Bool
    /// Per-theme `allowPoorFit` by theme name (the config's); wins over `allowPoorFit`.
    package var themeAllowPoorFit: [String: Bool] = [:]
    /// How messages name the way to keep a rejected theme: a flag, or config keys in a run.
    package var poorFitRemedy: PoorFitRemedy = .flag
    /// `--color-space srgb`: give every theme in sRGB, converting Display P3 and taking the
    /// values of other profiles as sRGB (with a warning), instead of failing on them.
    package var convertToSRGB: Bool
    package var poorFitLimit: Double
    /// File paths in themes are written relative to this folder (the current one by default).
    package var baseDirectory: String?
    /// Artboards with more pixels are refused before decoding (`--max-pixels`).
    package var maxPixels = PNGLimits.defaultMaxPixels

    package init(textColors: [TextColorCheck] = [], themeTextColors: [String: [TextColorCheck]] = [:],
                themeColors: [String: RGBA] = [:], allowPoorFit: Bool = false,
                convertToSRGB: Bool = false, poorFitLimit: Double = 3, baseDirectory: String? = nil) {
        self.textColors = textColors; self.themeTextColors = themeTextColors
        self.themeColors = themeColors; self.allowPoorFit = allowPoorFit
        self.convertToSRGB = convertToSRGB; self.poorFitLimit = poorFitLimit; self.baseDirectory = baseDirectory
    }
}

/// A named text colour to check against the gradient (sRGB), from `--text-color` or the
/// config's per-theme `textColors`.
package struct TextColorCheck: Sendable, Hashable {
    package var name: String
    package var color: RGBA
    /// The dark-appearance variant, passed through to the theme.
    package var dark: RGBA?
    package var large: Bool

    package init(name: String, color: RGBA, dark: RGBA? = nil, large: Bool = false) {
        self.name = name; self.color = color; self.dark = dark; self.large = large
    }

    /// Parses `name=#RRGGBB` or `name=#RRGGBB,large` (the `--text-color` option).
    package static func parse(_ text: String) throws -> TextColorCheck {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw UsageError("--text-color '\(text)': expected NAME=#RRGGBB or NAME=#RRGGBB,large")
        }
        var value = parts[1]
        var large = false
        if value.hasSuffix(",large") { large = true; value.removeLast(6) }
        guard let color = HexColor.parse(value) else {
            throw UsageError("--text-color '\(text)': '\(value)' is not a colour (expected #RRGGBB)")
        }
        return TextColorCheck(name: parts[0], color: color, large: large)
    }
}

/// Where the user can keep a rejected theme: the `--allow-poor-fit` flag of a command, or the
/// `allowPoorFit` keys of a themes input in a config (`run` takes no such flag). It also words
/// the way around an unsupported colour profile, which only the commands' `--color-space srgb`
/// offers (a config has no such key).
package enum PoorFitRemedy: Sendable, Hashable {
    case flag
    /// The themes input's key path (`themes[0]`) and the config file's name.
    case config(keyPath: String, file: String)

    func keep(theme: String) -> String {
        switch self {
        case .flag: return "pass --allow-poor-fit to keep it anyway"
        case let .config(keyPath, file):
            return "set \(keyPath).themes.\(JSONKey.quoted(theme)).allowPoorFit (or \(keyPath).allowPoorFit) to true in \(file) to keep it anyway, or leave the file out with \(keyPath).exclude"
        }
    }

    /// What follows "re-export in sRGB or Display P3" for a profile that is neither.
    var takeAsSRGB: String {
        switch self {
        case .flag: return ", or pass --color-space srgb to take its values as sRGB"
        case .config: return ""
        }
    }

    func keptBecause(theme: String) -> String {
        switch self {
        case .flag: return "--allow-poor-fit"
        case let .config(keyPath, _): return "\(keyPath).allowPoorFit"
        }
    }
}

/// Theme names in key paths: bare when they are plain identifiers, else quoted.
enum JSONKey {
    static func quoted(_ name: String) -> String {
        name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) && !name.isEmpty ? name : "\"\(name)\""
    }
}
