import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// @3x-size artboards (1125×2436, 16 px cells) with heavy overlays, plus odd shapes and steep or
/// faint gradients. Overlays here cover well over 30 % of the area.
final class GradientFitterFullSizeTests: XCTestCase {
    typealias S = GradientTestSupport
    static let W = 1125, H = 2436

    static let bars: [GradientRenderer.Overlay] = [.bar(.top, thickness: 132, color: S.hex("#0A0A0A")),
                                                   .bar(.bottom, thickness: 249, color: S.hex("#F9F9F9"))]
    static let cards: [GradientRenderer.Overlay] = [
        .rect(PixelRect(x: 48, y: 300, width: 1029, height: 600), color: S.hex("#FFFFFF"), cornerRadius: 40),
        .rect(PixelRect(x: 48, y: 950, width: 500, height: 300), color: S.hex("#1C1C1E"), cornerRadius: 30),
        .text(PixelRect(x: 600, y: 960, width: 450, height: 280), color: S.hex("#FFFFFF"), seed: 5),
        .text(PixelRect(x: 60, y: 1300, width: 1000, height: 300), color: S.hex("#000000"), seed: 6),
        .icon(centerX: 200, centerY: 1800, radius: 60, color: S.hex("#FF9500")),
        .icon(centerX: 560, centerY: 1800, radius: 60, color: S.hex("#34C759")),
        .icon(centerX: 920, centerY: 1800, radius: 60, color: S.hex("#007AFF")),
    ]

    func check(_ name: String, _ r: GradientRenderer, stops: Int, angle: Double? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let f = S.fit(r)
        let q = S.accuracy(r.gradient, f.gradient, width: r.width, height: r.height, step: max(3, r.width / 150))
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, name, file: file, line: line)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, name, file: file, line: line)
        XCTAssertEqual(f.stops.count, stops, name, file: file, line: line)
        XCTAssertLessThan(f.quality.maxDeltaE, 1.5, name, file: file, line: line)
        if let angle { XCTAssertEqual(f.angle, angle, name, file: file, line: line) }
    }

    func testInsetThreeStops160UnderBarsCardsTextIconsGrain() {
        check("160", GradientRenderer(width: Self.W, height: Self.H, gradient: S.gradient(160, [("#1A2980", 0.15), ("#26D0CE", 0.5), ("#F0F2F0", 0.85)]),
                                      dither: true, grain: 3, overlays: Self.bars + Self.cards), stops: 3, angle: 160)
    }

    /// The tab bar hides the end of the line: the last stop is extrapolated.
    func testFourStops200WithEndHidden() {
        check("200", GradientRenderer(width: Self.W, height: Self.H, gradient: S.gradient(200, [("#3A1C71", 0), ("#D76D77", 0.35), ("#FFAF7B", 0.7), ("#FFF1C1", 1)]),
                                      dither: true, overlays: Self.bars + Self.cards), stops: 4, angle: 200)
    }

    func testDiagonal45WithHomeIndicator() {
        check("45", GradientRenderer(width: Self.W, height: Self.H, gradient: S.gradient(45, [("#00C9FF", 0), ("#92FE9D", 1)]), dither: true,
                                     overlays: [.bar(.bottom, thickness: 102, color: S.hex("#000000"))] + Self.cards), stops: 2, angle: 225)
    }

    /// Black to white within 10 % of the line: steep, but continuous, so not an edge.
    func testSteepTransitionIsGradientNotEdge() {
        check("steep", GradientRenderer(width: Self.W, height: Self.H, gradient: S.gradient(170, [("#000000", 0.45), ("#FFFFFF", 0.55)]), dither: true,
                                        overlays: Self.bars), stops: 2, angle: 170)
    }

    func testFaintGradientAndOddShapes() {
        let faint = GradientRenderer(width: Self.W, height: Self.H, gradient: S.gradient(180, [("#F5F5F5", 0), ("#EEEEEE", 1)]), dither: true, overlays: Self.bars)
        let f = S.fit(faint)
        XCTAssertEqual(f.angle, 180)
        XCTAssertLessThanOrEqual(S.accuracy(faint.gradient, f.gradient, width: Self.W, height: Self.H, step: 9).maxDeltaE, 1.5)
        check("landscape", GradientRenderer(width: Self.H, height: Self.W, gradient: S.gradient(100, [("#FF0080", 0), ("#7928CA", 1)]), dither: true), stops: 2, angle: 100)
        check("tiny", GradientRenderer(width: 60, height: 120, gradient: S.gradient(135, [("#FF0080", 0), ("#7928CA", 1)])), stops: 2, angle: 135)
        check("translucent card", GradientRenderer(width: 375, height: 812, gradient: S.gradient(180, [("#FF5F6D", 0), ("#FFC371", 1)]), dither: true,
                                                   overlays: [.rect(PixelRect(x: 20, y: 200, width: 335, height: 300), color: RGBA(red: 1, green: 1, blue: 1, alpha: 0.3), cornerRadius: 20)]),
              stops: 2, angle: 180)
    }

    /// A grey card on a black-to-white gradient: along part of its outline the card's colour
    /// equals the gradient's, so only closing the outline's gap keeps it out of the fit.
    func testCardWhoseColourTheGradientPassesThrough() {
        check("matching card", GradientRenderer(width: 375, height: 812, gradient: S.gradient(180, [("#000000", 0), ("#FFFFFF", 1)]),
                                                overlays: [.rect(PixelRect(x: 20, y: 300, width: 335, height: 300), color: S.hex("#808080"), cornerRadius: 0)]),
              stops: 2, angle: 180)
    }
}
