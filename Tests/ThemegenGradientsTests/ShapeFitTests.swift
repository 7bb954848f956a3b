import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// Radial and angular gradients: type, geometry, stops and accuracy through the real fit, on
/// artboards drawn by the committed renderer.
final class ShapeFitTests: XCTestCase {
    typealias S = GradientTestSupport

    static func overlays(_ w: Int, _ h: Int) -> [GradientRenderer.Overlay] {
        [.bar(.top, thickness: 44, color: S.hex("#101418")),
         .rect(PixelRect(x: 24, y: h / 2 + 40, width: w - 48, height: 150), color: S.hex("#FFFFFF"), cornerRadius: 16),
         .text(PixelRect(x: 32, y: h / 2 + 220, width: w - 64, height: 100), color: S.hex("#FFFFFF"), seed: 7),
         .bar(.bottom, thickness: 34, color: S.hex("#000000"))]
    }

    /// One case: the artboard, and its model in canonical form (what the fit must return).
    struct Case {
        var name: String
        var renderer: GradientRenderer
        var expected: GradientModel
        /// Whether the stops are all visible (an off-box centre hides the inner ones).
        var stopsVisible = true
    }

    static func cases() -> [Case] {
        let w = 375, h = 812
        func same(_ name: String, _ r: GradientRenderer, stopsVisible: Bool = true) -> Case {
            Case(name: name, renderer: r, expected: r.model, stopsVisible: stopsVisible)
        }
        return [
            same("circle 2 stops", S.radial(w, h, center: (0.5, 0.5), radius: (0.8, 0.8 * 375 / 812), [("#FF5E62", 0), ("#3F5EFB", 1)])),
            same("ellipse off-centre 3 stops", S.radial(w, h, center: (0.3, 0.2), radius: (0.9, 0.5), [("#12C2E9", 0), ("#C471ED", 0.5), ("#F64F59", 1)])),
            same("wide ellipse 4 stops", S.radial(w, h, center: (0.6, 0.7), radius: (0.9, 0.3), [("#0B486B", 0), ("#3B8686", 0.3), ("#79BD9A", 0.65), ("#CFF09E", 1)])),
            same("glow from a corner", S.radial(w, h, center: (1.05, -0.05), radius: (1.6, 1.1), [("#FDC830", 0), ("#F37335", 0.6), ("#8E0E00", 1)]),
                 stopsVisible: false),
            same("glow from below left", S.radial(w, h, center: (-0.2, 1.1), radius: (1.4, 0.8), [("#12C2E9", 0), ("#C471ED", 0.5), ("#F64F59", 1)]),
                 stopsVisible: false),
            same("glow from below", S.radial(w, h, center: (0.5, 1.3), radius: (1.2, 0.9), [("#0B486B", 0), ("#3B8686", 0.5), ("#CFF09E", 1)]),
                 stopsVisible: false),
            same("8 stops", S.radial(w, h, center: (0.45, 0.55), radius: (1.0, 0.6),
                                   [("#FF0000", 0), ("#FF8800", 0.14), ("#FFEE00", 0.28), ("#22CC22", 0.42), ("#00AAFF", 0.57), ("#2222CC", 0.71), ("#8800AA", 0.85), ("#330033", 1)])),
            // Inset stops: flat inside the first, and canonically the ellipse passes through the last.
            Case(name: "inset stops", renderer: S.radial(w, h, center: (0.5, 0.4), radius: (0.9, 0.5), [("#F7971E", 0.2), ("#FFD200", 0.5), ("#FF4E50", 0.8)]),
                 expected: GradientModel(shape: .radial(center: UnitPoint(x: 0.5, y: 0.4), radius: UnitPoint(x: 0.72, y: 0.4)),
                                         stops: [GradientStop(color: S.hex("#F7971E"), position: 0.25), GradientStop(color: S.hex("#FFD200"), position: 0.625),
                                                 GradientStop(color: S.hex("#FF4E50"), position: 1)])),
            same("radial with overlays and grain", S.radial(w, h, center: (0.5, 0.35), radius: (0.9, 0.45), [("#FC466B", 0), ("#3F5EFB", 1)], grain: 3, overlays: overlays(w, h))),
            same("conic with a seam", S.angular(w, h, center: (0.5, 0.45), start: 30, [("#FF0000", 0), ("#00FF00", 0.5), ("#0000FF", 1)])),
            same("conic without a seam", S.angular(w, h, center: (0.4, 0.6), start: 0, [("#FF5E62", 0), ("#3F5EFB", 0.33), ("#38EF7D", 0.7), ("#FF5E62", 1)])),
            same("conic off-centre 137.5°", S.angular(w, h, center: (0.7, 0.25), start: 137.5, [("#11998E", 0), ("#38EF7D", 0.6), ("#F64F59", 1)])),
            same("conic 8 stops", S.angular(w, h, center: (0.5, 0.5), start: 90,
                                          [("#FF0000", 0), ("#FF8800", 0.125), ("#FFEE00", 0.25), ("#22CC22", 0.375), ("#00AAFF", 0.5), ("#2222CC", 0.625), ("#8800AA", 0.75), ("#330033", 1)])),
            // Inset stops with a seam: the turn starts at the seam, and the flat run before the
            // first stop becomes a stop; past the last, its colour carries on as in CSS.
            Case(name: "conic inset stops", renderer: S.angular(w, h, center: (0.5, 0.5), start: 200, [("#0F2027", 0.1), ("#2C5364", 0.6), ("#E0EAFC", 0.9)]),
                 expected: GradientModel(shape: .angular(center: UnitPoint(x: 0.5, y: 0.5), startAngle: 200),
                                         stops: [GradientStop(color: S.hex("#0F2027"), position: 0), GradientStop(color: S.hex("#0F2027"), position: 0.1),
                                                 GradientStop(color: S.hex("#2C5364"), position: 0.6), GradientStop(color: S.hex("#E0EAFC"), position: 0.9)])),
            // Inset stops without a seam: the flat wedge across the start is the last stop's
            // colour carried on, so the turn starts where the colour leaves it (the stops the
            // designer drew, turned by the first one's 5 %).
            Case(name: "conic inset stops without a seam",
                 renderer: S.angular(w, h, center: (0.4, 0.6), start: 120, [("#1D976C", 0.05), ("#F7B733", 0.4), ("#4568DC", 0.7), ("#1D976C", 0.95)]),
                 expected: GradientModel(shape: .angular(center: UnitPoint(x: 0.4, y: 0.6), startAngle: 138),
                                         stops: [GradientStop(color: S.hex("#1D976C"), position: 0), GradientStop(color: S.hex("#F7B733"), position: 0.35),
                                                 GradientStop(color: S.hex("#4568DC"), position: 0.65), GradientStop(color: S.hex("#1D976C"), position: 0.9)])),
            same("conic with overlays and grain", S.angular(w, h, center: (0.5, 0.3), start: 45, [("#8E2DE2", 0), ("#4A00E0", 0.5), ("#F64F59", 1)], grain: 3, overlays: overlays(w, h))),
        ]
    }

