import Foundation
import XCTest
@testable import ThemegenImage
import ThemegenTestKit

final class BoxDownscalerTests: XCTestCase {
    func rgba8(_ image: Image) -> [UInt8] {
        guard case .rgba8(let a) = image.pixels else { XCTFail("8-bit output expected"); return [] }
        return a
    }

    /// A whole factor averages blocks: 4×2 → 2×1.
    func testWholeFactorAveragesBlocks() {
        let px: [UInt8] = [
            0, 10, 20, 255,   100, 10, 20, 255,   7, 7, 7, 255,   8, 8, 8, 255,
            50, 10, 21, 255,  150, 10, 21, 255,   9, 9, 9, 255,   11, 11, 11, 255,
        ]
        let out = BoxDownscaler.downscale(Image(width: 4, height: 2, pixels: .rgba8(px)), width: 2, height: 1)
        // (0+100+50+150)/4 = 75; (20+20+21+21)/4 = 20.5 → 21 (half rounds away from zero).
        XCTAssertEqual(rgba8(out), [75, 10, 21, 255, 9, 9, 9, 255])
    }

    /// 3 → 2 columns: each output column covers 1.5 source columns.
    func testFractionalFootprints() {
        let px: [UInt8] = [0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255]
        let out = BoxDownscaler.downscale(Image(width: 3, height: 1, pixels: .rgba8(px)), width: 2, height: 1)
        // (0·1 + 90·0.5) / 1.5 = 30; (90·0.5 + 180·1) / 1.5 = 150.
        XCTAssertEqual(rgba8(out), [30, 30, 30, 255, 150, 150, 150, 255])
    }

