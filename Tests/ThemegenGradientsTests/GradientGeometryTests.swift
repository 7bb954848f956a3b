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
