import XCTest
@testable import ThemegenGradients

/// One drawing, one angular model (`ShapeFitter.canonicalTurn`): the turn starts at the first
/// stop, the last stop's colour carries on to the end of the turn, and a turn without a seam
/// starts where its longest flat run ends.
final class AngularCanonicalFormTests: XCTestCase {
    private let a = Color4(200, 20, 40, 255), b = Color4(20, 200, 40, 255), c = Color4(40, 20, 200, 255)

    private func assertTurn(_ knots: [Double], _ colors: [Color4], gives expected: [Double], _ expectedColors: [Color4],
                            rotation: Double, file: StaticString = #filePath, line: UInt = #line) {
        let turn = ShapeFitter.canonicalTurn(knots: knots, colors: colors)
        XCTAssertEqual(turn.knots.count, expected.count, "\(turn.knots)", file: file, line: line)
        for (x, y) in zip(turn.knots, expected) { XCTAssertEqual(x, y, accuracy: 1e-12, "\(turn.knots)", file: file, line: line) }
        XCTAssertEqual(turn.colors, expectedColors, file: file, line: line)
        XCTAssertEqual(turn.rotation, rotation, accuracy: 1e-12, file: file, line: line)
    }

    /// With a seam, a flat run before the first knot gets its stop at 0; the flat run after
    /// the last is that stop's colour carried on, with no stop at 1.
    func testASeamedTurnKeepsItsStartAndAddsNoStopAtTheEnd() {
        assertTurn([0.1, 0.5, 0.8], [a, b, c], gives: [0, 0.1, 0.5, 0.8], [a, a, b, c], rotation: 0)
        assertTurn([0, 0.5, 1], [a, b, c], gives: [0, 0.5, 1], [a, b, c], rotation: 0)
    }

    /// Without a seam, the flat wedge across the start is the last stop's colour carried on:
    /// `A 5%, B 40%, C 70%, A 95%` is those four stops, turned by 5 %.
    func testASeamlessTurnStartsWhereItsFlatWedgeEnds() {
        assertTurn([0.05, 0.4, 0.7, 0.95], [a, b, c, a], gives: [0, 0.35, 0.65, 0.9], [a, b, c, a], rotation: 0.05)
        // The same loop started at C by the fit: the flat run from A to A inside it ends the turn.
        assertTurn([0, 0.25, 0.35, 0.7, 1], [c, a, a, b, c], gives: [0, 0.35, 0.65, 0.9], [a, b, c, a], rotation: 0.35)
    }

    /// The longest flat run is the one carried on; a loop with none starts at its first knot
    /// and ends there again.
    func testTheLongestFlatRunEndsTheTurnAndALoopWithoutOneClosesOnItsFirstStop() {
        assertTurn([0, 0.1, 0.2, 0.5, 0.9, 1], [a, b, b, c, c, a], gives: [0, 0.1, 0.2, 0.3, 0.6], [c, a, b, b, c], rotation: 0.9)
        assertTurn([0, 0.4, 0.7, 1], [a, b, c, a], gives: [0, 0.4, 0.7, 1], [a, b, c, a], rotation: 0)
    }
}
