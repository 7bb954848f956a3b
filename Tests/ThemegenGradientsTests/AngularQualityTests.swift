import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// The fit's own measure of an angular model (`ShapeFitter.deltaE`) compares a cell across an
/// inner stop's ray with what the model averages to over the cell's pixels: there the cell
/// averages two slopes, and its centre's colour is not its mean.
final class AngularQualityTests: XCTestCase {
    typealias S = GradientTestSupport

    /// A grey conic with a sharp kink at 0.05 of the turn (black to near-white in 18°, back
    /// to black by half the turn), measured against its own exact model: within the noise of
    /// the drawing everywhere. Compared with the colour at their centres, the cells across the
    /// kink's ray some seven cells out are tens of levels off.
    func testCellAcrossAStopsRayIsComparedWithTheModelsAverage() {
        let q = ownModelQuality(S.angular(390, 844, center: (0.5, 0.5), start: 30, [("#101010", 0), ("#F0F0F0", 0.05), ("#101010", 0.5), ("#101010", 1)]))
        XCTAssertLessThan(q.maxDeltaE, 1.0)
        XCTAssertLessThan(q.meanDeltaE, 0.2)
    }

    /// A seamless conic whose seam-like hard stop (204 levels) lies inside the turn, as a model
    /// that starts at another stop draws it (browser stress seed 7 #26), measured against its
    /// own exact model: the cells near the centre across the hard stop's ray are compared with
    /// every pixel of the model, not every other one (off by a part of the jump: 5.3 before).
    func testCellNearTheCentreAcrossAHardStopCountsEveryPixel() {
        let stops = [("#849DE9", 0.0), ("#97C730", 0.1177), ("#2BD160", 0.2744), ("#9251FB", 0.6139), ("#D51245", 0.6139),
                     ("#3D689A", 0.6742), ("#849DE9", 1.0)]
        let q = ownModelQuality(S.angular(375, 812, center: (153.41 / 375, 604.44 / 812), start: 48.54, stops))
        XCTAssertLessThan(q.maxDeltaE, 1.0)
        XCTAssertLessThan(q.meanDeltaE, 0.2)
    }

    /// The fit's own measure of a drawn conic against its exact model, over every drawn cell
    /// (the disc at the centre and the seam band left out, as for a fit).
    private func ownModelQuality(_ r: GradientRenderer) -> FitQuality {
        var acc = GradientAccumulator(width: r.width, height: r.height)
        acc.add(r.render())
        let f = ShapeFitter(kind: .angular, grid: CellGrid(acc), options: .init())
        let drawn = (0..<(f.grid.columns * f.grid.rows)).map { f.grid.drawn($0) }
        return f.deltaE(r.model, cells: drawn, excludingCentreAndSeam: true)
    }
}
