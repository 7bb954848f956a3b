import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// Hard stops in a radial gradient (rings, `RadialRings` and `RadialHardStops`): the disc
/// inside a ring is a smooth region of its own, cut off from the rest by the ring's edge, and
/// is gradient, not an overlay; the ring is one hard stop placed by the cells across it.
final class RadialHardStopTests: XCTestCase {
    typealias S = GradientTestSupport
    typealias O = OverlayScenarios

    /// The hard stops of a fitted radial model, as distances from the centre along x (px).
    private func rings(_ f: GradientFit, width: Int) -> [Double] {
        guard case let .radial(_, radius) = f.shape else { return [] }
        return f.model.hardStops.map { $0 * radius.x * Double(width) }
    }

    /// The fit is radial and accepted, has one ring `ringRadius` px from the centre along x (to
    /// a pixel) when that is given, and draws the authored gradient within the promise.
    private func assertOneRing(_ f: GradientFit, of r: GradientRenderer, ringRadius: Double?,
                               file: StaticString = #filePath, line: UInt = #line) {
        let w = r.width, h = r.height
        XCTAssertEqual(f.shape.type, "radial", file: file, line: line)
        XCTAssertNil(f.problem, file: file, line: line)
        let found = rings(f, width: w)
        XCTAssertEqual(found.count, 1, "\(f.stops) \(f.shape)", file: file, line: line)
        if let ringRadius { XCTAssertEqual(found.first ?? 0, ringRadius, accuracy: 1, file: file, line: line) }
        let q = S.accuracy(r.model, f.model, width: w, height: h)
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, file: file, line: line)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, "\(f.stops.map { ($0.position, $0.color) }) \(f.shape)", file: file, line: line)
    }

    /// A ring without overlays: one hard stop where the authored one lies (to a pixel), and the
    /// disc inside it no overlay (it was one "overlay" box over the glow: browser seed 3 #37).
    func testRingWithoutOverlays() {
        let w = 390, h = 844
        let r = S.radial(w, h, center: (0.62, 0.38), radius: (0.8, 0.45),
                         [("#1E3A8A", 0), ("#F472B6", 0.5), ("#FDE68A", 0.5), ("#10B981", 1)])
        let f = S.fit(r)
        XCTAssertEqual(f.overlays, [])
        assertOneRing(f, of: r, ringRadius: 0.5 * 0.8 * Double(w))
    }

    /// A ring under the fixed screen (status bar, a card with its soft shadow across the ring,
    /// a tab bar), as browser seed 1 #40 (rejected: "overlays over 82%"): the card stays an
    /// overlay, the disc does not.
    func testRingUnderTheFixedScreen() {
        let w = 390, h = 844
        let card = PixelRect(x: 24, y: 354, width: w - 48, height: 160)
        let r = S.radial(w, h, center: (0.8, 0.72), radius: (1.1, 0.5), [("#C0C1DF", 0), ("#425C28", 0.27), ("#06E038", 0.5), ("#782E33", 0.5), ("#BBC4E6", 1)],
                         overlays: [O.statusBar(w)] + O.card(card) + [O.tabBar(w)])
        let f = S.fit(r)
        XCTAssertTrue(f.overlays.contains { box in
            box.x <= card.x && box.y <= card.y && box.x + box.width >= card.x + card.width && box.y + box.height >= card.y + card.height
        }, "\(f.overlays)")
        // Nothing beyond the three overlays and the card's shadow.
        let covered = Double(GradientFitter.unionArea(f.overlays)) / Double(w * h)
        XCTAssertLessThan(covered, 0.4, "\(f.overlays)")
        assertOneRing(f, of: r, ringRadius: 0.5 * 1.1 * Double(w))
    }

    /// A card inside the disc is no ring: the disc, joined first (it is larger), shares its
    /// positions on the ellipse. It stays an overlay, and its white is no stop.
    func testCardInsideTheDiscStaysAnOverlay() {
        let w = 390, h = 844
        let card = PixelRect(x: 110, y: 420, width: 170, height: 90)
        let r = S.radial(w, h, center: (0.5, 0.45), radius: (0.9, 0.6), [("#1E3A8A", 0), ("#F472B6", 0.6), ("#FDE68A", 0.6), ("#10B981", 1)],
                         overlays: O.card(card))
        let f = S.fit(r)
        XCTAssertTrue(f.overlays.contains { box in
            box.x <= card.x && box.y <= card.y && box.x + box.width >= card.x + card.width && box.y + box.height >= card.y + card.height
        }, "\(f.overlays)")
        XCTAssertFalse(f.stops.contains { $0.color.red > 0.97 && $0.color.green > 0.97 && $0.color.blue > 0.97 }, "\(f.stops)")
        assertOneRing(f, of: r, ringRadius: nil)
    }
}
