import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// Several overlays close together (a status bar, a card with its soft shadow, list rows, a
/// frosted panel, a tab bar), a few cells apart, over gradients with a stop in the bands between
/// them: nothing away from the overlays shows that stretch of the gradient, yet it is gradient,
/// and the overlays are what is drawn, not everything near them.
final class CloseOverlayTests: XCTestCase {
    typealias S = GradientTestSupport
    typealias O = OverlayScenarios

    struct Screen {
        var name: String
        var renderer: GradientRenderer
        /// What is drawn on top, as boxes: a card's grown by its shadow (2σ around, moved down
        /// by its offset); text and icons lie inside them.
        var drawn: [PixelRect]
    }

    static func grown(_ r: PixelRect, blur: Double, offsetY: Int) -> PixelRect {
        let m = Int((2 * blur).rounded(.up))
        return PixelRect(x: r.x - m, y: r.y - m, width: r.width + 2 * m, height: r.height + 2 * m + offsetY)
    }

    static func rows(x: Int, y: Int, width: Int, count: Int, height: Int, gap: Int, icon: String, seed: UInt64) -> ([GradientRenderer.Overlay], [PixelRect]) {
        var overlays: [GradientRenderer.Overlay] = [], boxes: [PixelRect] = []
        for k in 0..<count {
            let r = PixelRect(x: x, y: y + k * (height + gap), width: width, height: height)
            overlays += [.rect(r, color: RGBA(red: 1, green: 1, blue: 1, alpha: 0.92), cornerRadius: height / 5),
                         .icon(centerX: x + height / 2, centerY: r.y + height / 2, radius: height / 4, color: S.hex(icon)),
                         .text(PixelRect(x: x + height + 8, y: r.y + height * 2 / 5, width: width / 2, height: height / 4), color: S.hex("#1C1C1E"), seed: seed + UInt64(k))]
            boxes.append(r)
        }
        return (overlays, boxes)
    }

