import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// Steep ramps between stops a few cells apart (failures the acceptance sweep found): a cell
/// where a steep ramp starts or ends holds part of the slope while its neighbour on one side is
/// flat. Judged by the flat side alone it looked unsmooth, a column of such cells cut the
/// gradient into regions, and the part beyond the cut came back as an overlay or a bar.
final class SteepRampTests: XCTestCase {
    typealias S = GradientTestSupport

    func check(_ r: GradientRenderer, angle: Double, file: StaticString = #filePath, line: UInt = #line) {
        let f = S.fit(r)
        XCTAssertNil(f.problem, file: file, line: line)
        XCTAssertEqual(f.shape, .linear, file: file, line: line)
        XCTAssertEqual(f.overlays, [], file: file, line: line)
        XCTAssertEqual(f.angle, angle, file: file, line: line)
        XCTAssertEqual(f.stops.count, r.gradient.stops.count, "\(f.stops)", file: file, line: line)
        let q = S.accuracy(r.gradient, f.gradient, width: r.width, height: r.height)
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, file: file, line: line)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, file: file, line: line)
    }

    /// A slow ramp over three quarters of the line, then a steep one over 7 % (about three
    /// cells) to a flat end: the flat end is gradient, not a bar along the side.
    func testSteepRampToAFlatEndKeepsTheEnd() {
        check(GradientRenderer(width: 375, height: 812, gradient: S.gradient(270, [("#CD9E52", 0), ("#C5448F", 0.75), ("#792CAA", 0.82)]), dither: true),
              angle: 90)
    }

    /// Six vivid stops 0.11 to 0.22 apart, from an inset first stop: every stop is a kink
    /// between steep ramps, and the fit is linear with the six stops, not a radial guess.
    func testSixVividStopsAreOneLinearGradient() {
        check(GradientRenderer(width: 390, height: 844, gradient: S.gradient(180, [("#EA8F0F", 0.19), ("#5A17E5", 0.34), ("#AF10D3", 0.45),
                                                                                 ("#9164F4", 0.59), ("#42D9FC", 0.78), ("#9E2D1A", 1)]), dither: true),
              angle: 180)
    }
}
