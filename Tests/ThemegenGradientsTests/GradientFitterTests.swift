import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

final class GradientFitterTests: XCTestCase {
    typealias S = GradientTestSupport

    static let statusBar = GradientRenderer.Overlay.bar(.top, thickness: 44, color: S.hex("#101418"))
    static let tabBar = GradientRenderer.Overlay.bar(.bottom, thickness: 83, color: S.hex("#F7F7F7"))
    static let homeIndicator = GradientRenderer.Overlay.bar(.bottom, thickness: 34, color: S.hex("#000000"))

    static func scenarios(w: Int = 375, h: Int = 812) -> [(String, GradientRenderer)] {
        let card = GradientRenderer.Overlay.rect(PixelRect(x: 24, y: 220, width: w - 48, height: 180), color: S.hex("#FFFFFF"), cornerRadius: 16)
        let text = GradientRenderer.Overlay.text(PixelRect(x: 32, y: 440, width: w - 64, height: 120), color: S.hex("#FFFFFF"), seed: 7)
        let icon = GradientRenderer.Overlay.icon(centerX: w / 2, centerY: 640, radius: 30, color: S.hex("#FFD60A"))
        return [
            ("2-stop 180", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#FF5E62", 0), ("#FF9966", 1)]))),
            ("3-stop 135 dither", GradientRenderer(width: w, height: h, gradient: S.gradient(135, [("#12C2E9", 0), ("#C471ED", 0.5), ("#F64F59", 1)]), dither: true)),
            ("4-stop 200", GradientRenderer(width: w, height: h, gradient: S.gradient(200, [("#0B486B", 0), ("#3B8686", 0.3), ("#79BD9A", 0.65), ("#CFF09E", 1)]), dither: true)),
            ("inset 160", GradientRenderer(width: w, height: h, gradient: S.gradient(160, [("#0F2027", 0.15), ("#2C5364", 0.85)]))),
            ("inset 3-stop 45", GradientRenderer(width: w, height: h, gradient: S.gradient(45, [("#F7971E", 0.15), ("#FFD200", 0.5), ("#FF4E50", 0.85)]))),
            ("2-stop 90", GradientRenderer(width: w, height: h, gradient: S.gradient(90, [("#8E2DE2", 0), ("#4A00E0", 1)]), dither: true)),
            ("status bar 180", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#56CCF2", 0), ("#2F80ED", 1)]), overlays: [statusBar])),
            ("tab bar + status 135", GradientRenderer(width: w, height: h, gradient: S.gradient(135, [("#EE9CA7", 0), ("#FFDDE1", 1)]), dither: true, overlays: [statusBar, tabBar])),
            ("home indicator 160", GradientRenderer(width: w, height: h, gradient: S.gradient(160, [("#232526", 0), ("#414345", 0.4), ("#E0EAFC", 1)]), overlays: [homeIndicator])),
            ("side bars 90", GradientRenderer(width: w, height: h, gradient: S.gradient(90, [("#00B4DB", 0), ("#0083B0", 1)]),
                                              overlays: [.bar(.left, thickness: 20, color: S.hex("#222222")), .bar(.right, thickness: 20, color: S.hex("#222222"))])),
            ("cards text icon 180", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#FC466B", 0), ("#3F5EFB", 1)]), dither: true, overlays: [statusBar, card, text, icon, homeIndicator])),
            ("cards text icon 135 grain", GradientRenderer(width: w, height: h, gradient: S.gradient(135, [("#11998E", 0), ("#38EF7D", 1)]), grain: 3, overlays: [card, text, icon])),
            ("3-stop grain 200", GradientRenderer(width: w, height: h, gradient: S.gradient(200, [("#FDC830", 0), ("#F37335", 0.55), ("#8E0E00", 1)]), dither: true, grain: 2, overlays: [statusBar, tabBar])),
            ("P3 2-stop 180", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#FF2D55", 0), ("#5856D6", 1)]), colorSpace: .displayP3, dither: true)),
        ]
    }

    /// Every scenario: the recovered gradient, drawn over the whole box, matches the authored
    /// one within mean ΔE 0.5 / max 1.5, with at most authored + 1 stops, overlays reported.
    func testRecoversAuthoredGradientsThroughOverlays() {
        for (name, r) in Self.scenarios() {
            let f = S.fit(r)
            let space = RGBSpace(r.colorSpace)!
            let q = S.accuracy(r.gradient, f.gradient, width: r.width, height: r.height, space: space)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, name)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, name)
            XCTAssertLessThanOrEqual(f.stops.count, r.gradient.stops.count + 1, name)
            XCTAssertGreaterThanOrEqual(f.stops.count, 2, name)
            // These clean authored angles all come back exact (snapped), in [90, 270).
            let authored = r.gradient.angle < 90 ? r.gradient.angle + 180 : r.gradient.angle
            XCTAssertEqual(f.angle, authored, name)
            XCTAssertLessThan(f.quality.maxDeltaE, 1.5, name)
            XCTAssertEqual(f.overlays.isEmpty, r.overlays.isEmpty, name)
        }
    }

    /// Bars are reported where they are (rounded out to the 8-pixel cells), cards and text too.
    func testOverlaysAreReportedAsRectangles() {
        let r = Self.scenarios().first { $0.0 == "cards text icon 180" }!.1
        let f = S.fit(r)
        XCTAssertEqual(f.overlays, [
            PixelRect(x: 0, y: 0, width: 375, height: 48),        // status bar, 44 px
            PixelRect(x: 24, y: 216, width: 328, height: 184),    // card 24,220 327×180
            PixelRect(x: 32, y: 440, width: 312, height: 120),    // text block 32,440 311×120
            PixelRect(x: 152, y: 608, width: 72, height: 64),     // icon r=30 at 187,640
            PixelRect(x: 0, y: 776, width: 375, height: 36),      // home indicator, 34 px
        ])
        // Elsewhere too.
        let apart = GradientRenderer(width: 375, height: 812, gradient: S.gradient(180, [("#FC466B", 0), ("#3F5EFB", 1)]), dither: true, overlays: [
            .rect(PixelRect(x: 24, y: 100, width: 327, height: 180), color: S.hex("#FFFFFF"), cornerRadius: 16),
            .text(PixelRect(x: 40, y: 400, width: 200, height: 120), color: S.hex("#FFFFFF"), seed: 7),
            .icon(centerX: 300, centerY: 680, radius: 30, color: S.hex("#FFD60A")),
        ])
        XCTAssertEqual(S.fit(apart).overlays, [
            PixelRect(x: 24, y: 96, width: 328, height: 184),
            PixelRect(x: 40, y: 400, width: 200, height: 120),
            PixelRect(x: 264, y: 648, width: 72, height: 64),
        ])
    }

    func testVerticalIsExactly180AndStopsAreExact() {
        let r = GradientRenderer(width: 375, height: 812, gradient: S.gradient(180, [("#FF5E62", 0), ("#FF9966", 1)]), dither: true,
                                 overlays: [Self.statusBar, Self.homeIndicator])
        let f = S.fit(r)
        XCTAssertEqual(f.angle, 180)
        XCTAssertEqual(f.startPoint, UnitPoint(x: 0.5, y: 0))
        XCTAssertEqual(f.endPoint, UnitPoint(x: 0.5, y: 1))
        XCTAssertEqual(f.stops.map { HexColor.format($0.color) }, ["#FF5E62", "#FF9966"])
        XCTAssertEqual(f.stops.map(\.position), [0, 1])
    }

    /// A non-integer authored angle is kept to 2 decimals, because snapping would cost accuracy.
    func testNonIntegerAngleKeepsTwoDecimals() {
        let r = GradientRenderer(width: 1125, height: 2436, gradient: S.gradient(162.5, [("#000000", 0), ("#FFFFFF", 1)]))
        let f = S.fit(r)
        XCTAssertEqual(f.angle, 162.5, accuracy: 0.02)
        XCTAssertEqual(f.angle, (f.angle * 100).rounded() / 100)
        XCTAssertNotEqual(f.angle, f.angle.rounded())
        let q = S.accuracy(r.gradient, f.gradient, width: r.width, height: r.height, step: 9)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5)
    }

    func testFlatFillIsOneStop() {
        let r = GradientRenderer(width: 375, height: 812, gradient: S.gradient(180, [("#336699", 0)]), dither: true, overlays: [Self.statusBar])
        let f = S.fit(r)
        XCTAssertEqual(f.stops.count, 1)
        XCTAssertEqual(HexColor.format(f.stops[0].color), "#336699")
        XCTAssertLessThan(f.quality.maxDeltaE, 0.5)
    }

    /// A radial gradient is a poor linear fit, and the fit recovers it as radial instead
    /// (distances from pixel (187, 406), so centred on its centre, (187.5, 406.5)), within
    /// ΔE 1.5 of the pixels.
    func testRadialGradientIsAPoorLinearFitAndARadialTheme() {
        let w = 375, h = 812
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let d = min(1, (Double((x - w / 2) * (x - w / 2) + (y - h / 2) * (y - h / 2))).squareRoot() / 450)
                let i = (y * w + x) * 4
                px[i] = UInt8((255 * (1 - d)).rounded()); px[i + 1] = UInt8((40 + 120 * d).rounded()); px[i + 2] = UInt8((200 * d).rounded())
            }
        }
        var acc = GradientAccumulator(width: w, height: h)
        acc.add(Image(width: w, height: h, pixels: .rgba8(px)))
        XCTAssertGreaterThan(GradientFitter(grid: CellGrid(acc), options: .init()).fit().quality.maxDeltaE, 3)
        let f = acc.fit()
        guard case let .radial(center, radius) = f.shape else { return XCTFail("\(f.shape)") }
        XCTAssertEqual(center.x, 187.5 / 375, accuracy: 0.005)
        XCTAssertEqual(center.y, 406.5 / 812, accuracy: 0.005)
        // A circle. Its 450 px edge lies beyond the box's corners (447 px away), so the ramp
        // never ends in view and the last stop sits where the data ends: any radius from
        // there on draws the same box.
        XCTAssertEqual(radius.x * 375, radius.y * 812, accuracy: 0.01 * radius.x * 375)
        XCTAssertGreaterThan(radius.x * 375, 430)
        XCTAssertLessThan(f.quality.maxDeltaE, 1.5)
    }

    func testNoiseIsAPoorFit() {
        let w = 375, h = 812
        var rng = SeededRandom(seed: 42)
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<(w * h * 4) where i % 4 != 3 { px[i] = UInt8(truncatingIfNeeded: rng.next()) }
        var acc = GradientAccumulator(width: w, height: h)
        acc.add(Image(width: w, height: h, pixels: .rgba8(px)))
        XCTAssertGreaterThan(acc.fit().quality.maxDeltaE, 3)
    }

    /// A photo-like artboard: a smooth sky over the top quarter, texture below.
    func testPhotoWithSomeSkyIsAPoorFit() {
        let w = 375, h = 812
        var rng = SeededRandom(seed: 5)
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                if y < h / 4 {
                    px[i] = UInt8(90 + y / 4); px[i + 1] = UInt8(150 + y / 8); px[i + 2] = 235
                } else {
                    let base = 60 + (x / 9 + y / 7) % 40
                    px[i] = UInt8(base + rng.int(0, 60)); px[i + 1] = UInt8(base + rng.int(0, 80)); px[i + 2] = UInt8(rng.int(0, 70))
                }
            }
        }
        var acc = GradientAccumulator(width: w, height: h)
        acc.add(Image(width: w, height: h, pixels: .rgba8(px)))
        XCTAssertGreaterThan(acc.fit().quality.maxDeltaE, 3)
    }

    func testSameInputSameNumbers() {
        let r = Self.scenarios().first { $0.0 == "3-stop grain 200" }!.1
        XCTAssertEqual(S.fit(r), S.fit(r))
    }
}
