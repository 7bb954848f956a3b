import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

final class GradientAccumulatorTests: XCTestCase {
    /// Cell sums from every row layout (RGBA, RGB, 16-bit; 8 and 16 px cells, partial edge
    /// cells) equal sums computed pixel by pixel.
    func testCellSumsMatchDirectSumsForEveryLayout() {
        for (w, h) in [(1003, 790), (37, 29)] {          // 16 px cells with a partial column; 8 px cells
            var rng = SeededRandom(seed: UInt64(w))
            var rgba = [UInt8](repeating: 0, count: w * h * 4)
            for i in 0..<rgba.count { rgba[i] = UInt8(truncatingIfNeeded: rng.next()) }
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            for p in 0..<(w * h) { for c in 0..<3 { rgb[p * 3 + c] = rgba[p * 4 + c] } }

            var a4 = GradientAccumulator(width: w, height: h), a3 = a4, a16 = a4, a3Batched = a4
            XCTAssertEqual(a4.cellSize, w == 1003 ? 16 : 8)
            rgba.withUnsafeBufferPointer { p in
                for y in 0..<h { a4.addRow8(UnsafeBufferPointer(rebasing: p[(y * w * 4)..<((y + 1) * w * 4)]), y: y, channels: 4) }
            }
            rgb.withUnsafeBufferPointer { p in
                for y in 0..<h { a3.addRow8(UnsafeBufferPointer(rebasing: p[(y * w * 3)..<((y + 1) * w * 3)]), y: y, channels: 3) }
            }
            // A cell row at a time, as files are read: the same sums to the bit.
            rgb.withUnsafeBytes { p in
                var y = 0
                while y < h {
                    let n = min(a3Batched.cellSize, h - y)
                    a3Batched.addRows8(p.baseAddress! + y * w * 3, rowBytes: w * 3, y: y, count: n, channels: 3)
                    y += n
                }
            }
            XCTAssertEqual(a3Batched.sums, a3.sums)
            XCTAssertEqual(a3Batched.squares, a3.squares)
            let wide = rgba.map { UInt16($0) * 257 }
            wide.withUnsafeBufferPointer { p in
                for y in 0..<h { a16.addRow16(UnsafeBufferPointer(rebasing: p[(y * w * 4)..<((y + 1) * w * 4)]), y: y, channels: 4) }
            }
            let cs = a4.cellSize
            for j in 0..<a4.rows {
                for i in 0..<a4.columns {
                    var s = [Double](repeating: 0, count: 4), q = s
                    for y in (j * cs)..<min(h, (j + 1) * cs) {
                        for x in (i * cs)..<min(w, (i + 1) * cs) {
                            for c in 0..<4 { let v = Double(rgba[(y * w + x) * 4 + c]); s[c] += v; q[c] += v * v }
                        }
                    }
                    let k = j * a4.columns + i
                    let n = Double(min(h, (j + 1) * cs) - j * cs) * Double(min(w, (i + 1) * cs) - i * cs)
                    for c in 0..<4 {
                        XCTAssertEqual(Double(a4.sums[k][c]), s[c], "RGBA sum cell \(i),\(j) ch \(c)")
                        XCTAssertEqual(Double(a4.squares[k][c]), q[c], accuracy: q[c] * 1e-6, "RGBA squares cell \(i),\(j) ch \(c)")
                        XCTAssertEqual(Double(a16.sums[k][c]), s[c], accuracy: s[c] * 1e-5, "16-bit sum cell \(i),\(j) ch \(c)")
                        let rgbExpected = c == 3 ? 255 * n : s[c]
                        XCTAssertEqual(Double(a3.sums[k][c]), rgbExpected, "RGB sum cell \(i),\(j) ch \(c)")
                    }
                }
            }
        }
    }
}
