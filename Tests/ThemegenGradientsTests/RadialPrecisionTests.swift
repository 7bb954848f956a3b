import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// Radial fits where a cell is coarse next to the stops: the colour at a centre in the box,
/// read from the cells that hold it, and a steep last ramp into a flat rim, whose cells across
/// the last stop average two slopes. Browser-drawn cases, drawn again by the test renderer.
final class RadialPrecisionTests: XCTestCase {
    typealias S = GradientTestSupport

    /// Browser seed 1 #4: a glow centred in a 375 × 812 box whose first stop is dark and whose
    /// first ramp is steep (a circle of 207 px). The cells around the centre never join the
    /// bins; the first stop's colour is read from them, within a level and a half of the drawn.
    func testTheColourAtACentreInTheBoxIsReadFromTheCellsThatHoldIt() {
        let r = S.radial(375, 812, center: (0.41968, 0.27867), radius: (207.36 / 375, 207.36 / 812),
                         [("#776818", 0), ("#51CD28", 0.1274), ("#8E7B19", 0.3725), ("#9365ED", 0.4564),
                          ("#6E437F", 0.6532), ("#45CBC4", 0.8458), ("#FA6ACD", 1)])
        let fit = S.fit(r)
        XCTAssertEqual(fit.shape.type, "radial")
        XCTAssertEqual(fit.stops.count, 7)
        let first = fit.stops[0].color, drawn = S.hex("#776818")
        XCTAssertEqual(first.red * 255, drawn.red * 255, accuracy: 1.5)
        XCTAssertEqual(first.green * 255, drawn.green * 255, accuracy: 1.5)
        XCTAssertEqual(first.blue * 255, drawn.blue * 255, accuracy: 1.5)
        let q = S.accuracy(fit.model, r.model, width: r.width, height: r.height)
        XCTAssertLessThan(q.maxDeltaE, 1.5)
    }

    /// Browser seed 7 stress #7 without its furniture: a glow from below the left corner of a
    /// 1640 × 2360 box (16 px cells) whose steep last ramp ends in a flat rim. It comes back with
    /// its five stops, not a sixth a cell before the last making up for the cells across it.
    func testASteepLastRampIntoAFlatRimKeepsItsStops() {
        let r = S.radial(1640, 2360, center: (0.20343, 1.06405), radius: (2159.25 / 1640, 2159.25 / 2360),
                         [("#B70E9A", 0.1313), ("#987BA8", 0.403), ("#E7EB6D", 0.6592), ("#61FF30", 0.9215), ("#209CAC", 0.9796)])
        let fit = S.fit(r)
        XCTAssertEqual(fit.shape.type, "radial")
        let q = S.accuracy(fit.model, r.model, width: r.width, height: r.height)
        XCTAssertEqual(fit.stops.count, 5)
        XCTAssertLessThan(q.maxDeltaE, 1.5)
    }
}
