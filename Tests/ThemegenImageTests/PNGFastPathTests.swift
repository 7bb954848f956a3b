import Foundation
import XCTest
@testable import ThemegenImage
import ThemegenTestKit
import ThemegenTestSupport

/// The bridge reads the image data of clean 8-bit RGB and RGBA files itself (tg_idat.c) and goes
/// back to libpng at anything else. Whatever a file holds, both ways give the same rows and the
/// same error (`PNGReadOutcome`, which the PNG fuzzer checks too); the row filters are checked
/// against the PNG specification's own definitions.
final class PNGFastPathTests: XCTestCase {
    static func bothWays(_ data: [UInt8]) -> (fast: PNGReadOutcome, libpng: PNGReadOutcome) {
        PNGReadOutcome.bothWays(data, name: "case.png")
    }

    // MARK: - The conformance corpus

    func testEveryCorpusFileReadsTheSameBothWays() throws {
        var fast = 0, clean = 0
        for row in try PNGConformanceTests.manifest() {
            let path = SharedCorpus.url("pngsuite/" + row.file).path
            for opaqueAsRGB in [false, true] {
                let a = PNGReadOutcome.read { try PNGRowReader(path: path, rgbWhenOpaque: opaqueAsRGB) }
                let b = PNGReadOutcome.read { try PNGRowReader(path: path, rgbWhenOpaque: opaqueAsRGB, libpngOnly: true) }
                XCTAssertTrue(a.agrees(with: b), "\(row.file): \(a.error ?? "ok") vs libpng \(b.error ?? "ok")")
                XCTAssertEqual(b.fastRows, 0, row.file)
                if !opaqueAsRGB && a.fastRows > 0 && !a.fellBack { fast += 1 }
            }
            if try row.ok && Self.isPlainRGB8(Array(Data(contentsOf: URL(fileURLWithPath: path)))) { clean += 1 }
        }
        // Every undamaged non-interlaced 8-bit RGB or RGBA file without tRNS, and only those.
        XCTAssertEqual(fast, clean)
        XCTAssertEqual(clean, 40)
    }

