import XCTest
@testable import ThemegenKit

/// Radial and angular gradients: type, geometry, stops and accuracy through the real fit.
final class ShapeFitTests: XCTestCase {
    typealias S = GradientTestSupport

    static func radial(_ w: Int, _ h: Int, center: (Double, Double), radius: (Double, Double), _ stops: [(String, Double)],
                       dither: Bool = true, grain: Int = 0, overlays: [GradientRenderer.Overlay] = []) -> GradientRenderer {
        GradientRenderer(width: w, height: h, gradient: S.gradient(180, stops), dither: dither, grain: grain, overlays: overlays,
                         shape: .radial(center: UnitPoint(x: center.0, y: center.1), radius: UnitPoint(x: radius.0, y: radius.1)))
    }

    static func angular(_ w: Int, _ h: Int, center: (Double, Double), start: Double, _ stops: [(String, Double)],
                        dither: Bool = true, grain: Int = 0, overlays: [GradientRenderer.Overlay] = []) -> GradientRenderer {
        GradientRenderer(width: w, height: h, gradient: S.gradient(180, stops), dither: dither, grain: grain, overlays: overlays,
                         shape: .angular(center: UnitPoint(x: center.0, y: center.1), startAngle: start))
    }

    func testDebugPrint() {
        let cases: [(String, GradientRenderer)] = [
            ("circle", Self.radial(375, 812, center: (0.5, 0.5), radius: (0.8, 0.8 * 375 / 812), [("#FF5E62", 0), ("#3F5EFB", 1)])),
            ("ellipse off", Self.radial(375, 812, center: (0.3, 0.2), radius: (0.9, 0.5), [("#12C2E9", 0), ("#C471ED", 0.5), ("#F64F59", 1)])),
            ("corner", Self.radial(375, 812, center: (1.1, -0.1), radius: (1.5, 1.0), [("#FDC830", 0.1), ("#F37335", 0.6), ("#8E0E00", 0.9)])),
            ("conic seam", Self.angular(375, 812, center: (0.5, 0.45), start: 30, [("#FF0000", 0), ("#00FF00", 0.5), ("#0000FF", 1)])),
            ("conic noseam", Self.angular(375, 812, center: (0.4, 0.6), start: 0, [("#FF5E62", 0), ("#3F5EFB", 0.33), ("#38EF7D", 0.7), ("#FF5E62", 1)])),
        ]
        for (name, r) in cases {
            let f = S.fit(r)
            let q = S.accuracy(r.model, f.model, width: r.width, height: r.height)
            print("CASE", name, f.shape, f.stops.map { ($0.position, NumberFormat.hex($0.color)) }, f.quality, "acc", q)
        }
    }
}
