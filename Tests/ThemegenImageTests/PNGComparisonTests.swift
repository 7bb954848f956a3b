import Foundation
import XCTest
@testable import ThemegenImage
import ThemegenTestKit

final class PNGComparisonTests: XCTestCase {
    func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: SharedCorpus.url("pngsuite/" + relative)))
    }

    /// libpng's copies of the basic PngSuite files and the 2011 originals are different bytes
    /// (other compression) of the same images: `--check` must call them equal.
    func testSameImagesFromOtherEncodersAreEqual() throws {
        let names = ["basn0g01", "basn0g08", "basn0g16", "basn2c08", "basn2c16", "basn3p08",
                     "basn4a08", "basn4a16", "basn6a08", "basn6a16"]
        var differentBytes = 0
        for n in names {
            let a = try bytes("libpng-pngsuite/\(n).png"), b = try bytes("pngsuite-full/\(n).png")
            if a != b { differentBytes += 1 }
            XCTAssertTrue(PNGComparison.sameImage(a, b), n)
        }
        XCTAssertGreaterThan(differentBytes, 5, "the corpus pairs should differ in bytes")
    }

    func testDifferentImagesHeadersOrColourChunksAreNotEqual() throws {
        XCTAssertFalse(PNGComparison.sameImage(try bytes("libpng-pngsuite/basn6a08.png"), try bytes("libpng-pngsuite/basn6a16.png")))
        XCTAssertFalse(PNGComparison.sameImage(try bytes("libpng-pngsuite/basn2c08.png"), try bytes("libpng-pngsuite/basn0g08.png")))
        // Same pixels, other colour space.
        let image = Image(width: 3, height: 2, fill: (200, 100, 50, 255))
        var p3 = image
        p3.colorSpace = .displayP3
        let srgbBytes = try PNGEncoder.encode(image), p3Bytes = try PNGEncoder.encode(p3)
        XCTAssertFalse(PNGComparison.sameImage(srgbBytes, p3Bytes))
        // One pixel changed.
        var changed = image
        if case .rgba8(var a) = changed.pixels { a[5] = 101; changed.pixels = .rgba8(a) }
        XCTAssertFalse(PNGComparison.sameImage(srgbBytes, try PNGEncoder.encode(changed)))
        XCTAssertTrue(PNGComparison.sameImage(srgbBytes, try PNGEncoder.encode(image)))
        // Not a PNG at all.
        XCTAssertFalse(PNGComparison.sameImage(srgbBytes, Array("not a png".utf8)))
    }
}
