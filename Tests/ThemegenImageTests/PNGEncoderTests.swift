import Foundation
import XCTest
@testable import ThemegenImage
import ThemegenTestSupport
import ThemegenTestKit

final class PNGEncoderTests: XCTestCase {
    func header(_ png: [UInt8]) throws -> PNGHeader { try PNGRowReader(data: png, name: "out.png").header }

    /// Chunk types in file order.
    func chunks(_ png: [UInt8]) -> [String] {
        var names: [String] = []
        var i = 8
        while i + 8 <= png.count {
            let len = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            names.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
            i += 12 + len
        }
        return names
    }

    func testEveryCorpusImageRoundTripsLosslessly() throws {
        var count = 0
        for row in try PNGConformanceTests.manifest() where row.ok {
            var image = try PNGDecoder.decode(path: SharedCorpus.url("pngsuite/" + row.file).path)
            image.colorSpace = .sRGB
            let png = try PNGEncoder.encode(image)
            let back = try PNGDecoder.decode(data: png, name: row.file)
            if case .rgba16(let s) = image.pixels, s.allSatisfy({ $0 % 257 == 0 }) {
                XCTAssertEqual(back, image.to8Bit(), row.file)
            } else {
                XCTAssertEqual(back, image, row.file)
            }
            count += 1
        }
        XCTAssertEqual(count, 338)
    }

    func testPicksTheSmallestExactColourType() throws {
        // Opaque gray in steps of 85 fits 2-bit gray.
        var g = Image(width: 4, height: 1, fill: (0, 0, 0, 255))
        g.pixels = .rgba8([0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 255, 255, 255, 255, 255])
        let gh = try header(try PNGEncoder.encode(g))
        XCTAssertEqual([gh.colorType.name, "\(gh.bitDepth)"], ["gray", "2"])

        // A smooth opaque colour ramp with more than 256 colours is RGB.
        var ramp = [UInt8]()
        for y in 0..<64 { for x in 0..<64 { ramp += [UInt8(x * 4), UInt8(y * 4), 100, 255] } }
        let rh = try header(try PNGEncoder.encode(Image(width: 64, height: 64, pixels: .rgba8(ramp))))
        XCTAssertEqual([rh.colorType.name, "\(rh.bitDepth)"], ["rgb", "8"])

        // Three colours with alpha become a 2-bit palette with tRNS.
        var icon = [UInt8]()
        for i in 0..<(32 * 32) { icon += i % 3 == 0 ? [0, 0, 0, 0] : i % 3 == 1 ? [255, 0, 0, 255] : [255, 0, 0, 128] }
        let icn = try PNGEncoder.encode(Image(width: 32, height: 32, pixels: .rgba8(icon)))
        let ih = try header(icn)
        XCTAssertEqual([ih.colorType.name, "\(ih.bitDepth)"], ["palette", "2"])
        XCTAssertEqual(chunks(icn), ["IHDR", "sRGB", "PLTE", "tRNS", "IDAT", "IEND"])
        XCTAssertEqual(try PNGDecoder.decode(data: icn, name: "icon").pixels, .rgba8(icon))

        // 16-bit data that needs 16 bits stays 16-bit.
        let deep = Image(width: 2, height: 1, pixels: .rgba16([1, 2, 3, 65535, 400, 500, 600, 65535]))
        let dh = try header(try PNGEncoder.encode(deep))
        XCTAssertEqual([dh.colorType.name, "\(dh.bitDepth)"], ["rgb", "16"])
    }

    func testOutputIsDeterministicWithNoTimeOrText() throws {
        let image = try PNGDecoder.decode(path: SharedCorpus.url("pngsuite/pngsuite-full/basn6a08.png").path)
        var srgb = image
        srgb.colorSpace = .sRGB
        let a = try PNGEncoder.encode(srgb), b = try PNGEncoder.encode(srgb)
        XCTAssertEqual(a, b)
        XCTAssertEqual(chunks(a), ["IHDR", "sRGB", "IDAT", "IEND"])
    }

