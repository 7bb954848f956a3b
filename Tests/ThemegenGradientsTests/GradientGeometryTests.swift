import XCTest
@testable import ThemegenGradients
import ThemegenTestSupport

final class GradientGeometryTests: XCTestCase {
    typealias S = GradientTestSupport

    func testCSSGradientLineLengthAndUnitPoints() {
        let vertical = LinearGradient.Line(angle: 180, width: 375, height: 812)
        XCTAssertEqual(vertical.length, 812)
        XCTAssertEqual(vertical.startPoint(width: 375, height: 812), UnitPoint(x: 0.5, y: 0))
        XCTAssertEqual(vertical.endPoint(width: 375, height: 812), UnitPoint(x: 0.5, y: 1))

        let horizontal = LinearGradient.Line(angle: 90, width: 375, height: 812)
        XCTAssertEqual(horizontal.length, 375)
        XCTAssertEqual(horizontal.startPoint(width: 375, height: 812), UnitPoint(x: 0, y: 0.5))

        // 135°: length (W + H)·√½; the ends lie outside the box, on the corners' perpendiculars.
        let diagonal = LinearGradient.Line(angle: 135, width: 375, height: 812)
        XCTAssertEqual(diagonal.length, (375 + 812) * 0.5.squareRoot(), accuracy: 1e-9)
        let s = diagonal.startPoint(width: 375, height: 812), e = diagonal.endPoint(width: 375, height: 812)
        XCTAssertEqual(s.x, (187.5 - 0.5 * diagonal.length * 0.5.squareRoot()) / 375, accuracy: 1e-12)
        XCTAssertEqual(s.x, -0.291_333, accuracy: 1e-6)
        XCTAssertEqual(s.y, 0.134_545, accuracy: 1e-6)
        XCTAssertEqual(e.x, 1.291_333, accuracy: 1e-6)
        XCTAssertEqual(e.y, 0.865_455, accuracy: 1e-6)
        XCTAssertEqual(diagonal.t(x: 0, y: 0), 0, accuracy: 1e-12)      // top-left corner: the start
        XCTAssertEqual(diagonal.t(x: 375, y: 812), 1, accuracy: 1e-12)  // bottom-right corner: the end
        XCTAssertEqual(diagonal.t(x: 375, y: 0), 375 / (375.0 + 812), accuracy: 1e-12)
    }

    /// linear-gradient(90deg, #000, #fff) over 256 px: pixel x is round(255 · (x + ½) / 256).
    /// An angular position is the fraction of the turn from the start, 0 ≤ t < 1, exactly as
    /// fmod(x, 1) (plus 1 below 0) gives it: the floor the fitter uses instead is cheaper, and
    /// must not move a stop's place or a seam's side by a single bit.
    func testTurnIsFmodOfTheAngleExactly() {
        func reference(_ dx: Double, _ dy: Double, _ start: Double) -> Double {
            let degrees = atan2(dx, -dy) * 180 / Double.pi - start
            var f = (degrees / 360).truncatingRemainder(dividingBy: 1)
            if f < 0 { f += 1 }
            return f >= 1 ? 0 : f
        }
        var cases: [(Double, Double, Double)] = [(0, -1, 0), (0, -1, 359.99), (1, 0, 90), (0, 1, 180), (-1, 0, 270), (-1e-300, -1, 0),
                                                  (1e-300, -1, 0), (0, 1, 0), (-1, -1e-12, 90), (1, 1, 359.999999)]
        // Directions around the turn and starts all round it, spread by coprime strides.
        for i in 0..<20_000 {
            cases.append((Double(i * 7_919 % 4_001) / 2 - 1_000.25, Double(i * 104_729 % 4_001) / 2 - 1_000.25, Double(i * 1_297 % 36_000) / 100))
        }
        for (dx, dy, start) in cases {
            let t = GradientModel.Coordinates.turn(dx: dx, dy: dy, from: start)
            // Exactly equal (fmod gave −0 where a whole turn is taken from a turn; the floor gives 0).
            XCTAssertEqual(t, reference(dx, dy, start), "\(dx), \(dy) from \(start)")
            XCTAssertEqual(t.sign, .plus)
            XCTAssertTrue(t >= 0 && t < 1)
        }
    }

    func testRendererMatchesBrowserSampling() {
        let r = GradientRenderer(width: 256, height: 2, gradient: S.gradient(90, [("#000000", 0), ("#FFFFFF", 1)]))
        let img = r.render()
        for x in 0..<256 {
            XCTAssertEqual(img.component(x: x, y: 1, channel: 0) * 255, (255 * (Double(x) + 0.5) / 256).rounded(), "x \(x)")
        }
        // Inset stops: flat before 25 % and after 75 %.
        let inset = GradientRenderer(width: 2, height: 100, gradient: S.gradient(180, [("#000000", 0.25), ("#C8C8C8", 0.75)])).render()
        XCTAssertEqual(inset.component(x: 0, y: 10, channel: 1), 0)
        XCTAssertEqual(inset.component(x: 0, y: 90, channel: 1) * 255, 200)
        XCTAssertEqual(inset.component(x: 0, y: 50, channel: 1) * 255, (200 * 0.51).rounded())
    }

    func testDitherAndGrainAreDeterministicAndBounded() {
        let g = S.gradient(180, [("#808080", 0), ("#808080", 1)])
        let a = GradientRenderer(width: 50, height: 50, gradient: g, dither: true, grain: 2, seed: 9).render()
        XCTAssertEqual(a, GradientRenderer(width: 50, height: 50, gradient: g, dither: true, grain: 2, seed: 9).render())
        XCTAssertNotEqual(a, GradientRenderer(width: 50, height: 50, gradient: g, dither: true, grain: 2, seed: 10).render())
        guard case .rgba8(let px) = a.pixels else { return XCTFail() }
        var seen = Set<UInt8>()
        for i in 0..<px.count where i % 4 != 3 { seen.insert(px[i]) }
        XCTAssertEqual(seen.min(), 128 - 3)
        XCTAssertEqual(seen.max(), 128 + 3)
    }
}
