import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import Mustache
@testable import ThemegenGradients
@testable import ThemegenSlicing
@testable import ThemegenGenerate
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
@testable import ThemegenTestSupport
import Foundation

/// Artboards with the overlays real exports carry: white cards with soft shadows on pastel
/// gradients, list rows, frosted panels, text, icons; and gradients with many, hard or
/// translucent stops. Shared by the fitter tests and the theme tests.
enum OverlayScenarios {
    typealias S = GradientTestSupport

    /// A card with its soft drop shadow (the shadow first, so the card covers it).
    static func card(_ r: PixelRect, color: String = "#FFFFFF", radius: Int = 24, blur: Double = 16, opacity: Double = 0.18, offsetY: Int = 8) -> [GradientRenderer.Overlay] {
        [.shadow(r, cornerRadius: radius, blur: blur, opacity: opacity, offsetY: offsetY),
         .rect(r, color: S.hex(color), cornerRadius: radius)]
    }

    /// A grouped list: rows of `color` with a line of dark text and a round icon each.
    static func listRows(x: Int, y: Int, width: Int, rows: Int, rowHeight: Int = 56, gap: Int = 1,
                         color: RGBA = RGBA(red: 1, green: 1, blue: 1), seed: UInt64 = 11) -> [GradientRenderer.Overlay] {
        var out: [GradientRenderer.Overlay] = []
        for i in 0..<rows {
            let top = y + i * (rowHeight + gap)
            out.append(.rect(PixelRect(x: x, y: top, width: width, height: rowHeight), color: color, cornerRadius: 0))
            out.append(.icon(centerX: x + 28, centerY: top + rowHeight / 2, radius: 14, color: S.hex("#FF9500")))
            out.append(.text(PixelRect(x: x + 56, y: top + (rowHeight - 14) / 2, width: width / 2, height: 14), color: S.hex("#1C1C1E"), seed: seed + UInt64(i)))
        }
        return out
    }

    /// A frosted translucent panel: white at 35 % over the (already smooth) gradient, with a
    /// line of text on it.
    static func frosted(_ r: PixelRect) -> [GradientRenderer.Overlay] {
        [.rect(r, color: RGBA(red: 1, green: 1, blue: 1, alpha: 0.35), cornerRadius: 20),
         .text(PixelRect(x: r.x + 20, y: r.y + 20, width: r.width - 40, height: 34), color: S.hex("#FFFFFF"), seed: 21)]
    }

    static func statusBar(_ w: Int, _ h: Int = 44) -> GradientRenderer.Overlay { .bar(.top, thickness: h, color: S.hex("#F2F2F7")) }
    static func tabBar(_ w: Int, _ h: Int = 83) -> GradientRenderer.Overlay { .bar(.bottom, thickness: h, color: RGBA(red: 0.98, green: 0.98, blue: 0.98, alpha: 0.94)) }