    /// Every case: the type, the centre within 0.5% of the box, radii within 1%, the start angle
    /// within 0.5°, the stops (count, positions within 0.01, colours within ΔE 1), and the
    /// recovered gradient over the whole box within mean ΔE2000 0.5 / max 1.5 of the authored one.
    func testRecoversTypeGeometryAndStops() {
        for c in Self.cases() {
            let r = c.renderer
            let f = S.fit(r)
            let q = S.accuracy(r.model, f.model, width: r.width, height: r.height)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, c.name)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, c.name)
            XCTAssertLessThan(f.quality.maxDeltaE, 1.5, c.name)
            XCTAssertEqual(f.overlays.isEmpty, r.overlays.isEmpty, c.name)
            switch (c.expected.shape, f.shape) {
            case let (.radial(ec, er), .radial(fc, fr)):
                XCTAssertEqual(fc.x, ec.x, accuracy: 0.005, c.name)
                XCTAssertEqual(fc.y, ec.y, accuracy: 0.005, c.name)
                XCTAssertEqual(fr.x, er.x, accuracy: 0.01 * er.x, c.name)
                XCTAssertEqual(fr.y, er.y, accuracy: 0.01 * er.y, c.name)
            case let (.angular(ec, ea), .angular(fc, fa)):
                XCTAssertEqual(fc.x, ec.x, accuracy: 0.005, c.name)
                XCTAssertEqual(fc.y, ec.y, accuracy: 0.005, c.name)
                var d = abs(fa - ea).truncatingRemainder(dividingBy: 360); d = min(d, 360 - d)
                XCTAssertLessThanOrEqual(d, 0.5, c.name)
            default:
                XCTFail("\(c.name): expected \(c.expected.shape.type), got \(f.shape)")
                continue
            }
            guard c.stopsVisible else { continue }
            XCTAssertEqual(f.stops.count, c.expected.stops.count, "\(c.name): \(f.stops)")
            for (a, b) in zip(f.stops, c.expected.stops) {
                XCTAssertEqual(a.position, b.position, accuracy: 0.01, c.name)
                let e = DeltaE2000.difference(Lab(rgb: Vec3(a.color.red, a.color.green, a.color.blue), in: .sRGB),
                                              Lab(rgb: Vec3(b.color.red, b.color.green, b.color.blue), in: .sRGB))
                XCTAssertLessThanOrEqual(e, 1, "\(c.name): \(HexColor.format(a.color)) vs \(HexColor.format(b.color))")
            }
        }
    }

    /// A radial ramp that runs past the box's farthest corner, whose partial cells the fit
    /// cannot use (as in a browser-drawn artboard of `Benchmarks/browser_acceptance.py`): the
    /// model goes on to the corner along the last segment instead of holding its last colour
    /// there, so the whole box, that corner included, is within the promise.
    func testRampRunsOnToTheFarthestCorner() {
        let w = 375, h = 812
        let r = S.radial(w, h, center: (0.5878, 0.5894), radius: (0.944, 0.8912),
                         [("#D9C852", 0), ("#FF89CA", 0.2686), ("#9130D1", 0.69), ("#A0BE51", 1)])
        let f = S.fit(r)
        guard case .radial = f.shape else { return XCTFail("not radial: \(f.shape)") }
        let q = S.accuracy(r.model, f.model, width: w, height: h, step: 1)
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5)
    }

    /// A radial ramp that runs past the box's farthest corner, that corner under a status bar
    /// (browser seed 1 #37, drawn here): nothing seen ends the ramp, so the model goes on to
    /// the corner along the last segment instead of holding the colour of the last cell seen,
    /// and the whole box, the hidden corner included, is within the promise (held, the corner
    /// was ΔE 2.1 off with no warning).
    func testRampRunsOnUnderABarToTheFarthestCorner() {
        let w = 375, h = 812
        let r = S.radial(w, h, center: (0.45, 0.82), radius: (1.32, 1.07), [("#5A350D", 0.12), ("#437369", 0.55), ("#7A5CD9", 1)],
                         overlays: [.bar(.top, thickness: 44, color: S.hex("#F4F4F6"))])
        let f = S.fit(r)
        guard case .radial = f.shape else { return XCTFail("not radial: \(f.shape)") }
        XCTAssertEqual(f.stops.count, 3)
        let q = S.accuracy(r.model, f.model, width: w, height: h)
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5)
    }

    /// A seam found to a hundredth of a degree stays where it was found: snapping it to 289°
    /// would move it 7 px at this iPad artboard's far corner, a wedge of the wrong colour
    /// outside the 2-px band where renderers may differ.
    func testSeamThatSnappingWouldMoveAPixelStays() {
        let w = 1640, h = 2360
        let r = S.angular(w, h, center: (0.5647, 0.4398), start: 289.27, [("#6E7B8C", 0), ("#87909C", 1)])
        let f = S.fit(r)
        guard case let .angular(_, start) = f.shape else { return XCTFail("not angular: \(f.shape)") }
        XCTAssertEqual(start, 289.27, accuracy: 0.05)
        let q = S.accuracy(r.model, f.model, width: w, height: h, step: 2)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5)
    }

    /// A clean seamless conic with steep stops (as browser stress seed 9 #35): the overlay
    /// rounds leave its centre a fraction of a pixel off, and refined with the stops fitted
    /// around that centre, it stopped 0.08 px off, ΔE 2.3 at 10 px with a fit of 0.58. Refined
    /// again with the stops fitted around it, it settles (`settledCentre`).
    func testConicCentreSettlesWithItsStops() {
        let w = 375, h = 812
        let r = S.angular(w, h, center: (184.107 / 375, 461.469 / 812), start: 303.648,
                          [("#41C7F3", 0), ("#2E595B", 0.1703), ("#AFC5AC", 0.371), ("#398849", 0.4604), ("#E2710B", 0.5309),
                           ("#92EE35", 0.5909), ("#4B09A6", 0.6903), ("#41C7F3", 1)], dither: false)
        let f = S.fit(r)
        guard case let .angular(c, _) = f.shape else { return XCTFail("not angular: \(f.shape)") }
        XCTAssertEqual(c.x * Double(w), 184.107, accuracy: 0.03)
        XCTAssertEqual(c.y * Double(h), 461.469, accuracy: 0.03)
        XCTAssertEqual(f.stops.count, 8, "\(f.stops)")
        XCTAssertLessThanOrEqual(S.accuracy(r.model, f.model, width: w, height: h).maxDeltaE, 1.5, "\(f.stops) \(f.shape)")
    }

    /// At iPad size the accumulator's cells are 16 px: the same accuracy.
    func testIPadSizeArtboards() {
        let w = 2048, h = 2732
        let cases = [
            S.radial(w, h, center: (0.5, 0.4), radius: (0.7, 0.55), [("#0B3D91", 0), ("#4FC3F7", 0.6), ("#FFFFFF", 1)]),
            S.angular(w, h, center: (0.55, 0.5), start: 300, [("#FC466B", 0), ("#3F5EFB", 0.5), ("#FC466B", 1)]),
        ]
        for r in cases {
            let f = S.fit(r)
            XCTAssertEqual(f.shape.type, r.shape.type)
            let q = S.accuracy(r.model, f.model, width: w, height: h, step: 7)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, r.shape.type)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, r.shape.type)
        }
    }

    /// Two dark colours of acceptance sweep case 11 (seed 1), as drawn there: the green changes
    /// by 22 levels over a conic's whole turn.
    static let staircase = [GradientStop(color: RGBA(red: 0.002657915059817606, green: 0.20940539089283516, blue: 0.38224877415216885), position: 0),
                            GradientStop(color: RGBA(red: 0.7511085277533034, green: 0.2954185760780661, blue: 0.06910306442438019), position: 1)]

    /// A plain 2-stop conic at iPad size, its seam half a degree off a whole one. The 8-bit
    /// pixels hold each green level for 16°, many cells wide: knots once followed those steps
    /// (10 stops here, 14 in the sweep), and the seam snapped to 179°, a wedge 13 px wide of
    /// the wrong colour at the far corner (max ΔE 47).
    func testIPadConicKeepsTwoStopsAndItsSeam() {
        let w = 1668, h = 2388
        let r = GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 180, stops: Self.staircase), dither: true, seed: 12,
                                 shape: .angular(center: UnitPoint(x: 0.671, y: 0.517), startAngle: 179.5))
        let f = S.fit(r)
        guard case let .angular(c, start) = f.shape else { return XCTFail("\(f.shape)") }
        XCTAssertEqual(c.x, 0.671, accuracy: 0.0005)
        XCTAssertEqual(c.y, 0.517, accuracy: 0.0005)
        XCTAssertEqual(start, 179.5, accuracy: 0.05)
        XCTAssertEqual(f.stops.map(\.position), [0, 1])
        for (found, authored) in zip(f.stops, Self.staircase) {
            XCTAssertLessThan(DeltaE2000.difference(Lab(rgb: Vec3(found.color.red, found.color.green, found.color.blue), in: .sRGB),
                                                    Lab(rgb: Vec3(authored.color.red, authored.color.green, authored.color.blue), in: .sRGB)), 0.5)
        }
        let q = S.accuracy(r.model, f.model, width: w, height: h, step: 5)
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.1)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 0.5)
    }

    /// The same two colours as a linear gradient at 2048×2732: two stops (the staircase of
    /// levels once added three).
    func testIPadLinearStaircaseKeepsTwoStops() {
        let r = GradientRenderer(width: 2048, height: 2732, gradient: LinearGradient(angle: 180, stops: Self.staircase), dither: true, seed: 12)
        let f = S.fit(r)
        XCTAssertEqual(f.shape, .linear)
        XCTAssertEqual(f.stops.map(\.position), [0, 1])
        XCTAssertEqual(f.angle, 180)
        let q = S.accuracy(r.model, f.model, width: 2048, height: 2732, step: 5)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 0.1)
    }

    /// Linear artboards, with and without overlays, stay linear (and keep their angle): the
    /// decision never turns a linear gradient into another type.
    func testLinearArtboardsStayLinear() {
        for (name, r) in GradientFitterTests.scenarios() {
            XCTAssertEqual(S.fit(r).shape, .linear, name)
        }
    }

    /// A radial gradient so wide that it is nearly linear may come back as either type, but
    /// only when the two agree within ΔE 1 everywhere; a tighter one comes back radial.
    func testNearlyLinearRadialIsOnlyLinearWhenIndistinguishable() {
        for scale in [3.0, 12.0] {
            let r = S.radial(375, 812, center: (0.5, -scale), radius: (scale * 3, scale + 1), [("#FF5E62", 0), ("#3F5EFB", 1)])
            let f = S.fit(r)
            let q = S.accuracy(r.model, f.model, width: 375, height: 812)
            if f.shape == .linear { XCTAssertLessThanOrEqual(q.maxDeltaE, 1, "scale \(scale)") }
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, "scale \(scale)")
        }
    }

    /// The radial start estimate from colour-gradient directions: rows drawn exactly from an
    /// ellipse centred above the box (aspect q = rx²/ry² = 0.64), and among them a fifth more
    /// rows from a card's soft shadow near the box's sides (30 times as steep as the ramp,
    /// pointing straight down, where the ellipse's normals lean 30° and more): the estimate is
    /// the ellipse's own centre and aspect, not a least-squares compromise with the shadow.
    func testEllipseCentreLeavesOutAShadowsDirections() throws {
        let cx = 600.0, cy = -400.0, q = 0.64
        var rows: [SIMD4<Double>] = []
        for j in 0..<20 {
            for i in 0..<20 {
                let x = 30 + Double(i) * 55, y = 150 + Double(j) * 40
                // Along ((x − cx)/rx², (y − cy)/ry²) ∝ (x − cx, q·(y − cy)), 0.05 levels a pixel.
                let dx = x - cx, dy = q * (y - cy), len = (dx * dx + dy * dy).squareRoot()
                rows.append(SIMD4(x, y, 0.05 * dx / len, 0.05 * dy / len))
                if (i < 4 || i > 15) && j % 2 == 0 { rows.append(SIMD4(x + 3, y, 0, 1.5)) }
            }
        }
        let e = try XCTUnwrap(ShapeFitter.ellipseCentre(rows))
        XCTAssertEqual(e.cx, cx, accuracy: 1e-6)
        XCTAssertEqual(e.cy, cy, accuracy: 1e-6)
        XCTAssertEqual(e.q, q, accuracy: 1e-9)
    }

    /// One row of cells across a circle's ramp (a sliver at the box's top edge): their
    /// directions cannot tell an aspect from the centre's height, so the estimate is the circle
    /// (q = 1) they point away from.
    func testEllipseCentreFallsBackToACircle() throws {
        let cx = 200.0, cy = -150.0, y = 12.0
        var rows: [SIMD4<Double>] = []
        for i in 0..<40 {
            let x = 6 + Double(i) * 10, dx = x - cx, dy = y - cy, len = (dx * dx + dy * dy).squareRoot()
            rows.append(SIMD4(x, y, 0.3 * dx / len, 0.3 * dy / len))
        }
        let e = try XCTUnwrap(ShapeFitter.ellipseCentre(rows))
        XCTAssertEqual(e.cx, cx, accuracy: 1e-6)
        XCTAssertEqual(e.cy, cy, accuracy: 1e-6)
        XCTAssertEqual(e.q, 1)
    }
}