    static func screens() -> [Screen] {
        var out: [Screen] = []
        // A list over a gradient with inset stops: rows 12 px apart between a status bar and a
        // tab bar, the first stop's ramp wholly behind and between the rows.
        do {
            let (w, h) = (375, 812)
            let (rowOverlays, rowBoxes) = rows(x: 24, y: 150, width: 327, count: 4, height: 44, gap: 12, icon: "#007AFF", seed: 3)
            let bars: [GradientRenderer.Overlay] = [.bar(.top, thickness: 47, color: S.hex("#0E0E12")), .bar(.bottom, thickness: 67, color: S.hex("#F7F7F8"))]
            out.append(Screen(name: "list between inset stops",
                              renderer: GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#F9D423", 0.15), ("#FF4E50", 0.4), ("#FC913A", 0.7), ("#F5E663", 0.85)]),
                                                         dither: true, overlays: bars + rowOverlays),
                              drawn: [PixelRect(x: 0, y: 0, width: w, height: 47), PixelRect(x: 0, y: h - 67, width: w, height: 67)] + rowBoxes))
        }
        // A card with its shadow and two rows just below it, over a three-stop diagonal whose
        // middle stop lies between them; the strips beside the card are narrower than the shadow's reach.
        do {
            let (w, h) = (375, 812)
            let card = PixelRect(x: 32, y: 112, width: 311, height: 140)
            let (rowOverlays, rowBoxes) = rows(x: 24, y: 345, width: 327, count: 2, height: 44, gap: 12, icon: "#FF9500", seed: 7)
            out.append(Screen(name: "card and rows over a three-stop diagonal",
                              renderer: GradientRenderer(width: w, height: h, gradient: S.gradient(150, [("#12C2E9", 0), ("#C471ED", 0.5), ("#F64F59", 1)]), dither: true,
                                                         overlays: [.bar(.top, thickness: 47, color: S.hex("#F7F7F8"))]
                                                            + O.card(card, radius: 16, blur: 6, opacity: 0.22, offsetY: 4)
                                                            + [.text(PixelRect(x: 56, y: 142, width: 233, height: 80), color: S.hex("#3A3A3C"), seed: 9)] + rowOverlays),
                              drawn: [PixelRect(x: 0, y: 0, width: w, height: 47), Self.grown(card, blur: 6, offsetY: 4)] + rowBoxes))
        }
        // A white card directly above rows and a frosted panel, 20 px apart, on a pastel two-stop
        // gradient, at @2x.
        do {
            let (w, h) = (750, 1624)
            let card = PixelRect(x: 48, y: 300, width: 654, height: 200)
            let (rowOverlays, rowBoxes) = rows(x: 32, y: 520, width: 686, count: 2, height: 96, gap: 20, icon: "#34C759", seed: 13)
            let panel = PixelRect(x: 175, y: 752, width: 400, height: 160)
            out.append(Screen(name: "card, rows and a frosted panel on a pastel",
                              renderer: GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#FFECD2", 0), ("#FCB69F", 1)]), dither: true,
                                                         overlays: [.bar(.top, thickness: 94, color: S.hex("#F2F2F7"))]
                                                            + O.card(card, blur: 12, opacity: 0.22, offsetY: 8) + rowOverlays + O.frosted(panel)),
                              drawn: [PixelRect(x: 0, y: 0, width: w, height: 94), Self.grown(card, blur: 12, offsetY: 8)] + rowBoxes + [panel]))
        }
        // Five stops at 200°, with grain: a card, rows and a frosted panel stacked 16 px apart.
        do {
            let (w, h) = (375, 812)
            let card = PixelRect(x: 24, y: 90, width: 327, height: 120)
            let (rowOverlays, rowBoxes) = rows(x: 16, y: 226, width: 343, count: 3, height: 44, gap: 16, icon: "#FF2D55", seed: 17)
            let panel = PixelRect(x: 88, y: 420, width: 200, height: 80)
            out.append(Screen(name: "five stops under a stack",
                              renderer: GradientRenderer(width: w, height: h, gradient: S.gradient(200, [("#0F2027", 0), ("#203A43", 0.25), ("#2C5364", 0.5), ("#6A9BB0", 0.75), ("#F0E6D2", 1)]),
                                                         dither: true, grain: 2,
                                                         overlays: O.card(card, blur: 8, opacity: 0.3, offsetY: 6) + rowOverlays + O.frosted(panel)),
                              drawn: [Self.grown(card, blur: 8, offsetY: 6)] + rowBoxes + [panel]))
        }
        return out
    }

    /// None is rejected; the stops, angle and stop count are the authored ones (ΔE2000 mean
    /// 0.5, max 1.5 over the whole box); the fit's own numbers keep the promise; the overlays
    /// cover at most what is drawn plus a margin of 8 % of the box (the cells the boxes are
    /// made of, and the faint end of shadows).
    func testCloseOverlaysAreSeenThroughAndBoxedTightly() {
        for screen in Self.screens() {
            let r = screen.renderer, name = screen.name
            let f = S.fit(r)
            XCTAssertNil(f.problem, name)
            XCTAssertNil(ThemeExtractor.rejection(f, limit: 3), name)
            let q = S.accuracy(r.gradient, f.gradient, width: r.width, height: r.height)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, name)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, name)
            XCTAssertEqual(f.stops.count, r.gradient.stops.count, name)
            XCTAssertEqual(f.angle, r.gradient.angle, accuracy: 0.5, name)
            XCTAssertLessThanOrEqual(f.quality.meanDeltaE, ThemeExtractor.promisedMean, name)
            XCTAssertLessThanOrEqual(f.quality.maxDeltaE, ThemeExtractor.promisedMax, name)
            let area = Double(r.width * r.height)
            let drawn = Double(GradientFitter.unionArea(screen.drawn.map { $0.clipped(width: r.width, height: r.height) })) / area
            XCTAssertLessThanOrEqual(drawn, 0.4, name + ": the issue's overlays cover at most 40 % together")
            let found = Double(GradientFitter.unionArea(f.overlays)) / area
            XCTAssertLessThanOrEqual(found, drawn + 0.08, name)
            XCTAssertLessThanOrEqual(found, 0.5, name)
            // Every drawn box is found: the overlays cover most of it.
            XCTAssertGreaterThanOrEqual(found, drawn * 0.9, name)
        }
    }
}

private extension PixelRect {
    func clipped(width w: Int, height h: Int) -> PixelRect {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(w, x + width), y1 = min(h, y + height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
