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
    /// Browser seed 5 #7 without furniture: a narrow ellipse (165 × 555 px on 375 × 812) whose
    /// two peaks (a stop the ramp turns back at steeply) each came back as two stops a cell
    /// apart that cut the corner, ΔE 3.7 off at the apex, and the theme was rejected. Each pair
    /// is one stop where the lines of the ramps either side meet (`withCornersMerged`).
    func testAPeakBetweenSteepRampsIsOneStop() {
        let r = S.radial(375, 812, center: (303.874 / 375, 422.157 / 812), radius: (165.147 / 375, 554.597 / 812),
                         [("#C77FEA", 0), ("#3C05A1", 0.1208), ("#BABF43", 0.3811), ("#6E1215", 0.4643),
                          ("#90E084", 0.6516), ("#7A8292", 0.8565), ("#D136D0", 1)])
        let fit = S.fit(r)
        XCTAssertEqual(fit.shape.type, "radial")
        XCTAssertEqual(fit.stops.count, 7, "\(fit.stops)")
        let q = S.accuracy(fit.model, r.model, width: r.width, height: r.height)
        XCTAssertLessThan(q.maxDeltaE, 1.5)
    }

    /// Two knots a cell apart either side of a peak become one where the ramps' lines meet;
    /// knots farther apart, or at a hard stop, stay.
    func testMergedCornerMeetsTheRampsEitherSide() {
        var acc = GradientAccumulator(width: 64, height: 64)
        acc.add(S.radial(64, 64, center: (0.5, 0.5), radius: (0.5, 0.5), [("#000000", 0), ("#FFFFFF", 1)]).render())
        let fitter = ShapeFitter(kind: .radial, grid: CellGrid(acc), options: .init())
        let c = { (v: Double) in Color4(v, 100, 100, 255) }
        // Lines 0 + 1000 t (before) and 400 - 1000 (t - 0.2) (after) meet at t = 0.3, colour 300 → clamped 255.
        let p = PiecewiseProfile(knots: [0, 0.29, 0.31, 0.6], colors: [c(0), c(290), c(290), c(0)])
        let merged = fitter.mergedCorner(p, at: 1, within: 0.05)
        XCTAssertEqual(merged?.knots.count, 3)
        XCTAssertEqual(merged?.knots[1] ?? 0, 0.3, accuracy: 1e-9)
        XCTAssertEqual(merged?.colors[1].x ?? 0, 255, accuracy: 1e-9)
        XCTAssertNil(fitter.mergedCorner(p, at: 1, within: 0.01))
        let hard = PiecewiseProfile(knots: [0, 0.29, 0.29, 0.6], colors: [c(0), c(290), c(100), c(0)])
        XCTAssertNil(fitter.mergedCorner(hard, at: 1, within: 0.05))
    }
}
