import Foundation
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenTestSupport

/// The bundled @3x UI assets: icons (some in a group folder), a 9-patch button and a card.
enum SampleAssets {
    typealias Color = (Double, Double, Double, Double)

    static func all() -> [(path: String, image: Image)] {
        [
            ("Icons/Star@3x.png", star()),
            ("Icons/Close@3x.png", close()),
            ("Icons/Plus@3x.png", plus()),
            ("Icons/Check@3x.png", check()),
            ("Button@3x.9.png", button()),
            ("Card@3x.png", card()),
        ]
    }

    static func image(_ c: Canvas, _ space: ColorSpace = .sRGB) -> Image {
        Image(width: c.width, height: c.height, colorSpace: space, pixels: .rgba8(c.rgba8))
    }

    /// 24 pt gold star.
    static func star() -> Image {
        var c = Canvas(width: 72, height: 72)
        c.fill((1.0, 0.76, 0.16, 1), distance: SDF.star(36, 38.5, 33))
        return image(c)
    }

    /// 24 pt close glyph: a 2 pt ring with a cross, for template rendering.
    static func close() -> Image {
        var c = Canvas(width: 72, height: 72)
        let ink: Color = (0.1, 0.1, 0.12, 1)
        c.fill(ink, distance: SDF.ring(36, 36, 31.5, width: 6))
        c.fill(ink, distance: SDF.union(SDF.segment(25, 25, 47, 47, width: 6), SDF.segment(47, 25, 25, 47, width: 6)))
        return image(c)
    }

    /// 30 pt rounded square with a plus, in Display P3 so wide-gamut assets are covered.
    static func plus() -> Image {
        var c = Canvas(width: 90, height: 90)
        c.fill((0.0, 0.45, 1.0, 1), distance: SDF.roundedRect(3, 3, 87, 87, radius: 21))
        c.fill((1, 1, 1, 1), distance: SDF.union(SDF.segment(45, 24, 45, 66, width: 7.5), SDF.segment(24, 45, 66, 45, width: 7.5)))
        return image(c, .displayP3)
    }

    /// 44 pt green disc with a check mark.
    static func check() -> Image {
        var c = Canvas(width: 132, height: 132)
        c.fill((0.2, 0.78, 0.35, 1), distance: SDF.circle(66, 66, 63))
        c.fill((1, 1, 1, 1), distance: SDF.union(SDF.segment(38, 68, 57, 87, width: 10.5), SDF.segment(57, 87, 95, 47, width: 10.5)))
        return image(c)
    }

    /// 100×44 pt button background with a 1 pt border, as an Android 9-patch: a 1-px frame
    /// whose black top and left marks give the stretchable middle.
    static func button() -> Image {
        let w = 300, h = 132
        var body = Canvas(width: w, height: h)
        body.fill((0.16, 0.38, 0.95, 1), distance: SDF.roundedRect(0, 0, Double(w), Double(h), radius: 30))
        body.fill((0.36, 0.55, 1.0, 1), distance: SDF.roundedRect(3, 3, Double(w) - 3, Double(h) - 3, radius: 27))
        var framed = [UInt8](repeating: 0, count: (w + 2) * (h + 2) * 4)
        let inner = body.rgba8
        for y in 0..<h {
            for x in 0..<w {
                for k in 0..<4 { framed[((y + 1) * (w + 2) + x + 1) * 4 + k] = inner[(y * w + x) * 4 + k] }
            }
        }
        func mark(_ x: Int, _ y: Int) { framed.replaceSubrange(((y * (w + 2) + x) * 4)..<((y * (w + 2) + x) * 4 + 4), with: [0, 0, 0, 255]) }
        for x in (1 + 36)..<(1 + w - 36) { mark(x, 0) }  // stretchable columns
        for y in (1 + 36)..<(1 + h - 36) { mark(0, y) }  // stretchable rows
        return Image(width: w + 2, height: h + 2, pixels: .rgba8(framed))
    }

    /// 120×80 pt white card with rounded corners and a soft shadow.
    static func card() -> Image {
        var c = Canvas(width: 360, height: 240)
        let shape = SDF.roundedRect(18, 15, 342, 219, radius: 36)
        for y in 0..<c.height {
            for x in 0..<c.width {
                let d = shape(Double(x) + 0.5, Double(y) + 0.5 - 6)
                if d > -0.5 {
                    let o: Double = max(d, 0)
                    let a: Double = 0.18 * exp(-(o * o) / 98)
                    if a > 0.002 { c.blend(x, y, (0, 0, 0), a) }
                }
            }
        }
        c.fill((1, 1, 1, 1), distance: shape)
        return image(c)
    }
}
