import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenTestSupport

/// Hard stops (two stops at one position) come back as such, at their place; and gradients of
/// 5 to 16 stops keep every stop that is not on the line between its neighbours.
final class HardStopTests: XCTestCase {
    typealias S = GradientTestSupport

    struct Case {
        var name: String
        var renderer: GradientRenderer
        /// The canonical stops: a flat stretch at the box's end needs no stop at the end.
        var expected: [(String, Double)]
    }

    static func cases() -> [Case] {
        let w = 375, h = 812
        func linear(_ angle: Double, _ stops: [(String, Double)], dither: Bool = true, overlays: [GradientRenderer.Overlay] = []) -> GradientRenderer {
            GradientRenderer(width: w, height: h, gradient: S.gradient(angle, stops), dither: dither, overlays: overlays)
        }
        let sunset = [("#FF5E62", 0.0), ("#FF9966", 0.5), ("#3F5EFB", 0.5), ("#38EF7D", 1.0)]
        let three = [("#12C2E9", 0.0), ("#C471ED", 0.3), ("#F64F59", 0.3), ("#F9D423", 0.7), ("#134E5E", 0.7), ("#71B280", 1.0)]
        let flag = [("#0055A4", 1.0 / 3), ("#FFFFFF", 1.0 / 3), ("#FFFFFF", 2.0 / 3), ("#EF4135", 2.0 / 3)]
        // A ramp beyond a hard stop over less than the 15 % of the line a region needs to be no
        // bar: it changes by far more than a bar's veil shows (browser stress seed 13 #36).
        let shortRamp = [("#2779C7", 0.0), ("#BA02D3", 0.1459), ("#F2682D", 0.1459), ("#AEA1AA", 0.2807), ("#6A5C68", 0.3478),
                         ("#B98422", 0.6095), ("#65DACB", 1.0)]
        return [
            Case(name: "vertical", renderer: linear(180, sunset), expected: sunset),
            Case(name: "diagonal 135", renderer: linear(135, [("#FF5E62", 0), ("#FF9966", 0.4), ("#3F5EFB", 0.4), ("#38EF7D", 1)]),
                 expected: [("#FF5E62", 0), ("#FF9966", 0.4), ("#3F5EFB", 0.4), ("#38EF7D", 1)]),
            Case(name: "two hard stops 160 under a status bar", renderer: linear(160, three, overlays: [OverlayScenarios.statusBar(w)]), expected: three),
            Case(name: "short ramp beyond a hard stop", renderer: linear(180, shortRamp), expected: shortRamp),
            // Flat stripes: the direction comes from the edges alone.
            Case(name: "flag stripes 90", renderer: linear(90, [("#0055A4", 0)] + flag + [("#EF4135", 1)], dither: false), expected: flag),
            Case(name: "hard stop under a card", renderer: linear(200, [("#F7971E", 0), ("#FFD200", 0.55), ("#8E2DE2", 0.55), ("#4A00E0", 1)],
                                                                  overlays: OverlayScenarios.card(PixelRect(x: 24, y: 500, width: w - 48, height: 160))),
                 expected: [("#F7971E", 0), ("#FFD200", 0.55), ("#8E2DE2", 0.55), ("#4A00E0", 1)]),
        ]
    }

