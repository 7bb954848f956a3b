import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// Radial and angular gradients under cards with soft shadows, list rows, frosted panels, text
/// and grain (OverlayScenarios.shapeScenarios): recovered within the same tolerances as without
/// them, with every authored overlay listed.
final class ShapeOverlayTests: XCTestCase {
    typealias S = GradientTestSupport

    func testRecoversShapesUnderOverlays() {
        for (name, r, covered) in OverlayScenarios.shapeScenarios() {
            let f = S.fit(r)
            XCTAssertEqual(f.shape.type, r.shape.type, name)
            XCTAssertNil(f.problem, name)
            XCTAssertLessThanOrEqual(f.quality.meanDeltaE, 0.5, name)
            XCTAssertLessThanOrEqual(f.quality.maxDeltaE, 1.5, name)
            let q = S.accuracy(r.model, f.model, width: r.width, height: r.height)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, name)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, name)
            switch (r.shape, f.shape) {
            case let (.radial(ec, er), .radial(fc, fr)):
                XCTAssertEqual(fc.x, ec.x, accuracy: 0.005, name); XCTAssertEqual(fc.y, ec.y, accuracy: 0.005, name)
                XCTAssertEqual(fr.x, er.x, accuracy: 0.01 * er.x, name); XCTAssertEqual(fr.y, er.y, accuracy: 0.01 * er.y, name)
            case let (.angular(ec, ea), .angular(fc, fa)):
                XCTAssertEqual(fc.x, ec.x, accuracy: 0.005, name); XCTAssertEqual(fc.y, ec.y, accuracy: 0.005, name)
                var d = abs(fa - ea).truncatingRemainder(dividingBy: 360); d = min(d, 360 - d)
                XCTAssertLessThanOrEqual(d, 0.5, name)
            default:
                XCTFail("\(name): \(f.shape)")
            }
            XCTAssertEqual(f.stops.count, r.gradient.stops.count, "\(name): \(f.stops)")
            for (a, b) in zip(f.stops, r.gradient.stops) { XCTAssertEqual(a.position, b.position, accuracy: 0.01, name) }
            // Every authored overlay lies within the overlays listed (its corners and centre).
            for rect in covered {
                let points = [(rect.x, rect.y), (rect.x + rect.width - 1, rect.y), (rect.x, rect.y + rect.height - 1),
                              (rect.x + rect.width - 1, rect.y + rect.height - 1), (rect.x + rect.width / 2, rect.y + rect.height / 2)]
                for (x, y) in points {
                    XCTAssertTrue(f.overlays.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height },
                                  "\(name): (\(x), \(y)) of \(rect) not in \(f.overlays)")
                }
            }
            // And they are not the whole artboard.
            XCTAssertLessThan(Double(GradientFitter.unionArea(f.overlays)) / Double(r.width * r.height), 0.5, name)
        }
    }
}