    func testLargeImagesGetTheRowFilterThatSuitsThem() throws {
        // Above 512×512 one filter serves every row, picked on a sample. Rows that are ramps
        // with a random slope per row need Sub (Up leaves a ramp per row); columns that are
        // ramps with a random slope per column need Up (Sub leaves different noise per row). A
        // fixed filter makes one of these several times larger than the other.
        var rng = SeededRandom(seed: 3)
        let rowSlopes = (0..<600).map { _ in rng.int(1, 255) }, columnSlopes = (0..<600).map { _ in rng.int(1, 255) }
        let rows = SlicingFixtures.image(600, 600) { x, y in let v = UInt8(truncatingIfNeeded: x * rowSlopes[y]); return (v, v, 0, 255) }
        let columns = SlicingFixtures.image(600, 600) { x, y in let v = UInt8(truncatingIfNeeded: y * columnSlopes[x]); return (v, v, 0, 255) }
        for image in [rows, columns] {
            let png = try PNGEncoder.encode(image)
            XCTAssertEqual(try PNGDecoder.decode(data: png, name: "out.png").pixels, image.pixels)
            XCTAssertLessThan(png.count, 600 * 600 * 3 / 50)
            XCTAssertEqual(png, try PNGEncoder.encode(image))
        }
        // The sample is cut from the packed rows of every colour type the large path takes:
        // 8-bit gray and 16-bit RGBA round-trip too.
        let gray = SlicingFixtures.image(700, 400) { x, y in let v = UInt8(truncatingIfNeeded: x * 3 + y); return (v, v, v, 255) }
        let deep = Image(width: 600, height: 500, colorSpace: .sRGB,
                         pixels: .rgba16((0..<(600 * 500 * 4)).map { UInt16(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }))
        for image in [gray, deep] {
            let png = try PNGEncoder.encode(image)
            XCTAssertEqual(try PNGDecoder.decode(data: png, name: "out.png").pixels, image.pixels)
        }
        XCTAssertEqual(try header(PNGEncoder.encode(gray)).colorType, .gray)
        XCTAssertEqual(try header(PNGEncoder.encode(deep)).bitDepth, 16)
    }

    /// A quick encode (the preview's thumbnails) takes the small-image path at a lower zlib
    /// level and one sampled filter: the same pixels, the same bytes on every run, and a file
    /// within a third larger than the smallest encode on smooth rows with a little noise.
    func testQuickEncodeKeepsThePixels() throws {
        var rng = SeededRandom(seed: 5)
        let image = SlicingFixtures.image(250, 540) { x, y in
            (UInt8(40 + y * 150 / 540 + rng.int(0, 1)), UInt8(90 + x / 5), UInt8(200 - y / 4), 255)
        }
        let quick = try PNGEncoder.encode(image, effort: .quick), smallest = try PNGEncoder.encode(image)
        XCTAssertEqual(try PNGDecoder.decode(data: quick, name: "quick.png").pixels, image.pixels)
        XCTAssertEqual(quick, try PNGEncoder.encode(image, effort: .quick))
        XCTAssertNotEqual(quick, smallest)
        XCTAssertLessThan(Double(quick.count), Double(smallest.count) * 4 / 3)
    }

    func testDisplayP3IsTaggedWithTheBundledProfileAndReadBack() throws {
        let p3 = Image(width: 8, height: 8, fill: (250, 20, 30, 255), colorSpace: .displayP3)
        let png = try PNGEncoder.encode(p3)
        XCTAssertEqual(chunks(png), ["IHDR", "iCCP", "IDAT", "IEND"])
        let reader = try PNGRowReader(data: png, name: "p3.png")
        XCTAssertEqual(reader.colorSpace, .displayP3)
        XCTAssertEqual(reader.colorChunks.iccpProfile, ICCProfile.displayP3)
        XCTAssertEqual(try PNGDecoder.decode(data: png, name: "p3.png"), p3)
    }

    func testOtherColourSpacesAreNotTaggedSilently() {
        let img = Image(width: 1, height: 1, fill: (1, 2, 3, 255), colorSpace: .other("Adobe RGB (1998)"))
        XCTAssertThrowsError(try PNGEncoder.encode(img, name: "a.png")) { e in
            XCTAssertTrue("\(e)".hasPrefix("a.png: could not encode PNG (no profile"), "\(e)")
        }
    }
}
