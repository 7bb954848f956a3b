import XCTest
@testable import ThemegenKit

final class GradientFitterTests: XCTestCase {
    typealias S = GradientTestSupport

    func testDebugScenarios() {
        let w = 375, h = 812
        let cases: [(String, GradientRenderer)] = [
            ("2stop180", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#FF5E62", 0), ("#FF9966", 1)]))),
            ("3stop135", GradientRenderer(width: w, height: h, gradient: S.gradient(135, [("#12C2E9", 0), ("#C471ED", 0.5), ("#F64F59", 1)]), dither: true)),
            ("inset160", GradientRenderer(width: w, height: h, gradient: S.gradient(160, [("#0F2027", 0.15), ("#2C5364", 0.85)]))),
        ]
        for (name, r) in cases {
            let f = S.fit(r)
            let q = S.accuracy(r.gradient, f.gradient, width: w, height: h)
            print(name, f.angle, f.stops.map { (HexColor.format($0.color), $0.position) }, f.quality, "acc", q, f.overlays.count)
        }
    }
}
