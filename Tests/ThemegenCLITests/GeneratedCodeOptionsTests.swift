import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenGenerate
@testable import ThemegenCLI
import ThemegenFixtures
import ThemegenTestKit

/// What the generated code's options and inputs accept and refuse, through the CLI: the
/// `themeManager` parameter, input-level text colours, text colour names and template kinds.
final class GeneratedCodeOptionsTests: XCTestCase {
    func cli(_ args: [String]) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.out, c.err)
    }

    static let exports = SharedCorpus.repoRoot.appendingPathComponent("Exports/Themes").path

    /// A project folder with two of the bundled theme artboards and `config` as themegen.json.
    func project(_ config: String) throws -> String {
        let root = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: root + "/Exports/Themes", withIntermediateDirectories: true)
        for name in ["Midnight@3x.png", "Sunset@3x.png"] {
            try FileManager.default.copyItem(atPath: Self.exports + "/" + name, toPath: root + "/Exports/Themes/" + name)
        }
        writeFile(root + "/themegen.json", config)
        return root
    }

    func testThemeManagerParameterMustBeABoolean() throws {
        // Two artboards say as much as twelve, in a sixth of the time.
        let exports = try project("{}") + "/Exports/Themes"
        let (code, _, err) = cli(["themes", exports, "--template", "swift", "--param", "themeManager=maybe"])
        XCTAssertEqual(code, .input)
        XCTAssertTrue(err.contains("--param themeManager='maybe' is not a Boolean"), err)

        let (off, out, _) = cli(["themes", exports, "--template", "swift", "--param", "themeManager=false"])
        XCTAssertEqual(off, .ok)
        XCTAssertFalse(out.contains("ThemeManager"))
        XCTAssertTrue(out.contains("final class GradientView: UIView"))
        let (on, withManager, _) = cli(["themes", exports, "--template", "swift"])
        XCTAssertEqual(on, .ok)
        XCTAssertTrue(withManager.contains("final class ThemeManager: ObservableObject"))
        XCTAssertTrue(withManager.contains("convenience init(manager: ThemeManager, frame: CGRect = .zero)"))
    }

    func testThemeManagerInTheConfigMustBeABoolean() throws {
        let root = try project("""
        {"themes": [{"input": "Exports/Themes",
                     "outputs": [{"template": "swift", "output": "Gen/T.swift", "params": {"themeManager": "sometimes"}}]}],
         "preview": false}
        """)
        let (code, _, err) = cli(["run", "--config", root + "/themegen.json"])
        XCTAssertEqual(code, .input)
        XCTAssertTrue(err.contains("themes[0].outputs[0].params.themeManager: expected true or false, found \"sometimes\""), err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Gen/T.swift"))
    }

    func testATextColourSomeThemesLackNeedsADefault() throws {
        let root = try project("""
        {"themes": [{"input": "Exports/Themes", "outputs": [{"template": "swift", "output": "Gen/T.swift"}],
                     "themes": {"Sunset": {"textColors": {"caption": {"color": "#222222"}}}}}],
         "preview": false}
        """)
        let (code, _, err) = cli(["run", "--config", root + "/themegen.json"])
        XCTAssertEqual(code, .input)
        XCTAssertTrue(err.contains("themes[0].themes.Sunset.textColors.caption: text colour \"caption\" is missing from theme(s) \"Midnight\""), err)
        XCTAssertTrue(err.contains("themes[0].textColors"), err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Gen/T.swift"))

        // With an input-level default every theme has it; Sunset's own value wins.
        writeFile(root + "/themegen.json", """
        {"themes": [{"input": "Exports/Themes", "outputs": [{"template": "swift", "output": "Gen/T.swift"}],
                     "textColors": {"caption": {"color": "#FFFFFF", "dark": "#EEEEEE"}},
                     "themes": {"Sunset": {"textColors": {"caption": {"color": "#222222"}}}}}],
         "preview": false}
        """)
        let (ok, _, okErr) = cli(["run", "--config", root + "/themegen.json", "--quiet"])
        XCTAssertEqual(ok, .ok, okErr)
        let swift = try XCTUnwrap(readText(root + "/Gen/T.swift"))
        XCTAssertTrue(swift.contains("var caption: AdaptiveColor\n"), "non-optional")
        XCTAssertTrue(swift.contains("""
                    caption: AdaptiveColor(RGBA(red: 1, green: 1, blue: 1),
                        dark: RGBA(red: 0.9333, green: 0.9333, blue: 0.9333))
        """), swift)
        XCTAssertTrue(swift.contains("caption: AdaptiveColor(RGBA(red: 0.1333, green: 0.1333, blue: 0.1333))"))
    }

    func testTextColourNamesMustGiveAnIdentifierOfTheirOwn() throws {
        let root = try project("""
        {"themes": [{"input": "Exports/Themes",
                     "textColors": {"🎨": {"color": "#FFFFFF"}, "theme color": {"color": "#FFFFFF"},
                                    "body text": {"color": "#FFFFFF"}, "Body-Text": {"color": "#000000"}}}],
         "preview": false}
        """)
        let (code, _, err) = cli(["run", "--config", root + "/themegen.json"])
        XCTAssertEqual(code, .input)
        XCTAssertTrue(err.contains("themes[0].textColors[\"🎨\"]: the name \"🎨\" gives no identifier"), err)
        XCTAssertTrue(err.contains("themes[0].textColors[\"theme color\"]: the name \"theme color\" gives 'themeColor', which generated code already declares"), err)
        XCTAssertTrue(err.contains("themes[0].textColors.Body-Text: \"Body-Text\" and \"body text\" both give the identifier 'bodyText'"), err)
    }

    func testATemplateOfOneKindCannotRenderTheOther() throws {
        let (code, _, err) = cli(["themes", try project("{}") + "/Exports/Themes", "--template", "swift-assets"])
        XCTAssertEqual(code, .input)
        // Named by where it was found: the built-in, or Templates/ when the working folder has one.
        XCTAssertTrue(err.contains("swift-assets"), err)
        XCTAssertTrue(err.contains("is an asset template (its first line says {{! kind: assets }}) but was given themes"), err)

        let folder = makeTemporaryFolder(self)
        writeFile(folder + "/mine.mustache", "{{! kind: themes }}\n{{#themes}}{{name}}\n{{/themes}}")
        let (ok, out, _) = cli(["themes", Self.exports + "/Sunset@3x.png", "--template", folder + "/mine.mustache"])
        XCTAssertEqual(ok, .ok)
        XCTAssertEqual(out, "Sunset\n", "the kind line renders as nothing")
        XCTAssertThrowsError(try CodeGenerator.render(assets: TemplateFixtures.assets, template: folder + "/mine.mustache")) { error in
            XCTAssertTrue("\(error)".contains("is a theme template"), "\(error)")
        }
        // Without a declaration a template renders whatever it is given.
        writeFile(folder + "/any.mustache", "{{count}}")
        XCTAssertEqual(try CodeGenerator.render(assets: TemplateFixtures.assets, template: folder + "/any.mustache"), "8")
    }

    func testTidyLiterals() {
        XCTAssertEqual(NumberFormat.tidy(0.5), "0.5")
        XCTAssertEqual(NumberFormat.tidy(1), "1")
        XCTAssertEqual(NumberFormat.tidy(0), "0")
        XCTAssertEqual(NumberFormat.tidy(-0.00001), "0")
        XCTAssertEqual(NumberFormat.tidy(0.123456), "0.1235")
        XCTAssertEqual(NumberFormat.tidy(0.1234567, 6), "0.123457")
        XCTAssertEqual(NumberFormat.tidy(-1.25, 6), "-1.25")
        XCTAssertEqual(NumberFormat.tidy(30.5, 2), "30.5")
    }
}
