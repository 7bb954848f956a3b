import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenSlicing
@testable import ThemegenGenerate
@testable import ThemegenConfig
@testable import ThemegenBuild
import ThemegenTestKit

/// What bare `themegen` makes of this repository's `Exports/` with its `themegen.json`, and
/// every default template over the same models, as golden files under
/// `Fixtures/Golden/Exports/`, so a change in output shows up as a diff in review.
/// `THEMEGEN_UPDATE_GOLDEN=1 swift test --filter BundledExportsTests` rewrites them.
final class BundledExportsTests: XCTestCase {
    static let root = SharedCorpus.repoRoot.path
    static let goldens = SharedCorpus.fixtures.appendingPathComponent("Golden/Exports")

    /// The run's models and planned files, made once for all tests.
    struct Bundled {
        let themes: [Theme]
        let assets: [Asset]
        let files: [PlannedFile]
    }

    nonisolated(unsafe) static var cached: Bundled?

    static func bundled() throws -> Bundled {
        if let cached { return cached }
        let loaded = try ConfigLoader.load(explicitPath: root + "/themegen.json")
        let console = CapturedDiagnostics()
        let themeSection = loaded.config.themes[0], assetSection = loaded.config.assets[0]
        let themes = try ThemeProducer.extract(themeSection, index: 0, root: root, configName: "themegen.json", console: console)
        let sliced = try XCTUnwrap(try AssetProducer.slice(assetSection, index: 0, root: root, console: console))
        var files = try ThemeProducer.files(themeSection, themes: themes, index: 0, root: root, configName: "themegen.json")
        // As the run does: the themes' colorsets get typed accessors in the assets' code.
        let colors = themeSection.colorsets == nil ? [] : ThemeProducer.namedColors(themes)
        files += try AssetProducer.files(assetSection, assets: sliced, colorAccessors: colors, root: root)
        XCTAssertEqual(console.errorCount, 0, console.text)
        let b = Bundled(themes: themes, assets: sliced.map(\.asset), files: files)
        cached = b
        return b
    }

    func check(_ text: String, _ golden: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.goldens.appendingPathComponent(golden)
        if ProcessInfo.processInfo.environment["THEMEGEN_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(text, expected, "\(golden) differs from the golden file; rerun with THEMEGEN_UPDATE_GOLDEN=1 if the change is intended",
                       file: file, line: line)
    }

    /// Golden names end in `.txt` where the real extension would make tools treat them as code.
    static func goldenName(_ path: String) -> String {
        path.hasSuffix(".swift") || path.hasSuffix(".css") ? path + ".txt" : path
    }

    func testTheRunsTextOutputsMatchTheGoldens() throws {
        let b = try Self.bundled()
        let texts = b.files.filter { $0.kind == .text }
        XCTAssertEqual(texts.map(\.path).filter { !$0.hasSuffix("Contents.json") },
                       ["Generated/Themes.swift", "Generated/themes.css", "Generated/Assets.swift"])
        for f in texts { try check(String(decoding: try f.read(), as: UTF8.self), Self.goldenName(f.path)) }
    }

    func testEveryDefaultTemplateOverTheBundledModels() throws {
        let b = try Self.bundled()
        let builtins = URL(fileURLWithPath: "/nonexistent-themegen-templates")
        for (template, golden) in [("json", "themes.json"), ("swift", "themes.swift.txt"), ("objc-h", "Theme.h.txt"),
                                   ("objc-m", "Theme.m.txt"), ("css", "themes.css.txt")] {
            try check(try CodeGenerator.render(themes: b.themes, template: template, templateSearchFolder: builtins), "templates/" + golden)
        }
        for (template, golden) in [("json", "assets.json"), ("swift-assets", "assets.swift.txt")] {
            try check(try CodeGenerator.render(assets: b.assets, template: template, templateSearchFolder: builtins), "templates/" + golden)
        }
    }

    func testTheBundledThemesAreRecoveredAsAuthored() throws {
        // Stops and angles as `Sources/MakeExports/Themes.swift` draws them.
        let b = try Self.bundled()
        func summary(_ t: Theme) -> String {
            "\(t.name) \(t.colorSpace.identifier) \(Int(t.angle)) " + t.stops.map { HexColor.format($0.color) }.joined(separator: " ")
        }
        XCTAssertEqual(b.themes.filter { $0.name != "Dusk" }.map(summary), [
            "Aurora srgb 135 #00C9A7 #845EC2 #2C73D2",
            "Citrus srgb 180 #F9D423 #FF4E50 #FC913A #F5E663",
            "Forest srgb 160 #134E5E #71B280",
            "Lagoon P3 display-p3 180 #00C7B8 #2947EB",
            "Midnight srgb 180 #2B5876 #4E4376",
            "Mint srgb 180 #D4FC79 #96E6A1",
            "Ocean Blue srgb 180 #0B3D91 #4FC3F7",
            "Peach Card srgb 180 #FFECD2 #FCB69F",
            "Rose Gold srgb 90 #F4C4F3 #FC67FA",
            "Sunset srgb 180 #FF5E62 #FF9966 #FFD194",
        ])
        // Dusk's tab bar hides the bottom of a 3-stop gradient: one extra stop is allowed.
        let dusk = try XCTUnwrap(b.themes.first { $0.name == "Dusk" })
        XCTAssertEqual(dusk.angle, 200)
        XCTAssertLessThanOrEqual(dusk.stops.count, 4)
        XCTAssertLessThan(dusk.fit.maxDeltaE, 1.5)
        XCTAssertEqual(dusk.overlays, [PixelRect(x: 0, y: 2176, width: 1125, height: 260)])
        XCTAssertEqual(b.themes.first { $0.name == "Midnight" }?.overlays, [PixelRect(x: 0, y: 0, width: 1125, height: 144)])
        XCTAssertEqual(b.themes.first { $0.name == "Rose Gold" }?.file, "Exports/Themes/Rose Gold@3x.png", "the largest scale wins")
    }
}
