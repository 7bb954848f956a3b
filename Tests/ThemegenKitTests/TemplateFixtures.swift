import Foundation
@testable import ThemegenKit

/// Models shaped like the bundled exports, and a set of awkward names, for template tests.
enum TemplateFixtures {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repoRoot.appendingPathComponent("Tests/ThemegenKitTests/Fixtures")

    static func rgb(_ hex: UInt32, alpha: Double = 1) -> RGBA {
        RGBA(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
             blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    static func theme(_ name: String, file: String? = nil, space: ColorSpace = .sRGB, angle: Double = 180,
                      start: UnitPoint = UnitPoint(x: 0.5, y: 0), end: UnitPoint = UnitPoint(x: 0.5, y: 1),
                      stops: [(UInt32, Double)], textColors: [TextColor] = [], overlays: [PixelRect] = []) -> Theme {
        let s = stops.map { GradientStop(color: rgb($0.0), position: $0.1) }
        return Theme(name: name, identifier: SwiftIdentifier.lowerCamel(name, fallback: "theme"),
                     file: file ?? "Exports/\(name)@3x.png", width: 1125, height: 2436, colorSpace: space,
                     angle: angle, startPoint: start, endPoint: end, stops: s, themeColor: s.last!.color,
                     textColors: textColors, fit: FitQuality(meanDeltaE: 0.12, maxDeltaE: 0.61), overlays: overlays)
    }

    /// 2- and 3-stop, inset stops, diagonal, one Display P3, one flat.
    static let themes: [Theme] = [
        theme("Ocean Blue", stops: [(0x0B3D91, 0), (0x4FC3F7, 1)],
              textColors: [TextColor(name: "title", color: rgb(0xFFFFFF), large: true, contrast: 3.42),
                           TextColor(name: "body", color: rgb(0xF5F5F5), dark: rgb(0x101010), contrast: 4.61)],
              overlays: [PixelRect(x: 0, y: 0, width: 1125, height: 132), PixelRect(x: 0, y: 2334, width: 1125, height: 102)]),
        theme("Sunset", angle: 135, start: UnitPoint(x: 0.0196, y: -0.0098), end: UnitPoint(x: 0.9804, y: 1.0098),
              stops: [(0xFF5F6D, 0.15), (0xFFC371, 0.5), (0x8E2DE2, 0.85)],
              textColors: [TextColor(name: "title", color: rgb(0x1A1A1A), large: true, contrast: 5.12),
                           TextColor(name: "body", color: rgb(0x222222), contrast: 4.83)]),
        theme("Aurora P3", space: .displayP3, angle: 160.25, start: UnitPoint(x: 0.3461, y: -0.0711),
              end: UnitPoint(x: 0.6539, y: 1.0711), stops: [(0x00E5A0, 0), (0x6A00FF, 1)],
              textColors: [TextColor(name: "title", color: rgb(0xFFFFFF), large: true, contrast: 3.05)]),
        theme("Flat Mint", angle: 180, stops: [(0x98FF98, 0)],
              textColors: [TextColor(name: "title", color: rgb(0x003300), large: true, contrast: 9.87)]),
    ]

    static let assets: [Asset] = [
        Asset(name: "Star", identifier: "star", file: "Exports/Icons/Star@3x.png", groups: ["Icons"],
              pointWidth: 24, pointHeight: 24, scales: [1, 2, 3]),
        Asset(name: "Tab Home", identifier: "tabHome", file: "Exports/Icons/Tab Home@3x.png", groups: ["Icons"],
              pointWidth: 25, pointHeight: 25, scales: [1, 2, 3], renderingIntent: .template),
        Asset(name: "Button Background", identifier: "buttonBackground", file: "Exports/Button Background@3x.9.png",
              pointWidth: 44, pointHeight: 44, scales: [1, 2, 3],
              slicing: Slicing(capInsets: CapInsets(top: 14, left: 14, bottom: 14, right: 14), resizingMode: .ninePart)),
        Asset(name: "Progress Track", identifier: "progressTrack", file: "Exports/Progress Track@3x.png",
              pointWidth: 40, pointHeight: 6, scales: [1, 2, 3],
              slicing: Slicing(capInsets: CapInsets(top: 0, left: 3.3333333, bottom: 0, right: 3.3333333),
                               resizingMode: .threePartHorizontal)),
        Asset(name: "Card", identifier: "card", file: "Exports/Backgrounds/Cards/Card@3x.png", groups: ["Backgrounds", "Cards"],
              pointWidth: 60, pointHeight: 60, scales: [1, 2, 3], colorSpace: .displayP3,
              slicing: Slicing(capInsets: CapInsets(top: 20, left: 20, bottom: 20, right: 20), resizingMode: .ninePart,
                               centerMode: .tile)),
        Asset(name: "Logo", identifier: "logo", file: "Exports/Backgrounds/Logo@2x.png", groups: ["Backgrounds"],
              pointWidth: 120, pointHeight: 40, scales: [1, 2]),
    ]

    /// Spaces, leading digits, keywords, reserved members, emoji, decomposed accents, other
    /// scripts, quotes and backslashes.
    static let awkwardThemes: [Theme] = [
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

    static let awkwardAssets: [Asset] = [
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
