import XCTest
@testable import ThemegenImage
@testable import ThemegenSlicing
import ThemegenTestSupport

final class DownscalerTests: XCTestCase {
    typealias F = SlicingFixtures

    func testScaledSidesRoundHalfUp() {
        // 2x = round-half-up(w·2/3), 1x = round-half-up(w/3).
        XCTAssertEqual(Downscaler.scaledSide(72, scale: 2), 48)
        XCTAssertEqual(Downscaler.scaledSide(72, scale: 1), 24)
        XCTAssertEqual(Downscaler.scaledSide(100, scale: 2), 67)   // 66.67
        XCTAssertEqual(Downscaler.scaledSide(100, scale: 1), 33)   // 33.33
        XCTAssertEqual(Downscaler.scaledSide(101, scale: 2), 67)   // 67.33
        XCTAssertEqual(Downscaler.scaledSide(101, scale: 1), 34)   // 33.67
        XCTAssertEqual(Downscaler.scaledSide(75, scale: 2, sourceScale: 2), 75)
        XCTAssertEqual(Downscaler.scaledSide(75, scale: 1, sourceScale: 2), 38)  // 37.5 rounds up
        XCTAssertEqual(Downscaler.scaledSide(1, scale: 1), 1)      // never below one pixel
        let img = Downscaler.downscale(F.image(100, 101) { _, _ in (1, 2, 3, 255) }, to: 2)
        XCTAssertEqual([img.width, img.height], [67, 67])
        XCTAssertEqual(F.pixel(img, 66, 66), [1, 2, 3, 255])
    }

    func testThreeToOneIsExactAreaAverageOfPremultipliedValues() {
        // Each 3×3 block: one opaque red pixel, the rest transparent green. Straight averaging
        // would bleed green in; premultiplied gives pure red at alpha round(255/9) = 28.
        let src = F.image(6, 3) { x, y in x % 3 == 0 && y == 0 ? (255, 0, 0, 255) : (0, 255, 0, 0) }
        let out = Downscaler.downscale(src, to: 1)
        XCTAssertEqual(F.rgba8(out), [255, 0, 0, 28, 255, 0, 0, 28])
        // An opaque gradient averages exactly: (0+30+60)/3 = 30 per block column.
        let ramp = F.image(6, 3) { x, _ in (UInt8(x * 30), 0, 0, 255) }
        XCTAssertEqual(F.rgba8(Downscaler.downscale(ramp, to: 1)), [30, 0, 0, 255, 120, 0, 0, 255])
    }

    func testEightBitThreeToOneIsExactInIntegersAndAgreesWithTheDoublePath() {
        // 8-bit art with sides that are multiples of 3 takes the integer path; the same pixels
        // at 16 bits take the Double path. They must agree everywhere except at exact ties,
        // where the integer path rounds half up.
        var rng = SeededRandom(seed: 42)
        let alphas: [UInt8] = [0, 0, 1, 9, 18, 128, 254, 255, 255, 255]
        let src = F.image(99, 60) { _, _ in
            (UInt8(rng.int(0, 255)), UInt8(rng.int(0, 255)), UInt8(rng.int(0, 255)), alphas[rng.int(0, alphas.count - 1)])
        }
        let a8 = F.rgba8(src)
        let fast = F.rgba8(Downscaler.downscale(src, to: 1))
        let wide = Image(width: 99, height: 60, colorSpace: .sRGB, pixels: .rgba16(a8.map { UInt16($0) * 257 }))
        let slow = F.rgba8(Downscaler.downscale(wide, to: 1))
        XCTAssertEqual(fast.count, 33 * 20 * 4)
        var ties = 0
        for j in 0..<20 {
            for i in 0..<33 {
                var sumA = 0, sumCA = [0, 0, 0]
                for y in (3 * j)..<(3 * j + 3) {
                    for x in (3 * i)..<(3 * i + 3) {
                        let o = (y * 99 + x) * 4, a = Int(a8[o + 3])
                        sumA += a
                        for c in 0..<3 { sumCA[c] += Int(a8[o + c]) * a }
                    }
                }
                let o = (j * 33 + i) * 4
                let alpha = (2 * sumA + 9) / 18
                XCTAssertEqual(Int(fast[o + 3]), alpha)
                XCTAssertEqual(fast[o + 3], slow[o + 3])
                for c in 0..<3 {
                    let exact = alpha == 0 ? 0 : min(255, (2 * sumCA[c] + 9 * alpha) / (18 * alpha))
                    XCTAssertEqual(Int(fast[o + c]), exact, "pixel \(i),\(j) channel \(c)")
                    let tie = alpha > 0 && (2 * sumCA[c]) % (9 * alpha) == 0 && (2 * sumCA[c] / (9 * alpha)) % 2 == 1
                    if tie { ties += 1 } else { XCTAssertEqual(fast[o + c], slow[o + c], "pixel \(i),\(j) channel \(c)") }
                }
            }
        }
        // A constructed tie: two pixels of alpha 9, red 1 and 0: alpha round(18/9) = 2, red
        // exactly 9/18 = 0.5, which rounds up.
        let tie = F.image(3, 3) { x, y in y == 0 && x < 2 ? (x == 0 ? 1 : 0, 0, 0, 9) : (0, 0, 0, 0) }
        XCTAssertEqual(F.rgba8(Downscaler.downscale(tie, to: 1)), [1, 0, 0, 2])
        XCTAssertLessThan(ties, 40)
    }

