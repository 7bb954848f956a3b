import XCTest
import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport
import ThemegenTestKit

/// A band of the gradient that overlays hide across the whole box is not checked by the fit's
/// numbers: where the recovered stops bend there, the theme gets a warning naming the file and
/// the share of the box guessed; where the profile runs straight across it, nothing is said.
final class UnseenStretchTests: XCTestCase {
    typealias S = GradientTestSupport

    /// A 375 × 812 vertical gradient under a white card with a soft shadow from y 284 to 528
    /// (35 %–65 % of the line), 16 px from either side: the strips beside it are too narrow to
    /// show the gradient there (a tenth of the box across is needed).
    func fitted(_ stops: [(String, Double)]) -> ThemeExtractor.FittedFile {
        let card = OverlayScenarios.card(PixelRect(x: 16, y: 284, width: 343, height: 244), radius: 16, blur: 12, opacity: 0.18, offsetY: 8)
        let r = GradientRenderer(width: 375, height: 812, gradient: S.gradient(180, stops), dither: true, overlays: card)
        return ThemeExtractor.FittedFile(file: "Art/Band@3x.png", width: 375, height: 812, colorSpace: .sRGB, fit: S.fit(r))
    }

    /// Three stops, the middle one under the panel: the two slopes seen either side meet there,
    /// a stop the fit placed where it sees nothing.
    func testAStopUnderAFullWidthPanelIsReported() throws {
        let f = fitted([("#FF3B30", 0), ("#34C759", 0.5), ("#007AFF", 1)])
        XCTAssertEqual(f.fit.stops.count, 3)
        XCTAssertLessThan(f.fit.quality.maxDeltaE, 1.5)
        let x = try XCTUnwrap(f.fit.extrapolation)
        XCTAssertGreaterThan(x.maxDeltaE, 10)
        // The card's band (244 of 812 px, 30 % of the box) and its shadow's fringe (blur 12 px,
        // offset 8 px: up to 40 px more), in whole bins of the line.
        XCTAssertGreaterThanOrEqual(x.coverage, 0.30)
        XCTAssertLessThanOrEqual(x.coverage, 0.30 + 40.0 / 812 + 0.01)
        XCTAssertNil(f.fit.problem)
        XCTAssertNil(ThemeExtractor.rejection(f.fit, limit: 3))
        let d = CapturedDiagnostics()
        _ = try ThemeExtractor.makeTheme(f, options: ThemeOptions(), console: d)
        XCTAssertEqual(d.text, "warning: " + ThemeExtractor.extrapolationWarning("Art/Band@3x.png", x) + "\n")
        XCTAssertTrue(d.text.hasPrefix("warning: Art/Band@3x.png: \(NumberFormat.fixed(x.coverage * 100, 0))% of the artboard lies beyond what the fit sees"))
    }

    /// Two stops: the profile runs straight across the panel, the simplest guess; no warning.
    func testAStraightBlendUnderThePanelIsNotReported() throws {
        let f = fitted([("#FF3B30", 0), ("#007AFF", 1)])
        XCTAssertEqual(f.fit.stops.count, 2)
        XCTAssertNil(f.fit.problem)
        XCTAssertNil(f.fit.extrapolation)
        let d = CapturedDiagnostics()
        _ = try ThemeExtractor.makeTheme(f, options: ThemeOptions(), console: d)
        XCTAssertEqual(d.text, "")
    }

    /// Bars at both ends: the slope seen beside each is carried on under it (no bend), and a
    /// clean artboard has nothing hidden.
    func testCarriedOnEndsAndCleanArtboardsAreNotReported() {
        let bars: [GradientRenderer.Overlay] = [OverlayScenarios.statusBar(375), OverlayScenarios.tabBar(375)]
        let r = GradientRenderer(width: 375, height: 812, gradient: S.gradient(160, [("#FFDEE9", 0), ("#B5FFFC", 0.5), ("#667EEA", 1)]), dither: true, overlays: bars)
        XCTAssertNil(S.fit(r).problem)
        XCTAssertNil(S.fit(r).extrapolation)
        let clean = GradientRenderer(width: 375, height: 812, gradient: S.gradient(160, [("#FFDEE9", 0), ("#B5FFFC", 0.5), ("#667EEA", 1)]), dither: true)
        XCTAssertNil(S.fit(clean).problem)
        XCTAssertNil(S.fit(clean).extrapolation)
    }
}