    static func scenarios(w: Int = 375, h: Int = 812) -> [(String, GradientRenderer)] {
        [
            ("white card soft shadow pastel", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#FBC2EB", 0), ("#A6C1EE", 1)]), dither: true,
                                                              overlays: card(PixelRect(x: 24, y: 260, width: w - 48, height: 260)))),
            ("near-white cards pastel 150", GradientRenderer(width: w, height: h, gradient: S.gradient(150, [("#FDFCFB", 0), ("#E2D1C3", 1)]), dither: true,
                                                             overlays: [statusBar(w)] + card(PixelRect(x: 24, y: 120, width: w - 48, height: 100), color: "#FFFFFF")
                                                                 + card(PixelRect(x: 24, y: 420, width: w - 48, height: 80), color: "#FAFAFA"))),
            ("list rows", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#E0C3FC", 0), ("#8EC5FC", 1)]), dither: true,
                                           overlays: [statusBar(w)] + listRows(x: 16, y: 140, width: w - 32, rows: 6))),
            ("frosted panel", GradientRenderer(width: w, height: h, gradient: S.gradient(135, [("#667EEA", 0), ("#764BA2", 1)]), dither: true,
                                               overlays: frosted(PixelRect(x: 24, y: 300, width: w - 48, height: 220)))),
            // Status bar, a white card with its shadow, two list rows, a frosted panel and text:
            // about 30 % of the box, 45 % with the card's shadow and the rows' full width.
            ("four kinds 160", GradientRenderer(width: w, height: h, gradient: S.gradient(160, [("#FFDEE9", 0), ("#B5FFFC", 1)]), dither: true, grain: 2,
                                                overlays: [statusBar(w)] + card(PixelRect(x: 24, y: 100, width: w - 48, height: 90))
                                                    + listRows(x: 16, y: 300, width: w - 32, rows: 2) + frosted(PixelRect(x: 80, y: 480, width: 200, height: 80))
                                                    + [.text(PixelRect(x: 30, y: 680, width: 250, height: 30), color: S.hex("#333333"), seed: 4)])),
            ("7 stops 120", GradientRenderer(width: w, height: h, gradient: S.gradient(120, [("#FF0000", 0), ("#FF8000", 0.17), ("#FFFF00", 0.33), ("#00C000", 0.5), ("#0080FF", 0.67), ("#4000FF", 0.83), ("#8000FF", 1)]))),
            ("9 stops 180", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#0D0D2B", 0), ("#2B1055", 0.1), ("#7597DE", 0.22), ("#F0C27B", 0.35), ("#FF9A8B", 0.48),
                                                                                          ("#FF6A88", 0.6), ("#C850C0", 0.72), ("#4158D0", 0.86), ("#0B0B45", 1)]), dither: true)),
            ("6 stops inset 200", GradientRenderer(width: w, height: h, gradient: S.gradient(200, [("#F9D423", 0.1), ("#FF4E50", 0.3), ("#FC913A", 0.45), ("#A8E063", 0.6), ("#56AB2F", 0.75), ("#134E5E", 0.9)]),
                                                   overlays: [statusBar(w)])),
            ("translucent 200 alpha", GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 180, stops: [
                GradientStop(color: RGBA(red: 1, green: 0, blue: 0, alpha: 200.0 / 255), position: 0),
                GradientStop(color: RGBA(red: 0, green: 0, blue: 1, alpha: 200.0 / 255), position: 1)]))),
            ("scrim fade 160", GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 160, stops: [
                GradientStop(color: RGBA(red: 0, green: 0, blue: 0, alpha: 0), position: 0.2),
                GradientStop(color: RGBA(red: 0.05, green: 0.05, blue: 0.2, alpha: 0.8), position: 1)]))),
            ("white to clear 180", GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 180, stops: [
                GradientStop(color: RGBA(red: 1, green: 1, blue: 1, alpha: 1), position: 0),
                GradientStop(color: RGBA(red: 1, green: 1, blue: 1, alpha: 0), position: 1)]))),
        ]
    }
}

final class GradientOverlayTests: XCTestCase {
    typealias S = GradientTestSupport

