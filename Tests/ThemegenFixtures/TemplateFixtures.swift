import Foundation
import ThemegenCore
import ThemegenImage
import ThemegenGradients
import ThemegenSlicing
import ThemegenGenerate

/// Models shaped like the bundled exports, and a set of awkward names, for template tests.
package enum TemplateFixtures {

    package static func rgb(_ hex: UInt32, alpha: Double = 1) -> RGBA {
        RGBA(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
             blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The ends of the CSS gradient line for `angle` over a `width`×`height` box, in unit
    /// coordinates (y down), as the gradient fitter reports them.
    package static func cssLine(_ angle: Double, _ width: Int, _ height: Int) -> (UnitPoint, UnitPoint) {
        let a = angle * .pi / 180
        let (w, h) = (Double(width), Double(height))
        let dx = sin(a), dy = -cos(a)
        let half = (abs(w * dx) + abs(h * dy)) / 2
        let r = { (v: Double) in (v * 10000).rounded() / 10000 }
        return (UnitPoint(x: r((w / 2 - dx * half) / w), y: r((h / 2 - dy * half) / h)),
                UnitPoint(x: r((w / 2 + dx * half) / w), y: r((h / 2 + dy * half) / h)))
    }

    package static func theme(_ name: String, file: String? = nil, size: (Int, Int) = (1125, 2436), space: ColorSpace = .sRGB,
                      angle: Double = 180, stops: [(UInt32, Double)], textColors: [TextColor] = [],
                      overlays: [PixelRect] = []) -> Theme {
        let s = stops.map { GradientStop(color: rgb($0.0), position: $0.1) }
        let (start, end) = cssLine(angle, size.0, size.1)
        return Theme(name: name, identifier: SwiftIdentifier.lowerCamel(name, fallback: "theme"),
                     file: file ?? "Exports/Themes/\(name)@3x.png", width: size.0, height: size.1, colorSpace: space,
                     angle: angle, startPoint: start, endPoint: end, stops: s, themeColor: s.last!.color,
                     textColors: textColors, fit: FitQuality(meanDeltaE: 0.12, maxDeltaE: 0.61), overlays: overlays)
    }

    package static func title(_ hex: UInt32, _ contrast: Double) -> TextColor {
        TextColor(name: "title", color: rgb(hex), large: true, contrast: contrast)
    }
    package static func body(_ hex: UInt32, _ contrast: Double, dark: UInt32? = nil) -> TextColor {
        TextColor(name: "body", color: rgb(hex), dark: dark.map { rgb($0) }, contrast: contrast)
    }

    /// Gives every theme each text colour some theme has, as the config's input-level defaults
    /// (`themes[i].textColors`) do: the first theme's colour of that name.
    package static func withDefaults(_ themes: [Theme]) -> [Theme] {
        var defaults: [TextColor] = []
        for t in themes { for c in t.textColors where !defaults.contains(where: { $0.name == c.name }) { defaults.append(c) } }
        return themes.map { t in
            var t = t
            for d in defaults where !t.textColors.contains(where: { $0.name == d.name }) { t.textColors.append(d) }
            return t
        }
    }

    /// The authored values of the bundled `Exports/Themes` (Sources/MakeExports/Themes.swift), in
    /// file order: 2-, 3- and 4-stop, inset stops, diagonals, bars and a card, Display P3, @2x
    /// and @1x sources. Flat Mint adds a 1-stop theme. Text colours as with input-level defaults.
    package static let themes: [Theme] = withDefaults(authoredThemes)

    package static let authoredThemes: [Theme] = [
        theme("Aurora", size: (1242, 2688), angle: 135, stops: [(0x00C9A7, 0), (0x845EC2, 0.5), (0x2C73D2, 1)],
              textColors: [title(0xFFFFFF, 3.12), body(0xFFFFFF, 3.12)]),
        theme("Citrus", stops: [(0xF9D423, 0.15), (0xFF4E50, 0.4), (0xFC913A, 0.7), (0xF5E663, 0.85)],
              textColors: [title(0x1C1C1E, 6.02), body(0x1C1C1E, 6.02)]),
        theme("Dusk", angle: 200, stops: [(0x355C7D, 0), (0x6C5B7B, 0.5), (0xC06C84, 1)],
              textColors: [title(0xFFFFFF, 3.58), body(0xFFFFFF, 3.58, dark: 0xF2F2F7)],
              overlays: [PixelRect(x: 0, y: 2187, width: 1125, height: 249)]),
        theme("Forest", file: "Exports/Themes/Forest@2x.png", size: (750, 1624), angle: 160,
              stops: [(0x134E5E, 0), (0x71B280, 1)], textColors: [title(0xFFFFFF, 2.71)]),
        theme("Lagoon P3", space: .displayP3, stops: [(0x00C7B8, 0), (0x2947EB, 1)],
              textColors: [title(0xFFFFFF, 2.43), body(0xFFFFFF, 2.43)]),
        theme("Midnight", stops: [(0x2B5876, 0), (0x4E4376, 1)], textColors: [title(0xFFFFFF, 7.21)],
              overlays: [PixelRect(x: 0, y: 0, width: 1125, height: 141), PixelRect(x: 90, y: 50, width: 130, height: 44)]),
        theme("Mint", file: "Exports/Themes/Mint.png", size: (375, 812), stops: [(0xD4FC79, 0), (0x96E6A1, 1)]),
        theme("Ocean Blue", stops: [(0x0B3D91, 0), (0x4FC3F7, 1)], textColors: [title(0xFFFFFF, 2.09), body(0xF5F5F5, 1.95)]),
        theme("Peach Card", stops: [(0xFFECD2, 0), (0xFCB69F, 1)], textColors: [body(0x3A3A3C, 7.6)],
              overlays: [PixelRect(x: 96, y: 780, width: 933, height: 780)]),
        theme("Rose Gold", angle: 90, stops: [(0xF4C4F3, 0), (0xFC67FA, 1)]),
        theme("Sunset", stops: [(0xFF5E62, 0), (0xFF9966, 0.55), (0xFFD194, 1)], textColors: [title(0x1C1C1E, 5.2)]),
        theme("Flat Mint", file: "Exports/Themes/Flat Mint.png", size: (375, 812), stops: [(0x98FF98, 0)]),
    ]

    /// One theme of each type (linear, radial, angular), for the goldens every template draws
    /// them in: the radial one off-centre and elliptical, the angular one with a seam and a
    /// fractional start, the angular one in Display P3.
    package static let shapedThemes: [Theme] = {
        var glow = theme("Glow", stops: [(0xFDC830, 0), (0xF37335, 0.6), (0x8E0E00, 1)], textColors: [title(0xFFFFFF, 3.4)])
        glow.shape = .radial(center: UnitPoint(x: 0.3, y: 0.25), radius: UnitPoint(x: 0.9, y: 0.415558))
        var ring = theme("Ring", space: .displayP3, stops: [(0xFF0000, 0), (0x00FF00, 0.333333), (0x0000FF, 1)])
        ring.shape = .angular(center: UnitPoint(x: 0.5, y: 0.45), startAngle: 137.5)
        return withDefaults([theme("Sunset", stops: [(0xFF5E62, 0), (0xFF9966, 0.55), (0xFFD194, 1)]), glow, ring])
    }()

    /// The bundled `Exports/Assets` (Sources/MakeExports/Assets.swift), plus a template-intent icon
    /// and a nested group.
    package static let assets: [Asset] = [
        Asset(name: "Button", identifier: "button", file: "Exports/Assets/Button@3x.9.png",
              pointWidth: 100, pointHeight: 44, scales: [1, 2, 3],
              slicing: Slicing(capInsets: CapInsets(top: 12, left: 12, bottom: 12, right: 12), resizingMode: .ninePart)),
        Asset(name: "Card", identifier: "card", file: "Exports/Assets/Card@3x.png",
              pointWidth: 120, pointHeight: 80, scales: [1, 2, 3]),
        Asset(name: "Check", identifier: "check", file: "Exports/Assets/Icons/Check@3x.png", groups: ["Icons"],
              pointWidth: 44, pointHeight: 44, scales: [1, 2, 3]),
        Asset(name: "Close", identifier: "close", file: "Exports/Assets/Icons/Close@3x.png", groups: ["Icons"],
              pointWidth: 24, pointHeight: 24, scales: [1, 2, 3], renderingIntent: .template),
        Asset(name: "Plus", identifier: "plus", file: "Exports/Assets/Icons/Plus@3x.png", groups: ["Icons"],
              pointWidth: 30, pointHeight: 30, scales: [1, 2, 3], renderingIntent: .template),
        Asset(name: "Star", identifier: "star", file: "Exports/Assets/Icons/Star@3x.png", groups: ["Icons"],
              pointWidth: 24, pointHeight: 24, scales: [1, 2, 3], renderingIntent: .original),
        Asset(name: "Progress Track", identifier: "progressTrack", file: "Exports/Assets/Controls/Progress Track@3x.png",
              groups: ["Controls"], pointWidth: 40, pointHeight: 6, scales: [1, 2, 3],
              slicing: Slicing(capInsets: CapInsets(top: 0, left: 3.3333333, bottom: 0, right: 3.3333333),
                               resizingMode: .threePartHorizontal)),
        Asset(name: "Tile", identifier: "tile", file: "Exports/Assets/Controls/Backgrounds/Tile@2x.png",
              groups: ["Controls", "Backgrounds"], pointWidth: 60, pointHeight: 60, scales: [1, 2], colorSpace: .displayP3,
              slicing: Slicing(capInsets: CapInsets(top: 20, left: 20, bottom: 20, right: 20), resizingMode: .ninePart,
                               centerMode: .tile)),
    ]

    /// Spaces, leading digits, keywords, reserved members, emoji, decomposed accents, other
    /// scripts, quotes and backslashes.
    package static let awkwardThemes: [Theme] = withDefaults(awkwardThemeList.map { theme in
        var t = theme
        t.textColors.append(TextColor(name: "Title", color: rgb(0xFFFFFF), large: true, contrast: 3))
        return t
    })

    /// Themes with dark variants: a dark gradient (`NAME~dark@3x.png`), dark text colours (the
    /// config's `dark`), and a translucent gradient whose stops Core Animation needs compensated.
    package static let darkThemes: [Theme] = {
        var day = theme("Day", stops: [(0x87CEEB, 0), (0xFFFFFF, 1)],
                        textColors: [TextColor(name: "title", color: rgb(0x1C1C1E), dark: rgb(0xF2F2F7), large: true, contrast: 9.1),
                                     TextColor(name: "caption", color: rgb(0x3A3A3C), contrast: 7.2)])
        day.dark = theme("Day", file: "Exports/Themes/Day~dark@3x.png", angle: 160, stops: [(0x0B1026, 0), (0x2B3A67, 1)])
        var scrim = theme("Scrim", stops: [(0x000000, 0), (0x000000, 1)],
                          textColors: [TextColor(name: "title", color: rgb(0xFFFFFF), large: true, contrast: 4.6),
                                       TextColor(name: "caption", color: rgb(0xFFFFFF), dark: rgb(0xEBEBF5), contrast: 4.6)])
        scrim.stops = [GradientStop(color: rgb(0xFFFFFF, alpha: 0), position: 0),
                       GradientStop(color: rgb(0xFF0000, alpha: 0.8), position: 0.6),
                       GradientStop(color: rgb(0x0000FF, alpha: 0.2), position: 1)]
        return [day, scrim]
    }()

    /// One theme of each type with awkward geometry (a centre near a corner, a 6-decimal radius, a
    /// fractional start angle), for the Swift and Objective-C templates.
    package static let typedThemes: [Theme] = {
        var glow = theme("Glow", stops: [(0xFFF3B0, 0), (0xE09F3E, 0.45), (0x540B0E, 1)],
                         textColors: [TextColor(name: "title", color: rgb(0xFFFFFF), large: true, contrast: 4)])
        glow.shape = .radial(center: UnitPoint(x: 0.25, y: 0.125), radius: UnitPoint(x: 0.9, y: 0.456789))
        var wheel = theme("Wheel", stops: [(0xFF0000, 0), (0x00FF00, 0.333333), (0x0000FF, 0.666667), (0xFF0000, 1)],
                          textColors: [TextColor(name: "title", color: rgb(0x000000), large: true, contrast: 4)])
        wheel.shape = .angular(center: UnitPoint(x: 0.5, y: 0.4), startAngle: 30.5)
        let line = theme("Line", angle: 135, stops: [(0x00C9A7, 0), (0x2C73D2, 1)],
                         textColors: [TextColor(name: "title", color: rgb(0xFFFFFF), large: true, contrast: 4)])
        return [glow, wheel, line]
    }()

    /// Renders `typedThemes` with a built-in template.
    package static func renderShaped(template: String, params: [String: String] = [:]) throws -> String {
        try CodeGenerator.render(themes: typedThemes, template: template, params: params,
                                 templateSearchFolder: URL(fileURLWithPath: "/nonexistent-themegen-templates"))
    }

    package static let awkwardThemeList: [Theme] = [
        theme("class", stops: [(0x000000, 0), (0xFFFFFF, 1)],
              textColors: [TextColor(name: "default", color: rgb(0xFFFFFF), contrast: 4.5),
                           TextColor(name: "Body Text", color: rgb(0xEEEEEE), contrast: 4.5)]),
        theme("default", stops: [(0x111111, 0), (0x222222, 1)]),
        theme("2 Dark", stops: [(0x111111, 0), (0x333333, 1)]),
        theme("🌊 Wave", stops: [(0x0000FF, 0), (0x00FFFF, 1)]),
        theme("🎨", stops: [(0xFF0000, 0), (0x00FF00, 1)]),
        theme("Cre\u{0300}me Bru\u{0302}le\u{0301}e", space: .displayP3, stops: [(0xFFF0D0, 0), (0xC08040, 1)]),
        theme("日本の空", stops: [(0x87CEEB, 0), (0xFFFFFF, 1)]),
        theme("All", stops: [(0x010203, 0), (0x040506, 1)]),
        theme("self", stops: [(0x010203, 0), (0x040506, 1)]),
        theme("Type", stops: [(0x010203, 0), (0x040506, 1)]),
        theme("name", stops: [(0x010203, 0), (0x040506, 1)]),
        theme("Say \"Hi\" \\ */ <b>", file: "Exports/Say \"Hi\" \\ *\\/ <b>.png", stops: [(0x010203, 0), (0x040506, 1)]),
    ]

    package static let awkwardAssets: [Asset] = [
        Asset(name: "class", identifier: "class", file: "Exports/class@3x.png", pointWidth: 10, pointHeight: 10, scales: [1, 2, 3]),
        Asset(name: "2x Icon", identifier: "", file: "Exports/2x Icon@3x.png", pointWidth: 10, pointHeight: 10, scales: [1, 2, 3]),
        Asset(name: "🔥", identifier: "", file: "Exports/🔥@3x.png", groups: ["my icons"], pointWidth: 10, pointHeight: 10, scales: [3]),
        Asset(name: "A\u{0308}rger", identifier: "", file: "Exports/my icons/Ärger@3x.png", groups: ["my icons"],
              pointWidth: 10, pointHeight: 10, scales: [1, 2, 3]),
        Asset(name: "default", identifier: "", file: "Exports/Type/default@3x.png", groups: ["Type", "2 Deep"],
              pointWidth: 10, pointHeight: 10, scales: [1, 2, 3],
              slicing: Slicing(capInsets: CapInsets(top: 3, left: 0, bottom: 3, right: 0), resizingMode: .threePartVertical)),
    ]
}