    func testHalfPointEdgeAtThreeToTwoStaysHard() {
        // A black bar 1.5 px wide at 3x (pixel 0 full, pixel 1 half) on white: the half-point
        // edge is mid-pixel at 3x and on a pixel boundary at 2x, so 2x is 1 px black (128 is a
        // hair lighter than half, so the edge sits at 0.498 and the black pixel reads 0.33 → 0).
        // Plain area averaging would give 2x pixels of 85 and 170 instead of 0 and 255.
        let src = F.image(6, 3) { x, _ in
            let v: UInt8 = x == 0 ? 0 : x == 1 ? 128 : 255
            return (v, v, v, 255)
        }
        let out = Downscaler.downscale(src, to: 2)
        XCTAssertEqual([out.width, out.height], [4, 2])
        let row = Array(F.rgba8(out)[0..<16])
        XCTAssertEqual(row, [0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255])
    }

    func testAStraddlingPixelsHalvesKeepItsTotalAndFlatSidesStayExactlyZero() {
        // The 3:2 path takes both halves of a straddling pixel from one PixelProfile.
        var rng = SeededRandom(seed: 9)
        for _ in 0..<20_000 {
            let v = (0..<5).map { _ in rng.int(0, 2) == 0 ? 0 : Double(rng.int(0, 65025)) / 255 }
            let p = PixelProfile(v[0], v[1], v[2], v[3], v[4])
            XCTAssertEqual(p.integral(from: 0, to: 0.5) + p.integral(from: 0.5, to: 1), v[2], accuracy: 1e-9, "\(v)")
            XCTAssertEqual(p.integral(from: 0, to: 1), v[2], accuracy: 1e-9, "\(v)")
        }
        // A hard edge at t = 100/255 into transparency: the far half is exactly 0, not the
        // residue that 100 minus the near half would leave.
        let edge = PixelProfile(0, 255, 100, 0, 0)
        XCTAssertEqual(edge.integral(from: 0.5, to: 1), 0)
        XCTAssertEqual(edge.integral(from: 0, to: 0.5), 100, accuracy: 1e-12)
    }

    func testStraddlingPixelOnARampUsesTheLimitedSlope() {
        // A linear ramp 0, 30, 60, ... is not an edge: the straddling pixels are split along
        // the ramp's slope, so each 2x pixel is the exact mean of the ramp over its 1.5 pixels
        // (area averaging would split them 50/50 and be off by 2.5).
        let src = F.image(6, 1) { x, _ in (UInt8(x * 30), 0, 0, 255) }
        let out = Downscaler.downscale(src, width: 4, height: 1)
        // Output j covers [1.5j, 1.5j + 1.5): mean of 30·t over it = 30·(1.5j + 0.75) - 15.
        let expected = (0..<4).map { j in UInt8((30 * (1.5 * Double(j) + 0.75) - 15).rounded()) }
        XCTAssertEqual(stride(from: 0, to: 16, by: 4).map { F.rgba8(out)[$0] }, expected)
    }

