import XCTest
@testable import ThemegenImage
@testable import ThemegenSlicing
import ThemegenTestSupport

final class AutoCapsTests: XCTestCase {
    typealias F = SlicingFixtures

    /// A 60×30 button: 2 px border, rounded 8 px corners, a vertical gradient inside.
    func button(_ w: Int = 60, _ h: Int = 30) -> Image {
        F.image(w, h) { x, y in
            let dx = max(0, max(8 - x, x - (w - 9))), dy = max(0, max(8 - y, y - (h - 9)))
            if dx * dx + dy * dy > 64 { return (0, 0, 0, 0) }
            if x < 2 || y < 2 || x >= w - 2 || y >= h - 2 { return (20, 20, 20, 255) }
            return (100, UInt8(100 + y * 3), 200, 255)
        }
    }

    func testFindsTheWidestIdenticalBandAlignedToPoints() throws {
        // Identical columns run from x = 9 to 50 (the corner arcs end at 8 and 51); aligned to
        // whole points that is 9..<51 → left 3 pt, right 3 pt. Rows differ (gradient), except
        // that no two adjacent inner rows are equal: the vertical axis is not stretched.
        let s = try XCTUnwrap(AutoCaps.slicing(for: button()))
        XCTAssertEqual(s.resizingMode, .threePartHorizontal)
        XCTAssertEqual(s.capInsets, CapInsets(top: 0, left: 3, bottom: 0, right: 3))
    }

    func testBothAxesAndNone() throws {
        let flat = F.image(30, 24) { x, y in
            let edge = x < 4 || y < 5 || x >= 25 || y >= 19
            return edge ? (0, 0, 0, 255) : (9, 9, 9, 255)
        }
        // Columns 4..<25 identical → aligned 6..<24; rows 5..<19 → 6..<18.
        let s = try XCTUnwrap(AutoCaps.slicing(for: flat))
        XCTAssertEqual(s.resizingMode, .ninePart)
        XCTAssertEqual(s.capInsets, CapInsets(top: 2, left: 2, bottom: 2, right: 2))
        let noise = F.image(9, 9) { x, y in (UInt8(x * 9 + y), 0, 0, 255) }
        XCTAssertNil(AutoCaps.slicing(for: noise))
    }

    func testWidestRunPrefersTheFirstOfEqualRuns() {
        let same: [Bool] = [false, true, false, true, true, false, true, true]
        XCTAssertEqual(AutoCaps.widestRun(count: 8) { same[$0] }, 2..<5)
        XCTAssertEqual(AutoCaps.widestRun(count: 1) { _ in true }, 0..<1)
        // Identical rows at one end are a margin: the widest run must lie inside.
        let margin: [Bool] = [false, true, true, true, false, true, false, false]
        XCTAssertEqual(AutoCaps.widestRun(count: 8) { margin[$0] }, 4..<6)
        XCTAssertEqual(AutoCaps.widestRun(count: 4) { [false, true, false, true][$0] }, 0..<0)
    }
}