    /// Every scenario: the recovered gradient, drawn over the whole box, matches the authored
    /// one within mean ΔE2000 0.5 / max 1.5 (over black and over white when translucent), with
    /// the authored angle and stop count (alpha within 0.01), its fit measured on gradient
    /// pixels only and within the promise.
    func testRecoversAuthoredGradientsUnderOverlays() {
        for (name, r) in OverlayScenarios.scenarios() {
            let f = S.fit(r)
            let q = S.accuracy(r.gradient, f.gradient, width: r.width, height: r.height)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, name)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, name)
            XCTAssertNil(f.problem, name)
            XCTAssertLessThanOrEqual(f.quality.meanDeltaE, 0.5, name)
            XCTAssertLessThanOrEqual(f.quality.maxDeltaE, 1.5, name)
            let authored = r.gradient.angle < 90 ? r.gradient.angle + 180 : r.gradient.angle
            XCTAssertEqual(f.angle, authored, accuracy: 0.5, name)
            XCTAssertEqual(f.stops.count, r.gradient.stops.count, name)
            if f.stops.count == r.gradient.stops.count {
                for (a, b) in zip(f.stops, r.gradient.stops) {
                    XCTAssertEqual(a.color.alpha, b.color.alpha, accuracy: 0.01, name)
                    XCTAssertEqual(a.position, b.position, accuracy: 0.02, name)
                }
            }
            XCTAssertEqual(f.overlays.isEmpty, r.overlays.isEmpty, name)
        }
    }

    /// Overlays are the card with its shadow, each list row group, the panel: never the
    /// whole artboard.
    func testOverlaysAreTheThingsDrawnOnTop() {
        let card = OverlayScenarios.scenarios().first { $0.0 == "white card soft shadow pastel" }!.1
        // The card is 24,260 327×260; its shadow (σ 16 px, 8 px down) reaches about 40 px out.
        let boxes = S.fit(card).overlays
        XCTAssertEqual(boxes.count, 1)
        let b = boxes[0]
        XCTAssertLessThanOrEqual(b.y, 260 - 8)
        XCTAssertGreaterThanOrEqual(b.y + b.height, 520 + 8 + 16)
        XCTAssertLessThanOrEqual(b.y + b.height, 520 + 8 + 64)
        let rows = S.fit(OverlayScenarios.scenarios().first { $0.0 == "list rows" }!.1)
        let covered = Double(GradientFitter.unionArea(rows.overlays)) / Double(375 * 812)
        XCTAssertLessThan(covered, 0.5)
        XCTAssertGreaterThan(covered, 0.4 * Double(6 * 57 * 343 + 44 * 375) / Double(375 * 812))
    }

    /// The fit's numbers are honest: recomputed independently over a 3×3 box-blurred copy of
    /// the artboard on a 64×64 grid of cells lying wholly outside the overlays, they agree
    /// within 0.1 (mean) and 0.3 (max).
    func testFitQualityAgreesWithIndependentRecomputation() {
        for name in ["four kinds 160", "white card soft shadow pastel", "9 stops 180", "list rows"] {
            let r = OverlayScenarios.scenarios().first { $0.0 == name }!.1
            let f = S.fit(r)
            let image = r.render()
            let w = r.width, h = r.height
            guard case .rgba8(let px) = image.pixels else { return XCTFail() }
            // 3×3 box blur (edges clamped), in doubles.
            var blurred = [Double](repeating: 0, count: w * h * 3)
            for y in 0..<h {
                for x in 0..<w {
                    for c in 0..<3 {
                        var sum = 0.0
                        for dy in -1...1 { for dx in -1...1 {
                            let xx = min(w - 1, max(0, x + dx)), yy = min(h - 1, max(0, y + dy))
                            sum += Double(px[(yy * w + xx) * 4 + c])
                        } }
                        blurred[(y * w + x) * 3 + c] = sum / 9
                    }
                }
            }
            let line = f.gradient.line(width: w, height: h)
            var sum = 0.0, n = 0.0, worst = 0.0
            for j in 0..<64 {
                for i in 0..<64 {
                    let x0 = i * w / 64, x1 = (i + 1) * w / 64, y0 = j * h / 64, y1 = (j + 1) * h / 64
                    // Wholly outside the overlays, one pixel of blur included.
                    let hits = f.overlays.contains { o in
                        x0 - 1 < o.x + o.width && o.x < x1 + 1 && y0 - 1 < o.y + o.height && o.y < y1 + 1
                    }
                    if hits { continue }
                    var mean = [0.0, 0.0, 0.0], model = [0.0, 0.0, 0.0]
                    for y in y0..<y1 { for x in x0..<x1 {
                        let m = f.gradient.color(x: x, y: y, line: line)
                        for c in 0..<3 { mean[c] += blurred[(y * w + x) * 3 + c]; model[c] += [m.red, m.green, m.blue][c] * 255 }
                    } }
                    let count = Double((x1 - x0) * (y1 - y0))
                    let e = DeltaE2000.difference(Lab(r255: mean[0] / count, g: mean[1] / count, b: mean[2] / count, in: .sRGB),
                                                  Lab(r255: model[0] / count, g: model[1] / count, b: model[2] / count, in: .sRGB))
                    sum += e; n += 1; worst = max(worst, e)
                }
            }
            XCTAssertGreaterThan(n, 64 * 64 / 3, name)
            XCTAssertEqual(sum / n, f.quality.meanDeltaE, accuracy: 0.1, name)
            XCTAssertEqual(worst, f.quality.maxDeltaE, accuracy: 0.3, name)
        }
    }
}
