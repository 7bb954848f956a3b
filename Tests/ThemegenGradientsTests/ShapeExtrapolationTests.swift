import Foundation
import XCTest
import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport
import ThemegenTestKit

/// A radial model beyond what its fit sees (`Extrapolation`): where a stretch of the ellipse's
/// positions lies under overlays everywhere, the model there is a guess its `fit` cannot see,
/// and the theme says so.
final class ShapeExtrapolationTests: XCTestCase {
    typealias S = GradientTestSupport
    typealias O = OverlayScenarios

    static let w = 390, h = 844
    /// A glow with an inset first stop: a flat disc of 20% of the ellipse around the centre.
    static let stops = [("#1E3A8A", 0.2), ("#F472B6", 0.7), ("#FDE68A", 1)]

    func glow(card: PixelRect, radius: (Double, Double) = (0.6, 0.45)) -> GradientRenderer {
        S.radial(Self.w, Self.h, center: (0.5, 0.45), radius: radius, Self.stops,
                 overlays: [O.statusBar(Self.w)] + O.card(card) + [O.tabBar(Self.w)])
    }

    /// The disc lies wholly under a full-width card: nothing in view tells a flat disc from the
    /// ramp running on to the centre, so the model there is a guess, and the guess (the ramp
    /// run on, as a designer's first stop more often sits at the centre) is far from the
    /// authored disc. The fit outside the overlays cannot see that; the extrapolation does.
    func testHiddenInsetFirstStopIsAGuess() {
        let r = glow(card: PixelRect(x: 16, y: 280, width: Self.w - 32, height: 240))
        let f = S.fit(r)
        XCTAssertEqual(f.shape.type, "radial")
        XCTAssertNil(f.problem)
        XCTAssertLessThanOrEqual(f.quality.maxDeltaE, 1.5)
        // Far off where nothing is seen...
        XCTAssertGreaterThan(S.accuracy(r.model, f.model, width: Self.w, height: Self.h).maxDeltaE, 1.5)
        // ...and said: the guess covers part of the card's area (the disc and the run-on ramp
        // around it under the card, 358 × 240 px is 26% of the box), and differs from holding
        // the first colour seen by more than the promise.
        guard let x = f.extrapolation else { return XCTFail("nothing guessed: \(f.stops)") }
        XCTAssertGreaterThan(x.coverage, 0.02)
        XCTAssertLessThan(x.coverage, 0.26)
        XCTAssertGreaterThan(x.maxDeltaE, 5)
    }

    /// Radial gradients under the cards, rows, panels, text and grain of the shape scenarios,
    /// which come back within the promise: every position hidden under them is seen elsewhere
    /// on its ellipse, so nothing is guessed. Nor without any overlay.
    func testOverlaysOverSeenPositionsGuessNothing() {
        var radial = 0
        for (name, r, _) in OverlayScenarios.shapeScenarios() where r.shape.type == "radial" {
            radial += 1
            let f = S.fit(r)
            XCTAssertEqual(f.shape.type, "radial", name)
            XCTAssertNil(f.extrapolation, "\(name): \(String(describing: f.extrapolation))")
        }
        XCTAssertEqual(radial, 3)
        XCTAssertNil(S.fit(S.radial(Self.w, Self.h, center: (0.5, 0.45), radius: (0.6, 0.45), Self.stops)).extrapolation)
    }

    /// The theme warns, naming the file and the numbers.
    func testGuessIsAWarningNamingTheFile() throws {
        let dir = NSTemporaryDirectory() + "themegen-extrapolation-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/Glow.png"
        try Data(PNGEncoder.encode(glow(card: PixelRect(x: 16, y: 280, width: Self.w - 32, height: 240)).render())).write(to: URL(fileURLWithPath: path))
        let console = CapturedDiagnostics()
        let themes = ThemeExtractor.extract(files: [path], options: ThemeOptions(baseDirectory: dir), console: console)
        XCTAssertEqual(themes.count, 1)
        XCTAssertEqual(console.warnings.count, 1, console.text)
        let warning = console.warnings.first ?? ""
        XCTAssertTrue(warning.hasPrefix("Glow.png: "), warning)
        XCTAssertTrue(warning.contains("of the artboard lies beyond what the fit sees (under the overlays)"), warning)
        XCTAssertTrue(warning.contains("compare its stops with the design"), warning)
    }
}