    /// Each hard stop is two stops at exactly the same position, within 1.5 px of the authored
    /// one; the other stops within 0.01 and ΔE 1; the whole box within mean ΔE2000 0.5 and max
    /// 1.5; no overlay where there is none (the edge is the gradient's, not a bar's).
    func testHardStopsAreRecoveredAtTheirPlace() {
        for c in Self.cases() {
            let r = c.renderer
            let f = S.fit(r)
            XCTAssertEqual(f.shape, .linear, c.name)
            XCTAssertNil(f.problem, c.name)
            let q = S.accuracy(r.gradient, f.gradient, width: r.width, height: r.height)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, c.name)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, c.name)
            XCTAssertLessThanOrEqual(f.quality.maxDeltaE, 1.5, c.name)
            let authored = r.gradient.angle < 90 ? r.gradient.angle + 180 : r.gradient.angle
            XCTAssertEqual(f.angle, authored, accuracy: 0.5, c.name)
            let lineLength = r.gradient.line(width: r.width, height: r.height).length
            XCTAssertEqual(f.stops.count, c.expected.count, "\(c.name): \(f.stops.map { "\(HexColor.format($0.color))@\($0.position)" })")
            guard f.stops.count == c.expected.count else { continue }
            for (i, (a, b)) in zip(f.stops, c.expected).enumerated() {
                let hard = (i > 0 && c.expected[i - 1].1 == b.1) || (i + 1 < c.expected.count && c.expected[i + 1].1 == b.1)
                XCTAssertEqual(a.position, b.1, accuracy: hard ? 1.5 / lineLength : 0.01, "\(c.name) stop \(i)")
                if hard && i > 0 && c.expected[i - 1].1 == b.1 { XCTAssertEqual(a.position, f.stops[i - 1].position, "\(c.name) stop \(i)") }
                let e = DeltaE2000.difference(Lab(rgb: Vec3(a.color.red, a.color.green, a.color.blue), in: .sRGB),
                                              Lab(rgb: Vec3(S.hex(b.0).red, S.hex(b.0).green, S.hex(b.0).blue), in: .sRGB))
                XCTAssertLessThanOrEqual(e, 1, "\(c.name) stop \(i): \(HexColor.format(a.color)) vs \(b.0)")
            }
            // Only what is drawn on top is an overlay: the status bar, the card with its shadow.
            let drawn = r.overlays.filter { if case .shadow = $0 { return false }; return true }.count
            XCTAssertEqual(f.overlays.count, drawn, "\(c.name): \(f.overlays)")
        }
    }

    /// Browser seed 5 #15: a nearly horizontal line, a hard stop 27% from its end. The status
    /// and tab bars cut the strip beyond it short of the box's height (85% of it), as they cut
    /// the main region: the strip was left out, taken for an overlay, and the artboard rejected
    /// ("overlays 100%"). Now it is joined: every stop, the hard stop within 1.5 px. The angle
    /// is placed by the edge too (`edgeAngle`): 0.02° off, the cells across the edge, 812 px
    /// long, put the fit's max at 3.35, over the rejection line. It is 2.2 now: above the
    /// promise, and said.
    func testStripBeyondAHardStopBetweenBars() {
        let w = 375, h = 812
        let eight = [("#9D7E38", 0.0), ("#D2FD3C", 0.1345), ("#6874BD", 0.2761), ("#147818", 0.4597), ("#84941B", 0.7282), ("#4522DF", 0.7282),
                     ("#EC0D11", 0.8627), ("#47DF7A", 1.0)]
        let r = GradientRenderer(width: w, height: h, gradient: S.gradient(97.919, eight), dither: true,
                                 overlays: [OverlayScenarios.statusBar(w), OverlayScenarios.tabBar(w)])
        let f = S.fit(r)
        XCTAssertEqual(f.shape, .linear)
        XCTAssertNil(f.problem)
        XCTAssertEqual(f.overlays.count, 2, "\(f.overlays)")
        XCTAssertEqual(f.angle, 97.919, accuracy: 0.05)
        XCTAssertLessThanOrEqual(f.quality.meanDeltaE, 0.5)
        XCTAssertLessThanOrEqual(f.quality.maxDeltaE, 3)
        let lineLength = r.gradient.line(width: w, height: h).length
        XCTAssertEqual(f.stops.count, eight.count, "\(f.stops.map { "\(HexColor.format($0.color))@\($0.position)" })")
        guard f.stops.count == eight.count else { return }
        XCTAssertEqual(f.stops[4].position, f.stops[5].position)
        for (i, (a, b)) in zip(f.stops, eight).enumerated() {
            XCTAssertEqual(a.position, b.1, accuracy: i == 4 || i == 5 ? 1.5 / lineLength : 0.01, "stop \(i)")
            let e = DeltaE2000.difference(Lab(rgb: Vec3(a.color.red, a.color.green, a.color.blue), in: .sRGB),
                                          Lab(rgb: Vec3(S.hex(b.0).red, S.hex(b.0).green, S.hex(b.0).blue), in: .sRGB))
            XCTAssertLessThanOrEqual(e, 1, "stop \(i): \(HexColor.format(a.color)) vs \(b.0)")
        }
    }

    /// Seeded gradients of 5 to 16 stops (a random walk in RGB, at seeded angles) and hue-wheel
    /// rainbows of 5 to 9 stops: the authored stop count (none of these stops is within ΔE 0.1
    /// of the line between its neighbours), positions within 0.01, the box within the promise.
    func testSeededGradientsKeepEveryStop() {
        var rng = SeededRandom(seed: 17)
        var cases: [(String, LinearGradient)] = []
        for i in 0..<12 {
            let n = 5 + i
            var c = [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)]
            var stops: [(String, Double)] = []
            for s in 0..<n {
                if s > 0 { c = c.map { min(255, max(0, $0 + rng.int(-90, 90))) } }
                stops.append((HexColor.format(RGBA(red: Double(c[0]) / 255, green: Double(c[1]) / 255, blue: Double(c[2]) / 255)), Double(s) / Double(n - 1)))
            }
            cases.append(("walk \(n) stops", S.gradient(Double(rng.int(90, 269)), stops)))
        }
        for n in 5...9 {
            let stops = (0..<n).map { s in (HexColor.format(Self.hue(Double(s) / Double(n - 1) * 300)), Double(s) / Double(n - 1)) }
            for angle in [135.0, 200] { cases.append(("rainbow \(n) stops \(angle)°", S.gradient(angle, stops))) }
        }
        for (name, g) in cases {
            let r = GradientRenderer(width: 375, height: 812, gradient: g, dither: true)
            let f = S.fit(r)
            XCTAssertNil(f.problem, name)
            let q = S.accuracy(g, f.gradient, width: r.width, height: r.height)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, name)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, name)
            XCTAssertEqual(f.stops.count, g.stops.count, "\(name): \(f.stops.map { "\(HexColor.format($0.color))@\($0.position)" })")
            if f.stops.count == g.stops.count {
                for (a, b) in zip(f.stops, g.stops) { XCTAssertEqual(a.position, b.position, accuracy: 0.01, name) }
            }
        }
    }

    /// A fully saturated colour of hue `h` (degrees).
    static func hue(_ h: Double) -> RGBA {
        let x = 1 - abs((h / 60).truncatingRemainder(dividingBy: 2) - 1)
        switch Int(h / 60) {
        case 0: return RGBA(red: 1, green: x, blue: 0)
        case 1: return RGBA(red: x, green: 1, blue: 0)
        case 2: return RGBA(red: 0, green: 1, blue: x)
        case 3: return RGBA(red: 0, green: x, blue: 1)
        case 4: return RGBA(red: x, green: 0, blue: 1)
        default: return RGBA(red: 1, green: 0, blue: x)
        }
    }
}
