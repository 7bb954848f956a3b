import XCTest
@testable import ThemegenGradients
@testable import ThemegenGenerate
import ThemegenFixtures
import ThemegenTestKit

/// The output of every default template (and the JSON serializers) on the fixture model, byte
/// for byte. `THEMEGEN_UPDATE_GOLDEN=1 swift test --filter TemplateGoldenTests` rewrites them.
final class TemplateGoldenTests: XCTestCase {
    static let golden = SharedCorpus.fixtures.appendingPathComponent("Golden")
    static let update = ProcessInfo.processInfo.environment["THEMEGEN_UPDATE_GOLDEN"] == "1"

    func check(_ output: String, _ file: String, line: UInt = #line) throws {
        let url = Self.golden.appendingPathComponent(file)
        if Self.update {
            try Data(output.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if output != expected {
            let a = output.components(separatedBy: "\n"), b = expected.components(separatedBy: "\n")
            let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            XCTFail("\(file) differs from its golden file at line \(first + 1):\n got: \(first < a.count ? a[first] : "<end>")\nwant: \(first < b.count ? b[first] : "<end>")", line: line)
        }
    }

    // Built-ins only, so a ./Templates in the test's working folder cannot change the result.
    let builtins = URL(fileURLWithPath: "/nonexistent-themegen-templates")

    func testThemeTemplates() throws {
        for (template, file) in [("swift", "Themes.swift.txt"), ("objc-h", "Theme.h.txt"), ("objc-m", "Theme.m.txt"), ("css", "themes.css")] {
            let out = try CodeGenerator.render(themes: TemplateFixtures.themes, template: template, templateSearchFolder: builtins)
            try check(out, file)
        }
    }

    /// Dark gradients, dark text colours and a translucent theme, in every theme template.
    func testDarkThemes() throws {
        for (template, file) in [("swift", "DarkThemes.swift.txt"), ("objc-h", "DarkTheme.h.txt"), ("objc-m", "DarkTheme.m.txt"),
                                 ("css", "dark-themes.css")] {
            try check(try CodeGenerator.render(themes: TemplateFixtures.darkThemes, template: template, templateSearchFolder: builtins), file)
        }
    }

    /// One linear, one radial and one angular theme, in every theme template.
    func testEachGradientType() throws {
        for (template, file) in [("swift", "ShapedThemes.swift.txt"), ("objc-h", "ShapedTheme.h.txt"), ("objc-m", "ShapedTheme.m.txt"),
                                 ("css", "shaped-themes.css")] {
            try check(try TemplateFixtures.renderShaped(template: template), file)
        }
    }

    /// `--param themeManager=false` leaves out the manager and everything that uses it.
    func testWithoutThemeManager() throws {
        let out = try CodeGenerator.render(themes: TemplateFixtures.themes, template: "swift", params: ["themeManager": "false"],
                                           templateSearchFolder: builtins)
        try check(out, "Themes-no-manager.swift.txt")
        XCTAssertFalse(out.contains("Manager"), "themeManager=false still mentions a manager")
        XCTAssertFalse(out.contains("import Combine"))
        let with = try CodeGenerator.render(themes: TemplateFixtures.themes, template: "swift", templateSearchFolder: builtins)
        XCTAssertTrue(with.contains("final class ThemeManager: ObservableObject"))
    }

    /// One theme of each type: CSS `linear-gradient`, `radial-gradient` (radii and centre as
    /// percentages of the box) and `conic-gradient`; the JSON model's `type` and geometry keys.
    func testShapedThemes() throws {
        try check(try CodeGenerator.render(themes: TemplateFixtures.shapedThemes, template: "css", templateSearchFolder: builtins), "shapes.css")
        try check(try CodeGenerator.render(themes: TemplateFixtures.shapedThemes, template: "json"), "shapes.json")
    }

    func testAssetTemplate() throws {
        let out = try CodeGenerator.render(assets: TemplateFixtures.assets, template: "swift-assets", templateSearchFolder: builtins)
        try check(out, "Assets.swift.txt")
    }

    func testJSONSerializers() throws {
        try check(try CodeGenerator.render(themes: TemplateFixtures.themes, template: "json"), "themes.json")
        try check(try CodeGenerator.render(assets: TemplateFixtures.assets, template: "json"), "assets.json")
    }

    func testAwkwardNames() throws {
        let params = ["enumName": "AwkwardTheme", "publicAccess": "true"]
        try check(try CodeGenerator.render(themes: TemplateFixtures.awkwardThemes, template: "swift", params: params,
                                           templateSearchFolder: builtins), "AwkwardThemes.swift.txt")
        try check(try CodeGenerator.render(assets: TemplateFixtures.awkwardAssets, template: "swift-assets",
                                           params: ["enumName": "AwkwardAsset", "publicAccess": "true"],
                                           templateSearchFolder: builtins), "AwkwardAssets.swift.txt")
    }

    /// Output has no trailing spaces, no tabs and never two blank lines in a row; Swift lines stay
    /// within 120 columns.
    func testOutputIsTidy() throws {
        for template in ["swift", "objc-h", "objc-m", "css"] {
            for themes in [TemplateFixtures.themes, TemplateFixtures.darkThemes] {
                let out = try CodeGenerator.render(themes: themes, template: template, templateSearchFolder: builtins)
                assertTidy(out, template)
                if template == "swift" { assertShortLines(out, template) }
            }
            let shaped = try TemplateFixtures.renderShaped(template: template)
            assertTidy(shaped, template)
            if template == "swift" { assertShortLines(shaped, template) }
        }
        assertTidy(try CodeGenerator.render(assets: TemplateFixtures.assets, template: "swift-assets", templateSearchFolder: builtins), "swift-assets")
    }

    func assertShortLines(_ text: String, _ name: String) {
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            XCTAssertLessThanOrEqual(line.count, 120, "\(name) line \(i + 1) is longer than 120 columns: \(line)")
        }
    }

    func assertTidy(_ text: String, _ name: String) {
        XCTAssertTrue(text.hasSuffix("\n") && !text.hasSuffix("\n\n"), "\(name): must end in exactly one newline")
        XCTAssertFalse(text.contains("\n\n\n"), "\(name): two blank lines in a row")
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            XCTAssertFalse(line.hasSuffix(" "), "\(name) line \(i + 1) has trailing spaces: \(line.debugDescription)")
            XCTAssertFalse(line.contains("\t"), "\(name) line \(i + 1) has a tab")
        }
    }
}
