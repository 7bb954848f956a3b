import Foundation
import ThemegenCore
import ThemegenImage
import ThemegenGradients
import ThemegenSlicing
import ThemegenGenerate
import ThemegenTestKit

/// A preview fixture: themes with artboards drawn in memory (two sRGB vertical, one diagonal,
/// one Display P3) and assets made from the bundled `Exports/Assets` @3x files.
package enum PreviewFixtures {

    package static func rgb(_ hex: UInt32) -> RGBA {
        RGBA(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }

    /// An artboard of the theme's size: its CSS gradient, sampled at pixel centres in the
    /// encoded space as CSS and CAGradientLayer do, with each overlay painted white.
    package static func artboard(_ t: Theme) -> Image {
        let w = t.width, h = t.height
        let a = t.angle * .pi / 180
        let (dx, dy) = (sin(a), -cos(a))
        let length = abs(Double(w) * dx) + abs(Double(h) * dy)
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let u = ((Double(x) + 0.5 - Double(w) / 2) * dx + (Double(y) + 0.5 - Double(h) / 2) * dy) / length + 0.5
                let c = color(at: u, t.stops)
                let i = (y * w + x) * 4
                px[i] = UInt8((c.red * 255).rounded()); px[i + 1] = UInt8((c.green * 255).rounded())
                px[i + 2] = UInt8((c.blue * 255).rounded())
            }
        }
        for r in t.overlays {
            for y in r.y..<(r.y + r.height) {
                for x in r.x..<(r.x + r.width) {
                    let i = (y * w + x) * 4
                    px[i] = 250; px[i + 1] = 250; px[i + 2] = 250
                }
            }
        }
        return Image(width: w, height: h, colorSpace: t.colorSpace, pixels: .rgba8(px))
    }

    package static func color(at u: Double, _ stops: [GradientStop]) -> RGBA {
        if u <= stops[0].position { return stops[0].color }
        for (s0, s1) in zip(stops, stops.dropFirst()) where u <= s1.position {
            let f = (u - s0.position) / max(s1.position - s0.position, 1e-9)
            return RGBA(red: s0.color.red + (s1.color.red - s0.color.red) * f,
                        green: s0.color.green + (s1.color.green - s0.color.green) * f,
                        blue: s0.color.blue + (s1.color.blue - s0.color.blue) * f)
        }
        return stops[stops.count - 1].color
    }

    package static func theme(_ name: String, angle: Double, space: ColorSpace = .sRGB, width: Int = 375, height: Int = 812,
                      stops: [(UInt32, Double)], text: [TextColor] = [], maxDeltaE: Double = 0.62,
                      overlays: [PixelRect] = []) -> Theme {
        let a = angle * .pi / 180
        let (dx, dy) = (sin(a), -cos(a))
        let half = (abs(Double(width) * dx) + abs(Double(height) * dy)) / 2
        let hx = dx * half / Double(width), hy = dy * half / Double(height)
        let s = stops.map { GradientStop(color: rgb($0.0), position: $0.1) }
        return Theme(name: name, identifier: SwiftIdentifier.lowerCamel(name, fallback: "theme"),
                     file: "Exports/Themes/\(name).png", width: width, height: height, colorSpace: space,
                     angle: angle, startPoint: UnitPoint(x: 0.5 - hx, y: 0.5 - hy), endPoint: UnitPoint(x: 0.5 + hx, y: 0.5 + hy),
                     stops: s, themeColor: s[s.count / 2].color, textColors: text,
                     fit: FitQuality(meanDeltaE: maxDeltaE / 3, maxDeltaE: maxDeltaE), overlays: overlays)
    }

    package static let themes: [Theme] = [
        theme("Ocean Blue", angle: 180, stops: [(0x0B3D91, 0), (0x4FC3F7, 1)],
              text: [TextColor(name: "title", color: rgb(0xFFFFFF), large: true, contrast: 2.06),
                     TextColor(name: "body", color: rgb(0x0A1A33), contrast: 1.71)],
              overlays: [PixelRect(x: 0, y: 0, width: 375, height: 44), PixelRect(x: 24, y: 700, width: 327, height: 64)]),
        theme("Sunset", angle: 180, stops: [(0xFF5F6D, 0.15), (0xFFC371, 0.5), (0x8E2DE2, 0.85)],
              text: [TextColor(name: "title", color: rgb(0x1A1A1A), large: true, contrast: 3.42),
                     TextColor(name: "body", color: rgb(0x1A1A1A), dark: rgb(0xF0F0F0), contrast: 3.42)]),
        theme("Dusk Diagonal", angle: 135, width: 390, height: 600, stops: [(0x2B1055, 0), (0xD53369, 0.6), (0xF5A623, 1)],
              text: [TextColor(name: "title", color: rgb(0xFFFFFF), large: true, contrast: 3.1)], maxDeltaE: 2.4),
        theme("Aurora P3", angle: 160, space: .displayP3, width: 600, height: 400, stops: [(0x00E5A0, 0), (0x6A00FF, 1)],
              text: [TextColor(name: "title", color: rgb(0xFFFFFF), large: true, contrast: 3.05)]),
    ]

    package static func previewThemes() -> [PreviewTheme] { cachedThemes }
    private static let cachedThemes = themes.map { try! PreviewTheme(theme: $0, artboard: artboard($0)) }

    /// Four of the bundled `Exports/Themes` artboards through the real theme extractor (two
    /// vertical sRGB, one of them with a bar and text over it, a diagonal and a Display P3), with a white
    /// title checked on each. The thumbnails come from the fit pass, as in a run.
    package static func bundledThemes(console: any Diagnostics) -> [PreviewTheme] {
        let dir = SharedCorpus.repoRoot.appendingPathComponent("Exports/Themes")
        let files = ["Aurora@3x.png", "Lagoon P3@3x.png", "Midnight@3x.png", "Sunset@3x.png"]
            .map { dir.appendingPathComponent($0).path }
        var options = ThemeOptions(allowPoorFit: true)
        options.textColors = [TextColorCheck(name: "title", color: rgb(0xFFFFFF), large: true)]
        options.thumbnail = PreviewBuilder.thumbnailSize
        return PreviewTheme.shown(ThemeExtractor.extraction(files: files, options: options, console: console)).themes
    }

    /// (file under Exports/Assets, name, groups, point size, colour space, slicing, intent)
    package static let assetSpecs: [(String, String, [String], Int, Int, ColorSpace, Slicing?, RenderingIntent?)] = [
        ("Icons/Star@3x.png", "Star", ["Icons"], 24, 24, .sRGB, nil, nil),
        ("Icons/Close@3x.png", "Close", ["Icons"], 24, 24, .sRGB, nil, .template),
        ("Icons/Plus@3x.png", "Plus", ["Icons"], 30, 30, .displayP3, nil, .original),
        ("Button@3x.9.png", "Button", [], 100, 44, .sRGB,
         Slicing(capInsets: CapInsets(top: 12, left: 12, bottom: 12, right: 12), resizingMode: .ninePart), nil),
        ("Card@3x.png", "Card", [], 120, 80, .sRGB,
         Slicing(capInsets: CapInsets(top: 18, left: 18, bottom: 20, right: 18), resizingMode: .ninePart, centerMode: .tile), nil),
    ]

    /// The bundled @3x exports with 1x and 2x made by exact box downscaling (standing in for
    /// the slicer, whose outputs the preview only copies). A `.9.png` loses its 1-px frame.
    package static func previewAssets() throws -> [PreviewAsset] { try cachedAssets.get() }
    private static let cachedAssets = Result { try makeAssets() }

    package static func makeAssets() throws -> [PreviewAsset] {
        try assetSpecs.map { file, name, groups, pw, ph, space, slicing, intent in
            var source = try PNGDecoder.decode(path: SharedCorpus.repoRoot.appendingPathComponent("Exports/Assets/" + file).path)
            if file.hasSuffix(".9.png") { source = crop(source, inset: 1) }
            precondition(source.width == pw * 3 && source.height == ph * 3, "\(file) is not \(pw)×\(ph) pt @3x")
            let images = try [1, 2, 3].map { scale -> PreviewAssetImage in
                let img = scale == 3 ? source : BoxDownscaler.downscale(source, width: pw * scale, height: ph * scale)
                return PreviewAssetImage(scale: scale, png: try PNGEncoder.encode(img))
            }
            let asset = Asset(name: name, identifier: SwiftIdentifier.lowerCamel(name, fallback: "asset"),
                              file: "Exports/Assets/" + file, groups: groups, pointWidth: pw, pointHeight: ph,
                              scales: [1, 2, 3], colorSpace: space, slicing: slicing, renderingIntent: intent)
            return PreviewAsset(asset: asset, images: images)
        }
    }

    package static func crop(_ image: Image, inset: Int) -> Image {
        guard case .rgba8(let px) = image.pixels else { fatalError("8-bit fixture expected") }
        let w = image.width - 2 * inset, h = image.height - 2 * inset
        var out: [UInt8] = []
        out.reserveCapacity(w * h * 4)
        for y in inset..<(inset + h) {
            out += px[((y * image.width + inset) * 4)..<((y * image.width + inset + w) * 4)]
        }
        return Image(width: w, height: h, colorSpace: image.colorSpace, pixels: .rgba8(out))
    }

    /// Writes planned files under `root`.
    package static func write(_ files: [PlannedFile], under root: URL) throws {
        for f in files {
            let url = root.appendingPathComponent(f.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(try f.read()).write(to: url)
        }
    }
}
