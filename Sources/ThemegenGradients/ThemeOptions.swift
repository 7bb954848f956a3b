import ThemegenCore
import ThemegenImage

/// What `themes` was asked for, beyond the files.
public struct ThemeOptions: Sendable {
    /// Named text colours to check against every theme (`--text-color`).
    public var textColors: [TextColorCheck]
    /// Per-theme text colours by theme name (the config's overrides); they come after the
    /// global ones and replace a global one of the same name.
    public var themeTextColors: [String: [TextColorCheck]]
    /// Per-theme accent colours, by theme name; the default is the last stop.
    public var themeColors: [String: RGBA]
    /// `--allow-poor-fit`: keep themes whose fit max ΔE2000 exceeds `poorFitLimit`.
    public var allowPoorFit: Bool
    /// `--color-space srgb`: give every theme in sRGB, converting Display P3 and taking the
    /// values of other profiles as sRGB (with a warning), instead of failing on them.
    public var convertToSRGB: Bool
    public var poorFitLimit: Double
    /// File paths in themes are written relative to this folder (the current one by default).
    public var baseDirectory: String?
    /// Artboards with more pixels are refused before decoding (`--max-pixels`).
    public var maxPixels = PNGLimits.defaultMaxPixels

    public init(textColors: [TextColorCheck] = [], themeTextColors: [String: [TextColorCheck]] = [:],
                themeColors: [String: RGBA] = [:], allowPoorFit: Bool = false,
                convertToSRGB: Bool = false, poorFitLimit: Double = 3, baseDirectory: String? = nil) {
        self.textColors = textColors; self.themeTextColors = themeTextColors
        self.themeColors = themeColors; self.allowPoorFit = allowPoorFit
        self.convertToSRGB = convertToSRGB; self.poorFitLimit = poorFitLimit; self.baseDirectory = baseDirectory
    }
}

/// A named text colour to check against the gradient (sRGB), from `--text-color` or the
/// config's per-theme `textColors`.
public struct TextColorCheck: Sendable, Hashable {
    public var name: String
    public var color: RGBA
    /// The dark-appearance variant, passed through to the theme.
    public var dark: RGBA?
    public var large: Bool

    public init(name: String, color: RGBA, dark: RGBA? = nil, large: Bool = false) {
        self.name = name; self.color = color; self.dark = dark; self.large = large
    }

    /// Parses `name=#RRGGBB` or `name=#RRGGBB,large` (the `--text-color` option).
    public static func parse(_ text: String) throws -> TextColorCheck {
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
