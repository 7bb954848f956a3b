import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// The fit's max also counts how far a cell's pixels stray from the model within the cell
/// (`WithinCellError`), from the spreads the accumulator keeps: a cell mean can match a model
/// that is wrong across the cell.
final class WithinCellErrorTests: XCTestCase {
    typealias S = GradientTestSupport

    /// Browser seed 4 #10 drawn by the test renderer: a glow whose centre lies 66 px above a
    /// 375 × 812 box, with its first stop 5 px inside the top edge.
    static let glow = S.radial(375, 812, center: (0.6927, -0.08166), radius: (477.53 / 375, 477.53 / 812),
                               [("#B5F3ED", 0), ("#C753EB", 0.1495), ("#94F3FA", 0.269), ("#4D0B34", 0.451), ("#142981", 0.5918),
                                ("#7FB8CC", 0.6859), ("#1962F3", 0.8557), ("#8CCACC", 1)])

    static func fitter(_ r: GradientRenderer) -> (ShapeFitter, noise: Double, drawn: [Bool]) {
        var acc = GradientAccumulator(width: r.width, height: r.height)
        acc.add(r.render())
        let grid = CellGrid(acc)
        let noise = GradientFitter(grid: grid, options: .init()).candidateCells().noiseVariance
        return (ShapeFitter(kind: .radial, grid: grid, options: .init()), noise, (0..<(grid.columns * grid.rows)).map { grid.drawn($0) })
    }

    /// The authored model spreads within every cell as the pixels do, up to the renderer's
    /// dither and 8-bit rounding.
    func testTheRightModelStraysNowhere() {
        let (f, noise, drawn) = Self.fitter(Self.glow)
        let worst = f.withinCellWorst(Self.glow.model, cells: drawn, noiseVariance: noise)
        XCTAssertLessThan(worst, 0.5)
    }

    /// What the fit returned before: the first stop dropped, the ramp beyond it carried on to
    /// the top edge with a colour that matches the top cells' means. The means alone put the
    /// model within the promise; the pixels within the top cells say it is not.
    func testAStopInsideTheEdgeCellsIsSeenByTheirSpread() {
        let (f, noise, drawn) = Self.fitter(Self.glow)
        var model = Self.glow.model
        model.stops.removeFirst(2)
        model.stops.insert(GradientStop(color: S.hex("#CC45EA"), position: 0.1384), at: 0)
        let means = f.deltaE(model, cells: drawn).maxDeltaE, within = f.withinCellWorst(model, cells: drawn, noiseVariance: noise)
        XCTAssertLessThan(means, 1.5)
        XCTAssertGreaterThan(within, 1.5)
    }

    /// Grain of ±3 levels spreads every cell by its own sample of noise: the right model still
    /// strays nowhere.
    func testGrainIsNotAStray() {
        let r = S.radial(375, 812, center: (0.5, 0.35), radius: (0.9, 0.45), [("#FC466B", 0), ("#3F5EFB", 1)], grain: 3)
        let (f, noise, drawn) = Self.fitter(r)
        let worst = f.withinCellWorst(r.model, cells: drawn, noiseVariance: noise)
        XCTAssertLessThan(worst, 0.5)
    }
}
