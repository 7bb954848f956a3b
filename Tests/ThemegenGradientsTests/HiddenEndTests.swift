import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// A linear gradient's ends under the furniture of a phone screen (`FurnitureEndStopTests`):
/// a ramp carried on under a bar stays in range, and what the bars and the cells judged
/// overlay with them show of the gradient there is compared with the profile seen through a
/// veil (`GradientFitter.veiledMisfit`).
final class HiddenEndTests: XCTestCase {
    typealias S = GradientTestSupport

    func fitted(_ angle: Double, _ stops: [(String, Double)]) -> (GradientRenderer, GradientFit) {
        let r = GradientRenderer(width: 375, height: 812, gradient: S.gradient(angle, stops), dither: true,
                                 overlays: FurnitureEndStopTests.furniture(w: 375, h: 812))
        return (r, S.fit(r))
    }

    /// How far an end may be carried on: to the first channel's bound, half a level past it.
    func testInRangeStopsWhereTheFirstChannelRunsOut() {
        // Blue reaches 255 (+ half a level) after 1.1 steps, green 0 after 5.05.
        XCTAssertEqual(GradientFitter.inRange(Color4(100, 50, 250, 255), step: Color4(10, -10, 5, 0), upTo: 100, translucent: false), 1.1, accuracy: 1e-12)
        XCTAssertEqual(GradientFitter.inRange(Color4(100, 50, 250, 255), step: Color4(10, -10, 5, 0), upTo: 0.5, translucent: false), 0.5)
        // An opaque artboard's alpha drifts by rounding only: no bound.
        XCTAssertEqual(GradientFitter.inRange(Color4(100, 50, 120, 254.9999), step: Color4(0, 0, 0, 1e-6), upTo: 3, translucent: false), 3)
        // Premultiplied: a colour channel above a falling alpha is out of range (blue, 8.5 over 10).
        XCTAssertEqual(GradientFitter.inRange(Color4(100, 50, 120, 128), step: Color4(0, 0, 0, -10), upTo: 100, translucent: true), 0.85, accuracy: 1e-12)
        XCTAssertEqual(GradientFitter.inRange(Color4(100, 50, 120, 128), step: Color4(0, 0, 0, 10), upTo: 100, translucent: true), 12.75, accuracy: 1e-12)
    }

    /// A pale ramp whose blue runs out under the status bar (browser seed 5 #12): carried on
    /// to the box's end and clipped there, the first knot's colour bent the ramp below the
    /// bar, the cells it missed were judged overlay with the bar, and the artboard was rejected
    /// with overlays over 69 %. Carried on only while in range, the first stop stays inset.
    func testAnEndCarriedOnUnderABarStaysInRange() throws {
        let stops = [("#F5EAFA", 0.0447), ("#FFA259", 0.524), ("#44DA0C", 0.9864)]
        let (r, f) = fitted(163.83, stops)
        XCTAssertNil(f.problem)
        XCTAssertEqual(f.stops.count, 3)
        // Held from where blue reaches 255 (the authored stop, 0.0447, lies under the bar).
        let first = try XCTUnwrap(f.stops.first)
        XCTAssertEqual(first.position, 0.028, accuracy: 0.002)
        XCTAssertEqual(first.color.blue, 1, accuracy: 0.5 / 255)
        let whole = RandomArtboards.accuracy(r.gradient, f.gradient, width: r.width, height: r.height, excluding: [], step: 3)
        XCTAssertLessThanOrEqual(whole.meanDeltaE, 0.1)
        XCTAssertLessThanOrEqual(whole.maxDeltaE, 1.5)
    }

    /// A diagonal whose first two stops and a hard stop lie in the top left corner, beside the
    /// status bar and under it (stress seed 7 #27): the corner beyond the hard stop is too
    /// small to join the fit and is judged overlay with the bar, and the slope carried on there
    /// is far off. No veil over the profile explains the corner's cells: the guess is said.
    func testAHardStopInACornerBesideTheStatusBarIsReported() throws {
        let stops = [("#6870B5", 0.0124), ("#8A5528", 0.0724), ("#80C08B", 0.0724), ("#34CA6A", 0.1963), ("#5E99C0", 0.2563),
                     ("#2E6BA4", 0.395), ("#50D765", 0.8808)]
        let (_, f) = fitted(135, stops)
        XCTAssertNil(f.problem)
        XCTAssertLessThan(f.quality.maxDeltaE, 1.5)
        // The stretch of the line up to the hard stop (1.6 % of the box), and the corner's
        // cells 9.8 from the best veil over the profile.
        let x = try XCTUnwrap(f.extrapolation)
        XCTAssertEqual(x.coverage, 0.0163, accuracy: 0.001)
        XCTAssertEqual(x.maxDeltaE, 9.8, accuracy: 0.1)
        // Without the corner's stops the same furniture hides nothing the profile does not carry on.
        let (_, plain) = fitted(135, Array(stops.dropFirst(2)))
        XCTAssertNil(plain.problem)
        XCTAssertNil(plain.extrapolation)
    }
}
