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
import ThemegenImage

/// Dark-appearance exports (`NAME~dark@3x.png`) joined to their themes, and the WCAG check of
/// the text colours in dark appearance.
package enum DarkVariants {
    /// The themes with each dark export folded into the theme of the same name in the same folder
    /// (as `Theme.dark`), in input order. A dark export without its light theme is an error.
    /// Text colours are checked for dark appearance (`dark ?? color` against the dark gradient,
    /// or the gradient when there is none) wherever a theme has a dark gradient or dark colours.
    package static func fold(_ themes: [Theme], console: any Diagnostics) -> [Theme] {
        var result: [Theme] = []
        var index: [String: Int] = [:]
        func key(_ t: Theme, _ name: String) -> String {
            (FilePath.parent(t.file) + "/" + name).nfc
        }
        for t in themes where ThemeName.lightName(ofDark: t.name) == nil {
            index[key(t, t.name)] = result.count
            result.append(t)
        }
        for t in themes {
            guard let light = ThemeName.lightName(ofDark: t.name) else { continue }
            guard let i = index[key(t, light)] else {
                console.error(FileError(t.file, "a dark variant (\(ThemeName.darkSuffix)) without its theme: export '\(light)' next to it, or drop '\(ThemeName.darkSuffix)' from the name"))
                continue
            }
            var dark = t
            dark.name = result[i].name
            dark.identifier = result[i].identifier
            dark.textColors = []
            result[i].dark = dark
        }
        return result.map { checkDarkContrast($0, console: console) }
    }

    /// A dark export's text colours are checked by `fold` against its theme's, not by themselves.
    static func options(_ options: ThemeOptions, for file: String) -> ThemeOptions {
        let name = ThemeName.parse(fileName: FilePath.lastComponent(file)).name
        guard ThemeName.lightName(ofDark: name) != nil else { return options }
        var o = options
        o.textColors = []
        o.themeTextColors = [:]
        return o
    }

    static func checkDarkContrast(_ theme: Theme, console: any Diagnostics) -> Theme {
        guard theme.dark != nil || theme.textColors.contains(where: { $0.dark != nil }) else { return theme }
        var t = theme
        let gradient = theme.dark ?? theme
        let space = RGBSpace(gradient.colorSpace) ?? .sRGB
        for i in t.textColors.indices {
            let c = t.textColors[i]
            let ratio = GradientContrast.worstRatio(text: c.dark ?? c.color, stops: gradient.stops, space: space)
            t.textColors[i].darkContrast = ratio
            if ratio < GradientContrast.needed(large: c.large) {
                console.warning(GradientContrast.warning(file: gradient.file, theme: t.name, color: c.name, ratio: ratio, large: c.large,
                                                         appearance: " in dark appearance",
                                                         on: theme.dark == nil ? "gradient" : "dark gradient"))
            }
        }
        return t
    }
}
