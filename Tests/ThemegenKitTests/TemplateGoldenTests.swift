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

/// The output of every default template (and the JSON serializers) on the fixture model, byte
/// for byte. `THEMEGEN_UPDATE_GOLDEN=1 swift test --filter TemplateGoldenTests` rewrites them.
final class TemplateGoldenTests: XCTestCase {
    static let golden = TemplateFixtures.fixtures.appendingPathComponent("Golden")
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

    /// Output has no trailing spaces, no tabs and never two blank lines in a row.
    func testOutputIsTidy() throws {
        for template in ["swift", "objc-h", "objc-m", "css"] {
            let out = try CodeGenerator.render(themes: TemplateFixtures.themes, template: template, templateSearchFolder: builtins)
            assertTidy(out, template)
        }
        assertTidy(try CodeGenerator.render(assets: TemplateFixtures.assets, template: "swift-assets", templateSearchFolder: builtins), "swift-assets")
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
