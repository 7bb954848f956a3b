import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenSlicing
import ThemegenTestSupport

final class NinePatchTests: XCTestCase {
    typealias F = SlicingFixtures
    static let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
    static let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
    static let clear: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    static let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)

    /// A 9-patch with `w`×`h` art (blue) and frame marks from `mark(x, y)` (frame coordinates);
    /// unmarked frame pixels are `neutral`.
    func patch(_ w: Int, _ h: Int, neutral: (UInt8, UInt8, UInt8, UInt8) = clear,
               _ mark: @escaping (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)?) -> Image {
        F.image(w + 2, h + 2) { x, y in
            let frame = x == 0 || y == 0 || x == w + 1 || y == h + 1
            guard frame else { return (10, 20, UInt8((x * 7 + y) % 256), 255) }
            return mark(x, y) ?? neutral
        }
    }

    func testStretchPaddingAndOpticalMarks() throws {
        // 30×21 art: stretch x 12..<18, y 9..<12; padding x 3..<27, y 6..<15; optical bounds
        // 2 px left, 1 px right (bottom edge), 3 px top (right edge).
        let img = patch(30, 21) { x, y in
            if y == 0 && (13...18).contains(x) { return Self.black }
            if x == 0 && (10...12).contains(y) { return Self.black }
            if y == 22 && (4...27).contains(x) { return Self.black }
            if y == 22 && (x == 1 || x == 2 || x == 30) { return Self.red }
            if x == 31 && (7...15).contains(y) { return Self.black }
            if x == 31 && (1...3).contains(y) { return Self.red }
            return nil
        }
        let p = try NinePatch(parsing: img, path: "Button@3x.9.png")
        XCTAssertEqual(p.stretchX, 12..<18)
        XCTAssertEqual(p.stretchY, 9..<12)
        XCTAssertEqual(p.paddingX, 3..<27)
        XCTAssertEqual(p.paddingY, 6..<15)
        XCTAssertEqual(p.opticalInsets, PixelInsets(top: 3, left: 2, bottom: 0, right: 1))
        // The frame is stripped: the content is the art alone.
        XCTAssertEqual([p.content.width, p.content.height], [30, 21])
        XCTAssertEqual(F.pixel(p.content, 0, 0), [10, 20, 8, 255])
        XCTAssertEqual(F.pixel(p.content, 29, 20), [10, 20, 231, 255])
        // Insets in points = px/3.
        let s = try XCTUnwrap(p.slicing())
        XCTAssertEqual(s.resizingMode, .ninePart)
        XCTAssertEqual(s.capInsets, CapInsets(top: 3, left: 4, bottom: 3, right: 4))
    }

    func testWhiteFrameAndOneAxisGiveThreePart() throws {
        let img = patch(9, 6, neutral: Self.white) { x, y in y == 0 && (4...6).contains(x) ? Self.black : nil }
        let p = try NinePatch(parsing: img, path: "Pill@3x.9.png")
        XCTAssertEqual(p.stretchY, nil)
        let s = try XCTUnwrap(p.slicing(centerMode: .tile))
        XCTAssertEqual(s.resizingMode, .threePartHorizontal)
        XCTAssertEqual(s.centerMode, .tile)
        XCTAssertEqual(s.capInsets, CapInsets(top: 0, left: 1, bottom: 0, right: 1))
        let v = try NinePatch(parsing: patch(6, 9) { x, y in x == 0 && y == 5 ? Self.black : nil }, path: "v.9.png")
        XCTAssertEqual(v.slicing()?.resizingMode, .threePartVertical)
        XCTAssertEqual(v.slicing()?.capInsets, CapInsets(top: 4.0 / 3, left: 0, bottom: 4.0 / 3, right: 0))
        XCTAssertNil(try NinePatch(parsing: patch(3, 3) { _, _ in nil }, path: "plain.9.png").slicing())
    }

    func testOtherColourNamesThePixel() {
        let img = patch(6, 6) { x, y in x == 4 && y == 0 ? (0, 0, 0, 128) : nil }
        XCTAssertThrowsError(try NinePatch(parsing: img, path: "Bad@3x.9.png")) { e in
            XCTAssertEqual("\(e)", "Bad@3x.9.png: 9-patch frame pixel (4, 0) on the top edge is #00000080; use opaque black, transparent or white")
        }
        let grey = patch(6, 6) { x, y in x == 7 && y == 3 ? (128, 128, 128, 255) : nil }
        XCTAssertThrowsError(try NinePatch(parsing: grey, path: "Bad@3x.9.png")) { e in
            XCTAssertEqual("\(e)", "Bad@3x.9.png: 9-patch frame pixel (7, 3) on the right edge is #808080; use opaque black, opaque red (#FF0000), transparent or white")
        }
        let corner = patch(6, 6) { x, y in x == 0 && y == 0 ? Self.black : nil }
        XCTAssertThrowsError(try NinePatch(parsing: corner, path: "c.9.png")) { e in
            XCTAssertTrue("\(e)".contains("corner pixel (0, 0)"), "\(e)")
        }
        let redTop = patch(6, 6) { x, y in x == 2 && y == 0 ? Self.red : nil }
        XCTAssertThrowsError(try NinePatch(parsing: redTop, path: "r.9.png")) { e in
            XCTAssertEqual("\(e)", "r.9.png: 9-patch frame pixel (2, 0) on the top edge is red; optical-bounds marks belong on the bottom and right edges")
        }
    }

    func testTwoStretchRangesNameTheAxis() {
        let img = patch(12, 6) { x, y in y == 0 && (x == 2 || x == 3 || x == 8) ? Self.black : nil }
        XCTAssertThrowsError(try NinePatch(parsing: img, path: "Two@3x.9.png")) { e in
            XCTAssertEqual("\(e)", "Two@3x.9.png: 9-patch has 2 stretch ranges on the horizontal axis (top edge) (art pixels 1–2, 7); iOS can express only one per axis")
            XCTAssertEqual((e as? ThemegenError)?.kind, .input)
        }
        let vertical = patch(6, 12) { x, y in x == 0 && (y == 2 || y == 9) ? Self.black : nil }
        XCTAssertThrowsError(try NinePatch(parsing: vertical, path: "V.9.png")) { e in
            XCTAssertTrue("\(e)".contains("stretch ranges on the vertical axis (left edge)"), "\(e)")
        }
    }

    func testSixteenBitFrameAndTooSmall() throws {
        // A 16-bit 9-patch: marks are read after rounding to 8 bits; the art keeps 16 bits.
        var px = [UInt16]()
        for y in 0..<5 { for x in 0..<5 {
            if y == 0 && x == 2 || x == 0 && y == 2 { px += [0, 0, 0, 65535] }
            else if x == 0 || y == 0 || x == 4 || y == 4 { px += [0, 0, 0, 0] }
            else { px += [1000, 2000, 3000, 65535] }
        } }
        let p = try NinePatch(parsing: Image(width: 5, height: 5, pixels: .rgba16(px)), path: "s.9.png")
        XCTAssertEqual(p.stretchX, 1..<2); XCTAssertEqual(p.stretchY, 1..<2)
        XCTAssertEqual(p.content.bitDepth, 16)
        XCTAssertEqual(p.content.width, 3)
        XCTAssertThrowsError(try NinePatch(parsing: F.image(2, 5) { _, _ in Self.clear }, path: "t.9.png")) { e in
            XCTAssertTrue("\(e)".hasPrefix("t.9.png: a 9-patch needs a 1-pixel frame"), "\(e)")
        }
    }
}
