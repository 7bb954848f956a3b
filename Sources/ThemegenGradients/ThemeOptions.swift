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
    /// How messages name a setting that would change the outcome: flags, or config keys in a run.
    package var remedy = Remedy.flags
    /// `--color-space srgb`: give every theme in sRGB, converting Display P3 and taking the
    /// values of other profiles as sRGB (with a warning), instead of failing on them.
    package var convertToSRGB: Bool
    package var poorFitLimit: Double
    /// File paths in themes are written relative to this folder (the current one by default).
    package var baseDirectory: String?
    /// Artboards with more pixels are refused before decoding (`--max-pixels`).
    package var maxPixels = PNGLimits.defaultMaxPixels
    /// When set, each artboard's fit pass also makes its preview thumbnail from the same rows.
    package var thumbnail: ThumbnailSize?
    /// Where the thumbnails go as they are made (a run's), rather than into memory.
    package var thumbnailSpool: Spool?

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

extension Remedy {
    /// How to keep a rejected theme: the `--allow-poor-fit` flag of a command, or the
    /// `allowPoorFit` keys of a themes input in a config (`run` takes no such flag).
    func keep(theme: String) -> String {
        guard let section else { return action(flag: "allow-poor-fit", key: "allowPoorFit") + " to keep it anyway" }
        return "set \(section).themes.\(JSONKey.quoted(theme)).allowPoorFit (or \(section).allowPoorFit) to true in \(configFile) to keep it anyway, or leave the file out with \(section).exclude"
    }

    /// How to take other profiles' values as sRGB: `--color-space srgb` or `themes[0].colorSpace`.
    var takeAsSRGB: String {
        action(flag: "color-space", key: "colorSpace", value: "srgb") + " to take its values as sRGB"
    }

    /// `--color-space srgb` or `"themes[0].colorSpace": "srgb"`, for the notes that say it was used.
    var srgbSetting: String { setting(flag: "color-space", key: "colorSpace", value: "srgb") }
}

/// Theme names in key paths: bare when they are plain identifiers, else quoted.
enum JSONKey {
    static func quoted(_ name: String) -> String {
        name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) && !name.isEmpty ? name : "\"\(name)\""
    }
}
