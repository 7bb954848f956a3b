import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenCLI
import ThemegenTestKit

/// Issue #19, item 5: the asset template names the colorsets the run's themes write, with typed
/// accessors by theme (`AssetColors.Dawn.title`), `UIColor(asset:)`, `NSColor` and `Color(asset:)`.
final class ColorAccessorTests: XCTestCase {
    func testTheRunsAssetCodeNamesEveryColorsetTheThemesWrite() throws {
        let dir = makeTemporaryFolder(self)
        for d in ["Themes", "Art"] { try FileManager.default.createDirectory(atPath: dir + "/" + d, withIntermediateDirectories: true) }
        var px = [UInt8](repeating: 255, count: 64 * 64 * 4)
        for i in 0..<64 * 64 { let t = Double(i % 64) / 63; px[i * 4] = UInt8((200 - 160 * t).rounded()); px[i * 4 + 1] = 60; px[i * 4 + 2] = UInt8((40 + 160 * t).rounded()) }
        try Data(try PNGEncoder.encode(Image(width: 64, height: 64, pixels: .rgba8(px)))).write(to: URL(fileURLWithPath: dir + "/Themes/Dawn Sky.png"))
        try Data(try PNGEncoder.encode(Image(width: 6, height: 6, fill: (1, 2, 3, 255)))).write(to: URL(fileURLWithPath: dir + "/Art/Dot@3x.png"))
        writeFile(dir + "/themegen.json", """
            {"themes": [{"input": "Themes", "colorsets": "Gen/Colors.xcassets", "outputs": [],
                         "textColors": {"title": {"color": "#FFFFFF", "dark": "#000000"}}}],
             "assets": [{"input": "Art", "catalog": "Gen/Assets.xcassets", "outputs": [{"template": "swift-assets", "output": "Gen/Assets.swift"}]}],
             "preview": false}
            """)
        let c = CapturedConsole()
        c.console.currentDirectory = dir
        XCTAssertEqual(ThemegenCLI.run(["run", "--config", dir + "/themegen.json"], console: c.console), .ok, c.err)
        let code = try XCTUnwrap(readText(dir + "/Gen/Assets.swift"))
        XCTAssertTrue(code.contains("""
            /// Every colorset, by theme.
            enum AssetColors {
                /// Dawn Sky
                enum DawnSky {
                    static let themeColor = AssetColor(name: "Dawn Sky/themeColor")
                    static let title = AssetColor(name: "Dawn Sky/title")
                }
            }
            """), code)
        // Each accessor names a colorset the run wrote.
        for name in ["Dawn Sky/themeColor", "Dawn Sky/title"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/Gen/Colors.xcassets/\(name).colorset/Contents.json"), name)
        }
        XCTAssertTrue(code.contains("convenience init(asset: AssetColor)"))
        XCTAssertTrue(code.contains("extension Color {"))
        // Without colorsets, no colour code at all.
        writeFile(dir + "/themegen.json", """
            {"themes": [{"input": "Themes", "outputs": []}],
             "assets": [{"input": "Art", "catalog": "Gen/Assets.xcassets", "outputs": [{"template": "swift-assets", "output": "Gen/Assets.swift"}]}],
             "preview": false}
            """)
        XCTAssertEqual(ThemegenCLI.run(["run", "--config", dir + "/themegen.json"], console: CapturedConsole().console), .ok)
        XCTAssertFalse(try XCTUnwrap(readText(dir + "/Gen/Assets.swift")).contains("AssetColor"))
    }
}
