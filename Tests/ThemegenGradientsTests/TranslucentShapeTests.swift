import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenTestSupport

/// Translucent angular gradients: their stops carry alpha (within 0.01), their geometry and
/// colours are recovered as for opaque ones, premultiplied as CSS interpolates. (A translucent
/// radial gradient still comes back with its ellipse too small: not covered yet.)
final class TranslucentShapeTests: XCTestCase {
    typealias S = GradientTestSupport

    static func stop(_ hex: String, _ alpha: Double, _ position: Double) -> GradientStop {
        var c = S.hex(hex)
        c.alpha = alpha
        return GradientStop(color: c, position: position)
    }

    func testTranslucentAngularKeepsItsAlpha() {
        let w = 375, h = 812
        let cases: [(String, GradientRenderer)] = [
            ("conic with a seam", GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 180, stops: [
                Self.stop("#8E2DE2", 0.8, 0), Self.stop("#4A00E0", 0.3, 0.5), Self.stop("#F64F59", 1, 1)]), dither: true,
                shape: .angular(center: UnitPoint(x: 0.5, y: 0.45), startAngle: 30))),
        ]
        for (name, r) in cases {
            let f = S.fit(r)
            XCTAssertEqual(f.shape.type, r.shape.type, name)
            XCTAssertNil(f.problem, name)
            XCTAssertTrue(f.overlays.isEmpty, "\(name): \(f.overlays)")
            XCTAssertLessThanOrEqual(f.quality.meanDeltaE, 0.5, name)
            XCTAssertLessThanOrEqual(f.quality.maxDeltaE, 1.5, name)
            switch (r.shape, f.shape) {
            case let (.radial(ec, er), .radial(fc, fr)):
                XCTAssertEqual(fc.x, ec.x, accuracy: 0.005, name); XCTAssertEqual(fc.y, ec.y, accuracy: 0.005, name)
                XCTAssertEqual(fr.x, er.x, accuracy: 0.01 * er.x, name); XCTAssertEqual(fr.y, er.y, accuracy: 0.01 * er.y, name)
            case let (.angular(ec, ea), .angular(fc, fa)):
                XCTAssertEqual(fc.x, ec.x, accuracy: 0.005, name); XCTAssertEqual(fc.y, ec.y, accuracy: 0.005, name)
                XCTAssertEqual(fa, ea, accuracy: 0.5, name)
            default:
                XCTFail("\(name): \(f.shape)")
            }
            XCTAssertEqual(f.stops.count, r.gradient.stops.count, "\(name): \(f.stops)")
            for (a, b) in zip(f.stops, r.gradient.stops) {
                XCTAssertEqual(a.color.alpha, b.color.alpha, accuracy: 0.01, name)
                XCTAssertEqual(a.position, b.position, accuracy: 0.01, name)
                let e = DeltaE2000.difference(Lab(rgb: Vec3(a.color.red, a.color.green, a.color.blue), in: .sRGB),
                                              Lab(rgb: Vec3(b.color.red, b.color.green, b.color.blue), in: .sRGB))
                XCTAssertLessThanOrEqual(e, 1.5, "\(name): \(HexColor.format(a.color)) vs \(HexColor.format(b.color))")
            }
        }
    }
}
