import Foundation
import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// A colour written as a `.colorset`, so storyboards and `UIColor(named:)` can use it: a theme or
/// text colour in its theme's colour space, with the dark-appearance variant when there is one.
public struct NamedColor: Sendable, Hashable {
    public var name: String
    /// Catalog folders, outermost first.
    public var groups: [String]
    public var color: RGBA
    public var dark: RGBA?
    public var colorSpace: ColorSpace
    public init(name: String, groups: [String] = [], color: RGBA, dark: RGBA? = nil, colorSpace: ColorSpace = .sRGB) {
        self.name = name; self.groups = groups; self.color = color; self.dark = dark; self.colorSpace = colorSpace
    }
}

/// A catalog that cannot be written as asked.
public struct CatalogError: ThemegenError, Equatable {
    public let message: String
    public var kind: ErrorKind { .input }
    public var description: String { message }
}

extension CatalogContents {
    /// A colorset's `Contents.json`: the colour, then its dark variant under `appearances`
    /// (`luminosity` `dark`). Components as Xcode writes them: strings with three decimals,
    /// enough to recover every 8-bit value.
    public static func colorSet(_ c: NamedColor) throws -> XcodeJSON {
        let space: String
        switch c.colorSpace {
        case .sRGB: space = "srgb"
        case .displayP3: space = "display-p3"
        case .other(let name):
            throw CatalogError(message: "\((c.groups + [c.name]).joined(separator: "/")).colorset: its colour space '\(name)' cannot be written in a colorset; use sRGB or Display P3 sources")
        }
        func entry(_ rgba: RGBA, dark: Bool) -> XcodeJSON {
            var e: [String: XcodeJSON] = [
                "idiom": .string("universal"),
                "color": .object(["color-space": .string(space), "components": .object([
                    "red": .string(component(rgba.red)), "green": .string(component(rgba.green)),
                    "blue": .string(component(rgba.blue)), "alpha": .string(component(rgba.alpha)),
                ])]),
            ]
            if dark {
                e["appearances"] = .array([.object(["appearance": .string("luminosity"), "value": .string("dark")])])
            }
            return .object(e)
        }
        var colors = [entry(c.color, dark: false)]
        if let d = c.dark { colors.append(entry(d, dark: true)) }
        return .object(["colors": .array(colors), "info": info])
    }

    /// 0…1 with three decimals, clamped; "-0.000" never appears.
    static func component(_ v: Double) -> String {
        let clamped = min(max(v, 0), 1)
        let thousandths = Int((clamped * 1000).rounded())
        let frac = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}
