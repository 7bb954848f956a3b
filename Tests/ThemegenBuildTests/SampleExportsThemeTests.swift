import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenBuild
import ThemegenTestSupport
import ThemegenTestKit

/// The bundled `Exports/Themes` artboards (drawn by `Sources/MakeExports/Themes.swift`, whose
/// authored gradients are repeated here) come back within the accuracy bound.
final class SampleExportsThemeTests: XCTestCase {
    typealias S = GradientTestSupport

    static func rgb(_ hex: UInt32) -> RGBA {
        RGBA(red: Double(hex >> 16) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }
    static func g(_ angle: Double, _ stops: [(UInt32, Double)]) -> LinearGradient {
        LinearGradient(angle: angle, stops: stops.map { GradientStop(color: rgb($0.0), position: $0.1) })
    }

    static let authored: [String: LinearGradient] = [
        "Sunset": g(180, [(0xFF5E62, 0), (0xFF9966, 0.55), (0xFFD194, 1)]),
        "Ocean Blue": g(180, [(0x0B3D91, 0), (0x4FC3F7, 1)]),
        "Aurora": g(135, [(0x00C9A7, 0), (0x845EC2, 0.5), (0x2C73D2, 1)]),
        "Forest": g(160, [(0x134E5E, 0), (0x71B280, 1)]),
        "Midnight": g(180, [(0x2B5876, 0), (0x4E4376, 1)]),
        "Peach Card": g(180, [(0xFFECD2, 0), (0xFCB69F, 1)]),
        "Lagoon P3": LinearGradient(angle: 180, stops: [GradientStop(color: RGBA(red: 0.0, green: 0.78, blue: 0.72), position: 0),
                                                       GradientStop(color: RGBA(red: 0.16, green: 0.28, blue: 0.92), position: 1)]),
        "Citrus": g(180, [(0xF9D423, 0.15), (0xFF4E50, 0.4), (0xFC913A, 0.7), (0xF5E663, 0.85)]),
        "Dusk": g(200, [(0x355C7D, 0), (0x6C5B7B, 0.5), (0xC06C84, 1)]),
        "Mint": g(180, [(0xD4FC79, 0), (0x96E6A1, 1)]),
        "Rose Gold": g(90, [(0xF4C4F3, 0), (0xFC67FA, 1)]),
    ]

    func testBundledThemesMatchTheirAuthoredGradients() throws {
        let root = SharedCorpus.repoRoot.appendingPathComponent("Exports/Themes").path
        guard FileManager.default.fileExists(atPath: root) else { throw XCTSkip("no Exports/Themes") }
        let console = CapturedDiagnostics()
        let files = try InputFiles.pngs(in: [root], console: console)
        let themes = ThemeExtractor.extract(files: files, options: ThemeOptions(baseDirectory: SharedCorpus.repoRoot.path), console: console)
        XCTAssertEqual(console.text, "")
        XCTAssertEqual(themes.map(\.name), ["Aurora", "Citrus", "Dusk", "Forest", "Lagoon P3", "Midnight", "Mint", "Ocean Blue", "Peach Card", "Rose Gold", "Sunset"])
        XCTAssertEqual(themes.first { $0.name == "Rose Gold" }?.file, "Exports/Themes/Rose Gold@3x.png")
        XCTAssertEqual(themes.first { $0.name == "Lagoon P3" }?.colorSpace, .displayP3)
        for t in themes {
            guard let a = Self.authored[t.name] else { XCTFail("unexpected \(t.name)"); continue }
            let space = RGBSpace(t.colorSpace)!
            let q = S.accuracy(a, LinearGradient(angle: t.angle, stops: t.stops), width: t.width, height: t.height, space: space, step: 7)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, t.name)
            XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, t.name)
            // The stops the designer drew: no more, no fewer.
            XCTAssertEqual(t.stops.count, a.stops.count, t.name)
            XCTAssertEqual(t.angle, a.angle, t.name)
            XCTAssertLessThan(t.fit.maxDeltaE, 1.5, t.name)
        }
        XCTAssertEqual(themes.first { $0.name == "Midnight" }?.overlays.first, PixelRect(x: 0, y: 0, width: 1125, height: 144))
        XCTAssertEqual(themes.first { $0.name == "Dusk" }?.overlays, [PixelRect(x: 0, y: 2176, width: 1125, height: 260)])
    }
}
