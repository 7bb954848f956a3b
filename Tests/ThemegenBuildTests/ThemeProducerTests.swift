import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenConfig
@testable import ThemegenBuild
import ThemegenTestKit

/// How a `run` chooses a themes input's artboards and words what the extractor reports.
final class ThemeProducerTests: XCTestCase {
    var dir = ""

    override func setUp() { dir = makeTemporaryFolder(self) }

    func makeConsole() -> (CapturedDiagnostics, CapturedDiagnostics) {
        let d = CapturedDiagnostics()
        return (d, d)
    }

    func write(_ name: String, _ image: Image) throws -> String {
        let path = dir + "/" + name
        try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testExcludeGlobs() {
        XCTAssertTrue(InputFiles.excluded("Drafts/Old.png", by: ["*.png"]))
        XCTAssertTrue(InputFiles.excluded("Sunset-draft.png", by: ["*-draft.png"]))
        XCTAssertTrue(InputFiles.excluded("Old/Sunset.png", by: ["Old/*.png"]))
        XCTAssertFalse(InputFiles.excluded("Old/Deeper/Sunset.png", by: ["Old/*.png"]))
        XCTAssertFalse(InputFiles.excluded("Sunset.png", by: ["*-draft.png", "Old/*"]))
    }

    /// In a run, messages name the config keys (run has no --allow-poor-fit); the per-theme
    /// key wins over the input's.
    func testRunMessagesNameConfigKeysAndPerThemeKeyWins() throws {
        var options = ThemeProducer.options(for: ThemesInput(input: "Art", outputs: [], themes: ["Saddle": ThemeOverride(allowPoorFit: false)], allowPoorFit: true),
                                            index: 1, root: dir, configName: "themegen.json")
        // A saddle (colour by x·y): no linear, radial or angular gradient draws it.
        let w = 200, h = 400
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h { for x in 0..<w {
            let d = Double(x) / Double(w - 1) * Double(y) / Double(h - 1)
            let i = (y * w + x) * 4
            px[i] = UInt8((255 * (1 - d)).rounded()); px[i + 1] = 30; px[i + 2] = UInt8((255 * d).rounded())
        } }
        let saddle = try write("Saddle.png", Image(width: w, height: h, pixels: .rgba8(px)))
        let (console, err) = makeConsole()
        XCTAssertEqual(ThemeExtractor.extract(files: [saddle], options: options, console: console).count, 0)
        XCTAssertTrue(err.text.hasPrefix("error: Saddle.png: not a linear, radial or angular gradient: "), err.text)
        XCTAssertTrue(err.text.contains("set themes[1].themes.Saddle.allowPoorFit (or themes[1].allowPoorFit) to true in themegen.json"), err.text)
        XCTAssertFalse(err.text.contains("--allow-poor-fit"), err.text)
        options.themeAllowPoorFit = [:]
        let (console2, err2) = makeConsole()
        XCTAssertEqual(ThemeExtractor.extract(files: [saddle], options: options, console: console2).count, 1)
        XCTAssertTrue(err2.text.contains("kept because of themes[1].allowPoorFit"), err2.text)
    }
}
