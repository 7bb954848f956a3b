import XCTest
@testable import ThemegenImage
@testable import ThemegenSlicing
import ThemegenTestSupport
import ThemegenTestKit

/// PNG files from `Tests/Corpus/pngsuite` sliced as @3x exports through the real decoder
/// and encoder.
final class SlicerCorpusTests: XCTestCase {
    /// libpng's test images: grey, palette, RGB, with and without alpha or tRNS, 1 to 8 bits,
    /// untagged or with an sRGB chunk, 2×1 up to 256×256. (Its gamma-1.8 and linear variants
    /// carry colour spaces the encoder cannot tag; see the test below.)
    func testEveryFormatSlicesWithExactThreeXPixels() throws {
        let folder = SharedCorpus.url("pngsuite/libpng-testpngs").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { n in n.hasSuffix(".png") && ["gray-", "palette-", "rgb-"].contains { n.hasPrefix($0) } && !n.contains("16") && !n.contains("-1.8") && !n.contains("-linear") }
            .sorted()
        XCTAssertGreaterThanOrEqual(names.count, 40)
        let sources = names.map { SliceSource(path: folder + "/" + $0, name: String($0.dropLast(4)), scale: 3) }
        var options = SliceOptions(); options.keepImages = true
        let r = Slicer.slice(files: sources, options: options)
        XCTAssertEqual(r.errors.map(\.description), [])
        XCTAssertEqual(r.assets.map(\.asset.name), names.map { String($0.dropLast(4)) }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        for sliced in r.assets {
            let a = sliced.asset
            let sourceBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: a.file)))
            let source = try PNGDecoder.decode(data: sourceBytes, name: a.file)
            let sizes = [1, 2, 3].map { s in [Downscaler.scaledSide(source.width, scale: s), Downscaler.scaledSide(source.height, scale: s)] }
            XCTAssertEqual(sliced.images.map { [$0.width, $0.height] }, sizes, a.name)
            XCTAssertEqual(a.colorSpace, .sRGB, a.name)
            // @3x: exactly the source's pixels, in the smaller of the source's and themegen's bytes.
            let three = sliced.images[2]
            XCTAssertEqual(try PNGDecoder.decode(data: three.png, name: a.name).pixels, source.to8Bit().pixels, a.name)
            XCTAssertEqual(three.png.count, min(sourceBytes.count, try PNGEncoder.encode(source).count), a.name)
            // 2x and 1x decode to what the slicer planned.
            for img in sliced.images.prefix(2) {
                XCTAssertEqual(try PNGDecoder.decode(data: img.png, name: a.name).pixels, img.image?.pixels, "\(a.name) @\(img.scale)x")
            }
        }
        // Sides that are not multiples of 3 warn once per asset; 2×1 and 256×256 both do.
        XCTAssertEqual(r.warnings.count, r.assets.filter { $0.images[2].width % 3 != 0 || $0.images[2].height % 3 != 0 }.count)
    }

    /// PngSuite's basic images carry only `gAMA 1`, a colour space themegen cannot tag outputs
    /// with: one input error per asset (exit 2), naming the file, worded as `themes` words it.
    func testUntaggableColourSpaceIsOneErrorNamingTheFile() throws {
        let path = SharedCorpus.url("pngsuite/libpng-pngsuite/basn6a08.png").path
        let r = Slicer.slice(files: [SliceSource(path: path, name: "basn6a08", scale: 3)])
        XCTAssertEqual(r.assets.count, 0)
        XCTAssertEqual(r.errors.count, 1)
        XCTAssertEqual(r.errors[0].description, "\(path): colour profile 'gAMA 1' is neither sRGB nor Display P3\u{1F}re-export in sRGB or Display P3, or pass --color-space srgb to take its values as sRGB")
        XCTAssertEqual(r.errors[0].kind, .input)
    }

    /// A Display P3 export written by themegen's encoder (iCCP) gives P3-tagged outputs at
    /// every scale, through real files.
    func testDisplayP3SourceGivesP3TaggedFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("themegen-p3-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let art = SlicingFixtures.image(24, 12, colorSpace: .displayP3) { x, y in (UInt8(x * 10), UInt8(y * 20), 200, x < 3 ? 0 : 255) }
        let path = dir.appendingPathComponent("Wide@3x.png").path
        try Data(try PNGEncoder.encode(art)).write(to: URL(fileURLWithPath: path))
        let r = Slicer.slice(files: try SliceSource.scan([dir.path]))
        XCTAssertEqual(r.errors.map(\.description), [])
        let a = try XCTUnwrap(r.assets.first)
        XCTAssertEqual(a.asset.colorSpace, .displayP3)
        for img in a.images {
            let decoded = try PNGDecoder.decode(data: img.png, name: "Wide @\(img.scale)x")
            XCTAssertEqual(decoded.colorSpace, .displayP3, "@\(img.scale)x")
            XCTAssertEqual([decoded.width, decoded.height], [8 * img.scale, 4 * img.scale])
        }
        XCTAssertEqual(try PNGDecoder.decode(data: a.images[2].png, name: "Wide").pixels, art.pixels)
    }
}
