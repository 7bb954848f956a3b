#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore
import ThemegenImage

/// A colour written as a `.colorset`, so storyboards and `UIColor(named:)` can use it: a theme or
/// text colour in its theme's colour space, with the dark-appearance variant when there is one.
package struct NamedColor: Sendable, Hashable {
    package var name: String
    /// Catalog folders, outermost first.
    package var groups: [String]
    package var color: RGBA
    package var dark: RGBA?
    package var colorSpace: ColorSpace
    package init(name: String, groups: [String] = [], color: RGBA, dark: RGBA? = nil, colorSpace: ColorSpace = .sRGB) {
        self.name = name; self.groups = groups; self.color = color; self.dark = dark; self.colorSpace = colorSpace
    }
}

/// A catalog that cannot be written as asked.
package struct CatalogError: ThemegenError, Equatable {
    package let message: String
    package var kind: ErrorKind { .input }
    package var description: String { message }
}

extension CatalogContents {
    /// A colorset's `Contents.json`: the colour, then its dark variant under `appearances`
    /// (`luminosity` `dark`). Components as Xcode writes them: strings with three decimals,
    /// enough to recover every 8-bit value.
    package static func colorSet(_ c: NamedColor) throws -> JSONNode {
        let space: String
        switch c.colorSpace {
        case .sRGB: space = "srgb"
        case .displayP3: space = "display-p3"
        case .other(let name):
            throw CatalogError(message: "\((c.groups + [c.name]).joined(separator: "/")).colorset: its colour space '\(name)' cannot be written in a colorset; use sRGB or Display P3 sources")
        }
        func entry(_ rgba: RGBA, dark: Bool) -> JSONNode {
            var e: [String: JSONNode] = [
                "idiom": .string("universal"),
                "color": .sortedObject(["color-space": .string(space), "components": .sortedObject([
                    "red": .string(component(rgba.red)), "green": .string(component(rgba.green)),
                    "blue": .string(component(rgba.blue)), "alpha": .string(component(rgba.alpha)),
                ])]),
            ]
            if dark {
                e["appearances"] = .array([.sortedObject(["appearance": .string("luminosity"), "value": .string("dark")])])
            }
            return .sortedObject(e)
        }
        var colors = [entry(c.color, dark: false)]
        if let d = c.dark { colors.append(entry(d, dark: true)) }
        return .sortedObject(["colors": .array(colors), "info": info])
    }

    /// 0…1 with three decimals, clamped; "-0.000" never appears.
    static func component(_ v: Double) -> String {
        let clamped = min(max(v, 0), 1)
        let thousandths = Int((clamped * 1000).rounded())
        let frac = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}
