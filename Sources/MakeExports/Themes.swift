import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenTestSupport

/// The bundled gradient artboards: 2-, 3- and 4-stop gradients, diagonal ones, inset stops,
/// bars and a card drawn on top, one dithered, one Display P3, and one exported at two scales.
enum SampleThemes {
    static func rgb(_ hex: UInt32) -> RGBA {
        RGBA(red: Double(hex >> 16) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }

    static func gradient(_ angle: Double, _ stops: [(UInt32, Double)]) -> LinearGradient {
        LinearGradient(angle: angle, stops: stops.map { GradientStop(color: rgb($0.0), position: $0.1) })
    }

    // iPhone artboards: 375×812 pt at @3x, 414×896 pt at @3x, 375×812 pt at @2x.
    static let x3 = (1125, 2436), max3 = (1242, 2688), x2 = (750, 1624), x1 = (375, 812)

    static func all() -> [(path: String, image: Image)] {
        func art(_ size: (Int, Int), _ g: LinearGradient, space: ColorSpace = .sRGB, dither: Bool = false,
                 overlays: [GradientRenderer.Overlay] = []) -> Image {
            GradientRenderer(width: size.0, height: size.1, gradient: g, colorSpace: space, dither: dither,
                             overlays: overlays, seed: 7).render()
        }
        let rose = gradient(90, [(0xF4C4F3, 0), (0xFC67FA, 1)])
        let p3 = LinearGradient(angle: 180, stops: [
            GradientStop(color: RGBA(red: 0.0, green: 0.78, blue: 0.72), position: 0),
            GradientStop(color: RGBA(red: 0.16, green: 0.28, blue: 0.92), position: 1),
        ])
        return [
            ("Sunset@3x.png", art(x3, gradient(180, [(0xFF5E62, 0), (0xFF9966, 0.55), (0xFFD194, 1)]))),
            ("Ocean Blue@3x.png", art(x3, gradient(180, [(0x0B3D91, 0), (0x4FC3F7, 1)]))),
            ("Aurora@3x.png", art(max3, gradient(135, [(0x00C9A7, 0), (0x845EC2, 0.5), (0x2C73D2, 1)]))),
            ("Forest@2x.png", art(x2, gradient(160, [(0x134E5E, 0), (0x71B280, 1)]))),
            ("Midnight@3x.png", art(x3, gradient(180, [(0x2B5876, 0), (0x4E4376, 1)]),
                                    overlays: [.bar(.top, thickness: 141, color: rgb(0x0E0E12)),
                                               .text(PixelRect(x: 90, y: 50, width: 130, height: 44), color: rgb(0xFFFFFF), seed: 3)])),
            ("Peach Card@3x.png", art(x3, gradient(180, [(0xFFECD2, 0), (0xFCB69F, 1)]),
                                      overlays: [.rect(PixelRect(x: 96, y: 780, width: 933, height: 780),
                                                       color: rgb(0xFFFFFF), cornerRadius: 48),
                                                 .text(PixelRect(x: 168, y: 870, width: 700, height: 260), color: rgb(0x3A3A3C), seed: 5)])),
            ("Lagoon P3@3x.png", art(x3, p3, space: .displayP3)),
            ("Citrus@3x.png", art(x3, gradient(180, [(0xF9D423, 0.15), (0xFF4E50, 0.4), (0xFC913A, 0.7), (0xF5E663, 0.85)]))),
            ("Dusk@3x.png", art(x3, gradient(200, [(0x355C7D, 0), (0x6C5B7B, 0.5), (0xC06C84, 1)]),
                                overlays: [.bar(.bottom, thickness: 249, color: rgb(0xF7F7F8))])),
            ("Mint.png", art(x1, gradient(180, [(0xD4FC79, 0), (0x96E6A1, 1)]), dither: true)),
            ("Rose Gold.png", art(x1, rose)),
            ("Rose Gold@3x.png", art(x3, rose)),
        ]
    }
}