    /// IHDR says 8-bit RGB or RGBA, not interlaced, and no chunk is a tRNS.
    static func isPlainRGB8(_ b: [UInt8]) -> Bool {
        guard b.count > 33, b[24] == 8, b[25] == 2 || b[25] == 6, b[28] == 0 else { return false }
        var at = 8
        while at + 8 <= b.count {
            let length = b[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            if b[(at + 4)..<(at + 8)].elementsEqual("tRNS".utf8) { return false }
            at += 12 + length
        }
        return true
    }

    func testABundledExportIsReadWithoutLibpngsRowsAndAsLibpngReadsIt() throws {
        let path = SharedCorpus.repoRoot.appendingPathComponent("Exports/Themes/Citrus@3x.png").path
        let a = PNGReadOutcome.read { try PNGRowReader(path: path, rgbWhenOpaque: true) }
        let b = PNGReadOutcome.read { try PNGRowReader(path: path, rgbWhenOpaque: true, libpngOnly: true) }
        XCTAssertNil(a.error)
        XCTAssertFalse(a.fellBack)
        XCTAssertEqual(a.fastRows, try PNGRowReader(path: path).header.height)
        XCTAssertEqual(a.rows, b.rows)
    }

    // MARK: - Row filters, against the specification

    func testEveryFilterUndoesToTheImageForThreeAndFourBytesAPixel() throws {
        var random = SeededRandom(seed: 7)
        for channels in [3, 4] {
            let (w, h) = (37, 23)
            let pixels = (0..<(w * h * channels)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // Every filter on every row, then all five mixed, from the same pixels.
            for filters in [[UInt8](repeating: 0, count: h), .init(repeating: 1, count: h), .init(repeating: 2, count: h),
                            .init(repeating: 3, count: h), .init(repeating: 4, count: h), (0..<h).map { UInt8($0 % 5) }] {
                let png = CraftedPNG(width: w, height: h, channels: channels, pixels: pixels, filters: filters)
                let (fast, libpng) = Self.bothWays(png.bytes())
                XCTAssertNil(fast.error, "filters \(filters[0])")
                XCTAssertFalse(fast.fellBack)
                XCTAssertEqual(fast.fastRows, h)
                let expected = channels == 4 ? pixels : Self.withOpaqueAlpha(pixels)
                XCTAssertEqual(fast.rows, expected, "channels \(channels), filters \(filters.prefix(5))")
                XCTAssertEqual(libpng.rows, expected)
            }
        }
    }

    /// Gradients as exports hold them: Paeth's ties (a smooth ramp makes |p − a|, |p − b| and
    /// |p − c| equal often) decide the byte.
    func testPaethTiesOnSmoothRamps() throws {
        let (w, h) = (64, 40)
        var pixels: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w { pixels += [UInt8(x * 4 % 256), UInt8((x + y) % 256), UInt8(y * 6 % 256), UInt8(255 - x)] }
        }
        let png = CraftedPNG(width: w, height: h, channels: 4, pixels: pixels, filters: .init(repeating: 4, count: h))
        let (fast, _) = Self.bothWays(png.bytes())
        XCTAssertEqual(fast.rows, pixels)
        XCTAssertEqual(fast.fastRows, h)
        XCTAssertFalse(fast.fellBack)
    }

    /// Enough data for several of the Adler-32's reduction blocks (5,552 bytes each), several
    /// stored blocks and more than one buffer of inflated rows: a wrong sum would send every
    /// clean file back to libpng. Runs of Paeth rows, odd and even, are undone two rows at a
    /// time, and a pair may straddle the buffer's end.
    func testALargerImageIsReadWithoutFallingBack() throws {
        var random = SeededRandom(seed: 11)
        let (w, h) = (301, 97)
        let pixels = (0..<(w * h * 4)).map { _ in UInt8(truncatingIfNeeded: random.next() >> 7) }
        let filters = (0..<h).map { $0 % 9 < 5 ? 4 : UInt8($0 % 4) }
        let png = CraftedPNG(width: w, height: h, channels: 4, pixels: pixels, filters: filters)
        let (fast, libpng) = Self.bothWays(png.bytes())
        XCTAssertEqual(fast.rows, pixels)
        XCTAssertEqual(libpng.rows, pixels)
        XCTAssertEqual(fast.fastRows, h)
        XCTAssertFalse(fast.fellBack)
    }

    // MARK: - Anything not clean goes to libpng, which answers

    func testDamagedAndUnusualFilesGetLibpngsAnswer() throws {
        let pixels = (0..<(20 * 9 * 3)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let png = CraftedPNG(width: 20, height: 9, channels: 3, pixels: pixels, filters: (0..<9).map { UInt8($0 % 5) })
        let stream = png.zlib()
        typealias Case = (name: String, bytes: [UInt8], fallsBack: Bool)
        var cases: [Case] = [
            ("clean", png.bytes(), false),
            ("IDAT in pieces", png.bytes(idat: png.pieces(stream, 5)), false),
            ("empty IDATs between", png.bytes(idat: [[], Array(stream.prefix(7)), [], Array(stream.dropFirst(7))]), false),
            ("text after the data", png.bytes(after: [("tEXt", Array("k\u{0}v".utf8))]), false),
            ("IDAT CRC", png.bytes(idatCRC: 1), true),
            ("IEND CRC", png.bytes(iendCRC: 1), true),
            ("ancillary CRC after", png.bytes(after: [("tEXt", [1])], afterCRC: 1), true),
            ("Adler-32", png.bytes(idat: [Array(stream.dropLast(4)) + stream.suffix(4).map { $0 ^ 0xFF }]), true),
            ("Adler-32 missing", png.bytes(idat: [Array(stream.dropLast(4))]), true),
            ("data after the stream", png.bytes(idat: [stream + [0, 0]]), true),
            ("another IDAT after", png.bytes(after: [("IDAT", [1, 2])]), true),
            ("critical chunk after", png.bytes(after: [("ABCD", [])]), true),
            ("IEND with data", png.bytes(iend: [1]), true),
            ("no IEND", Array(png.bytes().dropLast(12)), true),
            ("text between IDATs", png.bytes(idat: [Array(stream.prefix(9))], between: ("tEXt", [1]), rest: Array(stream.dropFirst(9))), true),
            ("filter 5", CraftedPNG(width: 20, height: 9, channels: 3, pixels: pixels, filters: [0, 1, 5, 0, 0, 0, 0, 0, 0]).bytes(), true),
            ("short stream", png.bytes(idat: [Array(stream.prefix(stream.count / 2))]), true),
            // 549 bytes of rows: a window of 512 may hide a distance too far back, 1,024 not.
            ("window under the image", png.bytes(idat: [[0x18, 0x19 /* CINFO 1 */] + stream.dropFirst(2)]), true),
            ("window over the image", png.bytes(idat: [[0x28, 0x15 /* CINFO 2 */] + stream.dropFirst(2)]), false),
        ]
        for cut in [60, 80, png.bytes().count - 20, png.bytes().count - 5] {
            cases.append(("cut at \(cut)", Array(png.bytes().prefix(cut)), true))
        }
        for c in cases {
            let (fast, libpng) = Self.bothWays(c.bytes)
            XCTAssertTrue(fast.agrees(with: libpng), "\(c.name): \(fast.error ?? "ok") vs libpng \(libpng.error ?? "ok")")
            XCTAssertEqual(fast.fellBack, c.fallsBack, c.name)
            if !c.fallsBack { XCTAssertEqual(fast.fastRows, 9, c.name) }
        }
        // What libpng says of some of them, so the comparison above compares answers.
        XCTAssertEqual(Self.bothWays(cases[4].bytes).fast.error,
                       "case.png: PNG file is damaged: a chunk checksum (CRC) does not match (IDAT: CRC error)")
        XCTAssertNil(Self.bothWays(cases[9].bytes).fast.error, "libpng warns of data after the stream, and reads the file")
    }

    static func withOpaqueAlpha(_ rgb: [UInt8]) -> [UInt8] {
        var rgba: [UInt8] = []
        for i in stride(from: 0, to: rgb.count, by: 3) { rgba += [rgb[i], rgb[i + 1], rgb[i + 2], 255] }
        return rgba
    }
}

/// A PNG written byte by byte: rows filtered as the PNG specification defines the filters, a zlib
/// stream of stored blocks (no compression, so any filtered bytes can be placed), chunks with
/// CRCs that may be spoiled on purpose.
struct CraftedPNG {
    let width: Int, height: Int, channels: Int
    let pixels: [UInt8]
    let filters: [UInt8]

    func filtered() -> [UInt8] {
        let rowBytes = width * channels
        var out: [UInt8] = []
        for y in 0..<height {
            let f = filters[y]
            out.append(f)
            for i in 0..<rowBytes {
                let x = Int(pixels[y * rowBytes + i])
                let a = i >= channels ? Int(pixels[y * rowBytes + i - channels]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * rowBytes + i]) : 0
                let c = y > 0 && i >= channels ? Int(pixels[(y - 1) * rowBytes + i - channels]) : 0
                let predictor = [0, a, b, (a + b) / 2, Self.paeth(a, b, c)][Int(min(f, 4))]
                out.append(UInt8(truncatingIfNeeded: x - predictor))
            }
        }
        return out
    }

    /// PNG specification, 9.4: the predictor nearest to a + b − c, ties to a, then b.
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    func zlib() -> [UInt8] {
        let data = filtered()
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65_535, data.count - start)
            let last: UInt8 = start + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[start..<(start + n)]
            start += n
        } while start < data.count
        var (s1, s2): (UInt32, UInt32) = (1, 0)
        for byte in data { s1 = (s1 + UInt32(byte)) % 65_521; s2 = (s2 + s1) % 65_521 }
        return out + Self.be32(s2 << 16 | s1)
    }

    func pieces(_ stream: [UInt8], _ count: Int) -> [[UInt8]] {
        let size = (stream.count + count - 1) / count
        return stride(from: 0, to: stream.count, by: size).map { Array(stream[$0..<min($0 + size, stream.count)]) }
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ body: [UInt8], spoilCRC: UInt32 = 0) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(UInt32(body.count)) + typed + be32(crc32(typed) ^ spoilCRC)
    }

    func bytes(idat: [[UInt8]]? = nil, between: (String, [UInt8])? = nil, rest: [UInt8] = [],
               after: [(String, [UInt8])] = [], afterCRC: UInt32 = 0, idatCRC: UInt32 = 0,
               iend: [UInt8] = [], iendCRC: UInt32 = 0) -> [UInt8] {
        let header = Self.be32(UInt32(width)) + Self.be32(UInt32(height)) + [8, channels == 4 ? 6 : 2, 0, 0, 0]
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", header)
        for piece in idat ?? [zlib()] { out += Self.chunk("IDAT", piece, spoilCRC: idatCRC) }
        if let between { out += Self.chunk(between.0, between.1) + Self.chunk("IDAT", rest) }
        for (type, body) in after { out += Self.chunk(type, body, spoilCRC: afterCRC) }
        return out + Self.chunk("IEND", iend, spoilCRC: iendCRC)
    }
}
