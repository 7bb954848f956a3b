import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenCLI
import ThemegenTestKit

/// `NAME~dark@3x.png` gives a theme its dark gradient, in every output, with WCAG checks for dark
/// appearance.
final class DarkVariantTests: XCTestCase {
    func cli(_ args: [String]) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.out, c.err)
    }

    /// Sunset, with Midnight's artboard as its dark export.
    func folder(orphan: Bool = false) throws -> String {
        let exports = SharedCorpus.repoRoot.appendingPathComponent("Exports/Themes").path
        let root = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: root + "/Themes", withIntermediateDirectories: true)
        if !orphan { try FileManager.default.copyItem(atPath: exports + "/Sunset@3x.png", toPath: root + "/Themes/Sunset@3x.png") }
        try FileManager.default.copyItem(atPath: exports + "/Midnight@3x.png", toPath: root + "/Themes/Sunset~dark@3x.png")
        return root
    }

    func testADarkExportBecomesTheThemesDarkGradient() throws {
        let root = try folder()
        let (code, json, _) = cli(["themes", root + "/Themes", "--template", "swift", "--text-color", "title=#1C1C1E,large"])
        XCTAssertEqual(code, .ok)
        // One theme, with Midnight's stops (#2B5876 → #4E4376) as its dark fill.
        XCTAssertTrue(json.contains("static let all: [Theme] = [\n        .sunset,\n    ]"), json)
        XCTAssertTrue(json.contains("/Themes/Sunset@3x.png; dark: \(root)/Themes/Sunset~dark@3x.png)\n"), json)
        let dark = try XCTUnwrap(json.range(of: "darkFill: .linear("))
        let after = String(json[dark.upperBound...].prefix(400))
        XCTAssertTrue(after.contains("Stop(RGBA(red: 0.1686, green: 0.3451, blue: 0.4627), at: 0)"), after)

        let (_, css, err) = cli(["themes", root + "/Themes", "--template", "css", "--text-color", "title=#1C1C1E,large"])
        XCTAssertTrue(css.contains("@media (prefers-color-scheme: dark) {\n  :root {\n    --theme-sunset-color: #4E4376;"), css)
        XCTAssertTrue(css.contains("--theme-sunset-gradient: linear-gradient(180deg, #2B5876 0%, #4E4376 100%);"), css)
        // The dark title on the dark gradient is checked, and named by the dark file.
        XCTAssertTrue(err.contains("Sunset~dark@3x.png: theme 'Sunset': text colour 'title' in dark appearance has a contrast of"), err)
        XCTAssertFalse(err.contains("theme 'Sunset~dark'"), "the dark export is not a theme of its own")
    }

    func testTheDarkTextColourIsCheckedAgainstTheDarkGradient() throws {
        let root = try folder()
        let ctx = CapturedConsole()
        let options = ThemeOptions(textColors: [TextColorCheck(name: "title", color: HexColor.parse("#1C1C1E")!,
                                                               dark: HexColor.parse("#FFFFFF")!, large: true)])
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/Themes").sorted().map { root + "/Themes/" + $0 }
        let themes = ThemeExtractor.extract(files: files, options: options, console: ctx.console)
        XCTAssertEqual(themes.map(\.name), ["Sunset"])
        let title = try XCTUnwrap(themes[0].textColors.first)
        // White on Midnight's blues: well above 3:1; #1C1C1E on Sunset's light oranges too.
        XCTAssertGreaterThan(try XCTUnwrap(title.darkContrast), 7)
        XCTAssertGreaterThan(title.contrast, 4)
        XCTAssertFalse(ctx.err.contains("dark appearance"), ctx.err)
        XCTAssertEqual(themes[0].dark?.file.hasSuffix("Sunset~dark@3x.png"), true)
        XCTAssertEqual(themes[0].dark?.name, "Sunset")
    }

    func testADarkExportWithoutItsThemeIsAnError() throws {
        let root = try folder(orphan: true)
        let (code, _, err) = cli(["themes", root + "/Themes"])
        XCTAssertEqual(code, .input)
        XCTAssertTrue(err.contains("Sunset~dark@3x.png: a dark variant (~dark) without its theme: export 'Sunset' next to it"), err)
    }
}
