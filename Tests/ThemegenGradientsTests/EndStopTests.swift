import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenTestSupport

/// An end stop a few pixels short of the box's edge, its colour held flat beyond, comes back at
/// its place (`GradientFitter.refinedEnds`), and the gradient stays linear.
final class EndStopTests: XCTestCase {
    typealias S = GradientTestSupport

    func testAnEndStopInsideTheLastCellComesBackAtItsPlace() {
        // Browser stress seed 9 #30: 9 stops across 1170 px, the last 10 px from the edge.
        let nine = [("#FC2CF9", 0.0), ("#F58270", 0.0556), ("#20D26A", 0.2407), ("#2FF212", 0.5386), ("#7CB7C0", 0.6656),
                    ("#BDF59F", 0.7768), ("#127C84", 0.8803), ("#59392F", 0.9359), ("#BBB575", 0.9915)]
        // The first stop 6.5 px below the top of a 375 × 812 box, a steep ramp after it.
        let three = [("#0F9B0F", 0.008), ("#F7B733", 0.08), ("#4568DC", 1.0)]
        for (name, r, end) in [("last stop 10 px from the edge", GradientRenderer(width: 1170, height: 2532, gradient: S.gradient(90, nine)), 0.9915),
                               ("first stop 6.5 px from the edge", GradientRenderer(width: 375, height: 812, gradient: S.gradient(180, three)), 0.008)] {
            let f = S.fit(r)
            XCTAssertEqual(f.shape, .linear, name)
            XCTAssertNil(f.problem, name)
            let stops = end > 0.5 ? nine : three
            XCTAssertEqual(f.stops.count, stops.count, "\(name): \(f.stops.map(\.position))")
            let placed = end > 0.5 ? f.stops.last!.position : f.stops.first!.position
            let line = r.gradient.line(width: r.width, height: r.height).length
            XCTAssertEqual(placed, end, accuracy: 1.5 / line, name)
            let q = S.accuracy(r.gradient, f.gradient, width: r.width, height: r.height)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, name)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, name)
            XCTAssertLessThanOrEqual(f.quality.maxDeltaE, 1.5, name)
        }
    }
}
