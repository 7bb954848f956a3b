import Foundation
import ThemegenGradients
import ThemegenImage
import ThemegenTestSupport

/// Radial and angular artboards for `make bench` (the shapes row): iPhone-sized, dithered,
/// off-centre and elliptical, with and without a seam. Not part of `Exports/`.
enum ShapeArtboards {
    static func all() -> [(String, Image)] {
        func stops(_ s: [(UInt32, Double)]) -> LinearGradient { SampleThemes.gradient(180, s) }
        let palettes: [[(UInt32, Double)]] = [
            [(0xFF5E62, 0), (0x3F5EFB, 1)],
            [(0x12C2E9, 0), (0xC471ED, 0.5), (0xF64F59, 1)],
            [(0x0B486B, 0), (0x3B8686, 0.3), (0x79BD9A, 0.65), (0xCFF09E, 1)],
            [(0xFDC830, 0.1), (0xF37335, 0.6), (0x8E0E00, 0.9)],
            [(0xFC466B, 0), (0x3F5EFB, 0.5), (0xFC466B, 1)],
        ]
        var out: [(String, Image)] = []
        for i in 0..<10 {
            let p = palettes[i % palettes.count]
            let fx = 0.2 + 0.06 * Double(i), fy = 0.15 + 0.07 * Double(i)
            let radial = GradientRenderer(width: 1125, height: 2436, gradient: stops(p), dither: true, seed: UInt64(i + 1),
                                          shape: .radial(center: UnitPoint(x: fx, y: fy), radius: UnitPoint(x: 0.6 + 0.05 * Double(i), y: 0.35 + 0.02 * Double(i))))
            out.append((String(format: "radial-%02d.png", i), radial.render()))
            let angular = GradientRenderer(width: 1125, height: 2436, gradient: stops(p), dither: true, seed: UInt64(i + 11),
                                           shape: .angular(center: UnitPoint(x: 1 - fx, y: fy + 0.1), startAngle: 37.5 * Double(i)))
            out.append((String(format: "angular-%02d.png", i), angular.render()))
        }
        return out
    }
}