    func testNoGhostAlphaAndTotalInkKept() {
        // An antialiased disc in a transparent field: nothing leaks into rows and columns
        // whose source blocks are empty, and total alpha is kept to rounding.
        let n = 60
        let src = F.image(n, n) { x, y in
            let d = hypot(Double(x) + 0.5 - 24, Double(y) + 0.5 - 24) - 15
            let a = max(0, min(1, 0.5 - d))
            return (40, 90, 200, UInt8((a * 255).rounded()))
        }
        var srcInk = 0.0
        for v in stride(from: 3, to: n * n * 4, by: 4) { srcInk += Double(F.rgba8(src)[v]) }
        for scale in [1, 2] {
            let out = Downscaler.downscale(src, to: scale)
            let px = F.rgba8(out)
            var ink = 0.0
            for y in 0..<out.height {
                for x in 0..<out.width {
                    let a = px[(y * out.width + x) * 4 + 3]
                    ink += Double(a)
                    // Beyond x, y = 42 (3x) the source is empty: the output must be too.
                    if Double(x) >= 42 * Double(scale) / 3 || Double(y) >= 42 * Double(scale) / 3 {
                        XCTAssertEqual(a, 0, "ghost alpha at \(scale)x (\(x), \(y))")
                    }
                    // Straight colour is exact where alpha is large enough to carry it.
                    if a >= 64 { XCTAssertEqual(Array(px[(y * out.width + x) * 4..<(y * out.width + x) * 4 + 3]), [40, 90, 200], accuracy: 3) }
                }
            }
            let k = Double(scale * scale) / 9
            XCTAssertEqual(ink, srcInk * k, accuracy: Double(out.width * out.height) * 0.5)
        }
    }

    func testSixteenBitSourceIsReadAtFullPrecision() {
        // Eight samples of 32767 (127.498 on the 8-bit scale) and one of 32896 (128.0) average
        // to 127.55 → 128. Rounding to 8 bits first would give (8·127 + 128)/9 = 127.11 → 127.
        var px = [UInt16]()
        for i in 0..<9 { let v: UInt16 = i == 4 ? 32896 : 32767; px += [v, v, v, 65535] }
        let out = Downscaler.downscale(Image(width: 3, height: 3, pixels: .rgba16(px)), to: 1)
        XCTAssertEqual(F.rgba8(out), [128, 128, 128, 255])
        XCTAssertEqual(out.bitDepth, 8)
    }

    func testColourSpaceIsKept() {
        let src = F.image(9, 9, colorSpace: .displayP3) { _, _ in (10, 20, 30, 255) }
        XCTAssertEqual(Downscaler.downscale(src, to: 2).colorSpace, .displayP3)
        XCTAssertEqual(Downscaler.downscale(src, to: 1).colorSpace, .displayP3)
    }

    func testBandsOnLargeImagesMatchTheSingleBandResult() {
        // 600×600 → 400×400 runs in several bands on all cores; each band rebuilds its own
        // rows, which must give exactly what the rows of a small image give alone.
        let f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in
            (UInt8((x * 7 + y * 13) % 256), UInt8((x * x + y) % 256), UInt8((x ^ y) % 256), UInt8(x % 9 == 0 ? 0 : 200 + (y % 50)))
        }
        let big = Downscaler.downscale(F.image(600, 600, f), to: 2)
        // The same content limited to the first 30 rows (whose first 16 output rows depend only
        // on source rows < 27) runs in one band.
        let small = Downscaler.downscale(F.image(600, 30, f), to: 2)
        XCTAssertEqual(Array(F.rgba8(big)[0..<(400 * 16 * 4)]), Array(F.rgba8(small)[0..<(400 * 16 * 4)]))
        // And a band boundary deep inside the big image: rows 100..<110 of the big output equal
        // the output of the source rows 141..<171 shifted (row 150 is a 3-row block start).
        let mid = Downscaler.downscale(F.image(600, 60) { x, y in f(x, y + 120) }, to: 2)
        XCTAssertEqual(Array(F.rgba8(big)[(400 * 90 * 4)..<(400 * 110 * 4)]), Array(F.rgba8(mid)[(400 * 10 * 4)..<(400 * 30 * 4)]))
    }
}

private func XCTAssertEqual(_ a: [UInt8], _ b: [UInt8], accuracy: Int, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) where abs(Int(x) - Int(y)) > accuracy {
        XCTFail("\(a) != \(b) ±\(accuracy) \(message)", file: file, line: line); return
    }
}
