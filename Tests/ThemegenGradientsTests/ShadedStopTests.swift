import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// Stops seen only beside a card, in the soft shadow it casts, and steep kinks a cell or two
/// apart on narrow artboards: the authored number of stops comes back, not extra stops that
/// follow the shadow or make up for the cells across a kink.
final class ShadedStopTests: XCTestCase {
    typealias S = GradientTestSupport
    typealias O = OverlayScenarios

    /// A status bar, a wide card with its shadow over two stops, and a tab bar at 1170 × 2532
    /// (browser seed 2 #24): the stops under the card show only in the shaded strips beside it,
    /// and the rows just past the card's box are shaded too. The fit keeps six stops, and the
    /// two under the card are within a level of their colours.
    func testStopsBesideACardInItsShadowComeBackAlone() {
        let (w, h) = (1170, 2532)
        let card = PixelRect(x: 72, y: 1062, width: 1026, height: 405)
        let r = GradientRenderer(width: w, height: h,
                                 gradient: S.gradient(180, [("#184483", 0), ("#04A31D", 0.1571), ("#CB6842", 0.4422),
                                                            ("#11D605", 0.6228), ("#DAA15F", 0.835), ("#0B951B", 1)]),
                                 dither: true,
                                 overlays: [O.statusBar(w, 132)] + O.card(card, radius: 48, blur: 36, opacity: 0.18, offsetY: 24) + [O.tabBar(w, 249)])
        let f = S.fit(r)
        XCTAssertNil(f.problem)
        XCTAssertEqual(f.shape, .linear)
        XCTAssertEqual(f.angle, 180)
        XCTAssertEqual(f.stops.count, 6, "\(f.stops.map { ($0.position, $0.color) })")
        guard f.stops.count == 6 else { return }
        for (i, hex) in [(2, "#CB6842"), (3, "#11D605")] {
            let c = f.stops[i].color, e = S.hex(hex)
            XCTAssertEqual(c.red * 255, e.red * 255, accuracy: 1.5, "stop \(i)")
            XCTAssertEqual(c.green * 255, e.green * 255, accuracy: 1.5, "stop \(i)")
            XCTAssertEqual(c.blue * 255, e.blue * 255, accuracy: 1.5, "stop \(i)")
        }
        let q = S.accuracy(r.gradient, f.gradient, width: w, height: h)
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5)
    }

    /// Nine stops left to right at 375 × 812 (browser seed 4 #18, no overlay): steep kinks whose
    /// cells straddle them (8 px cells), and an inset first stop. Nine stops, linear.
    func testSteepKinksOnANarrowArtboardKeepTheirCount() {
        let r = GradientRenderer(width: 375, height: 812,
                                 gradient: S.gradient(90, [("#138179", 0.1185), ("#B284C7", 0.1907), ("#D1EF79", 0.3057),
                                                           ("#C620EF", 0.4069), ("#689344", 0.4672), ("#FC4D26", 0.6093),
                                                           ("#B33736", 0.666), ("#7650E1", 0.7498), ("#BC2F73", 0.8694)]),
                                 dither: true)
        let f = S.fit(r)
        XCTAssertNil(f.problem)
        XCTAssertEqual(f.shape, .linear)
        XCTAssertEqual(f.stops.count, 9, "\(f.stops.map { ($0.position, $0.color) })")
        let q = S.accuracy(r.gradient, f.gradient, width: r.width, height: r.height)
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5)
    }

    /// A profile carried across 270°, where the normalised angle turns into one near 90 that
    /// runs the other way, is mirrored: positions t → 1 − t, in reverse order.
    func testAProfileFacesTheWayTheAngleRuns() {
        let p = PiecewiseProfile(knots: [0.1, 0.4, 1], colors: [Color4(10, 20, 30, 255), Color4(40, 50, 60, 255), Color4(70, 80, 90, 255)])
        let same = GradientFitter.facing(p, from: 200, to: 200.4)
        XCTAssertEqual(same.knots, p.knots)
        let turned = GradientFitter.facing(p, from: 269.99, to: 90.01)
        XCTAssertEqual(turned.knots.count, 3)
        for (a, b) in zip(turned.knots, [0, 0.6, 0.9]) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        XCTAssertEqual(turned.colors, p.colors.reversed())
        for t in [0.05, 0.3, 0.55, 0.8, 0.95] { XCTAssertLessThan((turned.value(1 - t) - p.value(t)).lengthSquared, 1e-18) }
    }

    /// A faint shadow as browsers composite it takes about a level off every channel; no
    /// channel lighter is the test, not the narrow cone around black.
    func testAShadowDarkensEveryChannel() {
        let model = Color4(180, 117, 58, 255)
        XCTAssertTrue(GradientFitter.darker(model + Color4(-1.1, -0.9, -0.9, 0), model: model))
        XCTAssertFalse(GradientFitter.darkened(model + Color4(-1.1, -0.9, -0.9, 0), model: model))
        XCTAssertTrue(GradientFitter.darker(model * 0.98, model: model))
        XCTAssertFalse(GradientFitter.darker(model + Color4(-1, 1, -1, 0), model: model))
        XCTAssertFalse(GradientFitter.darker(model + Color4(0.5, 0.5, 0.5, 0), model: model))
    }
}