    /// Transparent pixels add coverage, not colour.
    func testAlphaWeighting() {
        let px: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 85, 0, 0, 0, 0]
        let out = BoxDownscaler.downscale(Image(width: 4, height: 1, pixels: .rgba8(px)), width: 1, height: 1)
        // Colour: (255·255, 0, 255·85) / 340 → (191.25, 0, 63.75); alpha (255 + 85) / 4 = 85.
        XCTAssertEqual(rgba8(out), [191, 0, 64, 85])
    }

    func testSixteenBitSourceRoundsOnceTo8Bits() {
        // 0x8080 and 0x8000 average to 32832 → 32832 · 255 / 65535 = 127.75 → 128.
        let px: [UInt16] = [0x8080, 0, 0xFFFF, 0xFFFF, 0x8000, 0, 0xFFFF, 0xFFFF]
        let out = BoxDownscaler.downscale(Image(width: 2, height: 1, pixels: .rgba16(px)), width: 1, height: 1)
        XCTAssertEqual(rgba8(out), [128, 0, 255, 255])
    }

    /// The rounding (doubles where exact, integers past that) against the definition in 128-bit
    /// integers: exact halves round up, and quotients a hair below a half or a whole stay down.
    func testRoundingMatchesExactIntegerDivision() {
        func exact(_ n: UInt64, _ k: UInt64, _ d: UInt64) -> UInt8 {
            let (hi, lo) = n.multipliedFullWidth(by: k)
            let (q, r) = d.dividingFullWidth((hi, lo))
            return UInt8(truncatingIfNeeded: r >= d - r ? q + 1 : q)
        }
        var cases: [(UInt64, UInt64, UInt64)] = []
        // Footprints of real sizes: d up to 255·(1242·2688)² and n up to 255·d.
        for d: UInt64 in [1, 2, 3, 7, 255, 65535, 255 * 1242 * 2688, 1 << 50, (1 << 51) - 1, 1 << 51, 1 << 60] {
            for q: UInt64 in [0, 1, 127, 254] {
                let base = d / 255 * q
                for n in [base, base + 1, base &- 1, d / 2, (d + 1) / 2, d &- 1, d] where n <= d {
                    cases.append((n, 255, d))
                    cases.append((n, 1, d))
                }
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let d = (state >> 20) % (255 * 1242 * 2688) + 1
            state = state &* 6364136223846793005 &+ 1442695040888963407
            cases.append(((state >> 8) % (d + 1), 255, d))
        }
        // 16-bit sources: n · k past 2⁶⁴.
        cases.append((UInt64.max / 200, 255, UInt64.max / 2))
        for (n, k, d) in cases {
            XCTAssertEqual(BoxDownscaler.rounded(n, times: k, over: d), exact(n, k, d), "round(\(n)·\(k)/\(d))")
        }
    }

    /// Opaque RGB rows (the theme pass's usual rows) take a faster path than RGBA rows; both
    /// give the same bytes: whole and fractional factors, edge rows on both sides of an output
    /// row, the last source column inside an output column and straddling none, a thumbnail's
    /// ratio (1125×2436 → 249×540, at a third of the size), output rows whose weighted sums
    /// fit 16 bits (12 → 6, 375×812 → 180: 203 units a row) and rows whose sums need 32
    /// (700 → 61, 1030 → 4: 700 and 515 units), and a thumbnail over 257 times shorter than
    /// its source (too many rows for the fast path's 16-bit column sums, so it takes the RGBA
    /// path's).
    func testOpaqueRowsGiveWhatTheirRGBARowsGive() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for (w, h, tw, th) in [(37, 41, 5, 3), (300, 700, 29, 61), (12, 12, 4, 6), (9, 8, 9, 8), (5, 600, 3, 2), (4, 1030, 1, 4),
                               (375, 812, 83, 180)] {
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            for i in rgb.indices {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                rgb[i] = UInt8(truncatingIfNeeded: state >> 56)
            }
            var rgba = [UInt8](repeating: 255, count: w * h * 4)
            for p in 0..<(w * h) { for c in 0..<3 { rgba[4 * p + c] = rgb[3 * p + c] } }
            var scaler = BoxDownscaler(sourceWidth: w, sourceHeight: h, width: tw, height: th)
            rgb.withUnsafeBufferPointer { p in
                for y in 0..<h { scaler.addRow(UnsafeBufferPointer(rebasing: p[(y * w * 3)..<((y + 1) * w * 3)]), channels: 3) }
            }
            let expected = BoxDownscaler.downscale(Image(width: w, height: h, pixels: .rgba8(rgba)), width: tw, height: th)
            XCTAssertEqual(rgba8(scaler.finish()), rgba8(expected), "\(w)×\(h) → \(tw)×\(th)")
        }
    }

    /// The opaque path's rounding by a multiplication gives what the integer division gives,
    /// at exact halves and a hair either side of them, for footprints of real sizes and past
    /// where doubles stop being exact.
    func testRoundedQuotientMatchesTheDivision() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for d: UInt64 in [1, 2, 3, 7, 255, 1023, 1024, 1025, 4096, 1125 * 2436, 2048 * 2732, 12_000 * 13_000, (1 << 43) + 12_345, (1 << 44) - 1, 1 << 44, 1 << 50] {
            let quotient = BoxDownscaler.RoundedQuotient(divisor: d)
            var cases: [UInt64] = [0, d / 2, (d + 1) / 2, d - 1, d, 255 * d, 255 * d - d / 2 - 1]
            for q in stride(from: UInt64(0), through: 254, by: 1) {
                let half = q * d + d / 2
                cases += [half, half + 1, half &- 1, half + (d & 1)]
            }
            for _ in 0..<2_000 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                cases.append((state >> 8) % (255 * d + 1))
            }
            for n in cases where n <= 255 * d {
                XCTAssertEqual(quotient.of(n), BoxDownscaler.rounded(n, times: 1, over: d), "round(\(n) / \(d))")
            }
        }
    }

    func testFittingSizeKeepsTheAspectRatioAndNeverEnlarges() {
        XCTAssertTrue(BoxDownscaler.fittingSize(width: 1125, height: 2436, maxWidth: 300, maxHeight: 540) == (249, 540))
        XCTAssertTrue(BoxDownscaler.fittingSize(width: 2400, height: 600, maxWidth: 300, maxHeight: 540) == (300, 75))
        XCTAssertTrue(BoxDownscaler.fittingSize(width: 20, height: 10, maxWidth: 300, maxHeight: 540) == (20, 10))
        XCTAssertTrue(BoxDownscaler.fittingSize(width: 5000, height: 1, maxWidth: 300, maxHeight: 540) == (300, 1))
    }

    /// Against a plain floating-point area average, over the PngSuite images (every colour
    /// type and depth, interlaced or not), at sizes that do not divide the source; and the
    /// streaming thumbnail of each file equals the thumbnail of the decoded image.
    func testMatchesReferenceOnPngSuite() throws {
        let dir = SharedCorpus.url("pngsuite/pngsuite-full")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasPrefix("bas") && $0.hasSuffix(".png") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 30)
        for name in names {
            let path = dir.appendingPathComponent(name).path
            let image = try PNGDecoder.decode(path: path)
            for (w, h) in [(13, 7), (32, 5), (1, 1)] where w <= image.width && h <= image.height {
                XCTAssertEqual(rgba8(BoxDownscaler.downscale(image, width: w, height: h)), reference(image, w, h), "\(name) → \(w)×\(h)")
            }
            let size = BoxDownscaler.fittingSize(width: image.width, height: image.height, maxWidth: 20, maxHeight: 11)
            XCTAssertEqual(try streamed(path, size), BoxDownscaler.downscale(image, width: size.width, height: size.height), name)
        }
    }

    /// The file's rows streamed as the theme pass reads them (opaque images as RGB rows).
    func streamed(_ path: String, _ size: (width: Int, height: Int)) throws -> Image {
        let reader = try PNGRowReader(path: path, rgbWhenOpaque: true)
        var scaler = BoxDownscaler(sourceWidth: reader.header.width, sourceHeight: reader.header.height,
                                   width: size.width, height: size.height, colorSpace: reader.colorSpace)
        let count = reader.header.width * reader.channels
        for _ in 0..<reader.header.height {
            if reader.rowBitDepth == 16 {
                var row = [UInt16](repeating: 0, count: count)
                try row.withUnsafeMutableBytes { try reader.readRow(into: $0) }
                row.withUnsafeBufferPointer { scaler.addRow($0, channels: reader.channels) }
            } else {
                var row = [UInt8](repeating: 0, count: count)
                try row.withUnsafeMutableBytes { try reader.readRow(into: $0) }
                row.withUnsafeBufferPointer { scaler.addRow($0, channels: reader.channels) }
            }
        }
        try reader.finish()
        return scaler.finish()
    }

    /// Straight from the definition, in exact integers and without the separable passes:
    /// coordinates scaled by the target size (source pixel x spans [x·tw, (x+1)·tw), output
    /// pixel i spans [i·w, (i+1)·w)), then Σ overlap·α·c / Σ overlap·α rounded half up.
    func reference(_ image: Image, _ tw: Int, _ th: Int) -> [UInt8] {
        let maxV = image.bitDepth == 16 ? 65535 : 255
        func sample(_ x: Int, _ y: Int, _ c: Int) -> Int { Int((image.component(x: x, y: y, channel: c) * Double(maxV)).rounded()) }
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        for j in 0..<th {
            for i in 0..<tw {
                var acc = [0, 0, 0], alpha = 0
                for y in 0..<image.height {
                    let oy = min((y + 1) * th, (j + 1) * image.height) - max(y * th, j * image.height)
                    if oy <= 0 { continue }
                    for x in 0..<image.width {
                        let ox = min((x + 1) * tw, (i + 1) * image.width) - max(x * tw, i * image.width)
                        if ox <= 0 { continue }
                        let a = sample(x, y, 3)
                        alpha += ox * oy * a
                        for c in 0..<3 { acc[c] += ox * oy * a * sample(x, y, c) }
                    }
                }
                let o = (j * tw + i) * 4
                if alpha > 0 {
                    for c in 0..<3 { out[o + c] = UInt8((2 * acc[c] * 255 + alpha * maxV) / (2 * alpha * maxV)) }
                }
                let full = maxV * image.width * image.height
                out[o + 3] = UInt8((2 * alpha * 255 + full) / (2 * full))
            }
        }
        return out
    }
}
