import XCTest
@testable import DemoThemes

/// The values the plugin generated from ../../Exports/Themes during this build.
final class GeneratedThemeTests: XCTestCase {
    func testEveryExportBecameATheme() {
        XCTAssertEqual(ThemePicker.names, ["Aurora", "Citrus", "Dusk", "Forest", "Lagoon P3", "Midnight",
                                           "Mint", "Ocean Blue", "Peach Card", "Rose Gold", "Sunset"])
    }

    func testCitrusHasItsFourStops() throws {
        let citrus = Theme.citrus
        XCTAssertEqual(citrus.fill.kind, .linear)
        XCTAssertEqual(citrus.fill.stops.map(\.location), [0.15, 0.4, 0.7001, 0.85])
        XCTAssertEqual(citrus.fill.startPoint, Theme.Point(x: 0.5, y: 0))
        XCTAssertEqual(citrus.fill.endPoint, Theme.Point(x: 0.5, y: 1))
        let first = try XCTUnwrap(ThemePicker.stops(of: "Citrus")?.first)
        XCTAssertEqual(first.red, 0.9764)
        XCTAssertEqual(first.green, 0.8314)
        XCTAssertEqual(first.blue, 0.1373)
    }

    func testDisplayP3ExportKeepsItsColourSpace() {
        XCTAssertEqual(Theme.lagoonP3.colorSpace, .displayP3)
        XCTAssertEqual(Theme.aurora.colorSpace, .sRGB)
    }
}
