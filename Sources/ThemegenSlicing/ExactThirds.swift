import Foundation
import ThemegenCore
import ThemegenImage

/// The 3:1 downscale of 8-bit art whose sides are multiples of 3 (@3x to @1x), in integers.
///
/// Every output pixel is the exact area average of 3×3 source pixels, so the premultiplied sums
/// are exact integers: Σa, and Σc·a per colour. Rounding is `Downscaler`'s, done exactly:
/// alpha to the nearest 8-bit value, then each colour to the value whose premultiplied product
/// comes nearest the exact one. The Double path reaches the same values except at exact ties,
/// which it may round either way; this costs a tenth of it.
enum ExactThirds {
    /// `image` at a third of its size, or nil when it is not 8-bit at exactly 3:1 (the Double
    /// path's case).
    static func downscale(_ image: Image, width: Int, height: Int) -> Image? {
        guard case .rgba8(let source) = image.pixels, image.width == 3 * width, image.height == 3 * height else { return nil }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            source.withUnsafeBufferPointer { src in
                let job = Job(source: src.baseAddress!, sourceWidth: image.width, out: dst.baseAddress!, width: width)
                // Bands of output rows on all cores; more bands than cores keeps both busy to the end.
                let bands = min(height, max(1, min(16, width * height / 32_768)))
                if bands == 1 {
                    job.rows(0..<height)
                } else {
                    DispatchQueue.concurrentPerform(iterations: bands) { b in
                        job.rows((b * height / bands)..<((b + 1) * height / bands))
                    }
                }
            }
        }
        return Image(width: width, height: height, colorSpace: image.colorSpace, pixels: .rgba8(out))
    }

    private struct Job: @unchecked Sendable {
        let source: UnsafePointer<UInt8>, sourceWidth: Int
        let out: UnsafeMutablePointer<UInt8>, width: Int

        func rows(_ range: Range<Int>) {
            // Per output pixel: Σa, Σr·a, Σg·a, Σb·a over its 3×3 block (≤ 9·255·255: UInt32).
            let sums = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: width)
            defer { sums.deallocate() }
            let rowBytes = sourceWidth * 4
            for j in range {
                sums.update(repeating: .zero, count: width)
                for dy in 0..<3 {
                    var p = source + (3 * j + dy) * rowBytes
                    for i in 0..<width {
                        var s = sums[i]
                        for _ in 0..<3 {
                            let a = UInt32(p[3])
                            s &+= SIMD4(a, UInt32(p[0]) &* a, UInt32(p[1]) &* a, UInt32(p[2]) &* a)
                            p += 4
                        }
                        sums[i] = s
                    }
                }
                store(row: j, sums)
            }
        }

        private func store(row j: Int, _ sums: UnsafeMutablePointer<SIMD4<UInt32>>) {
            var o = out + j * width * 4
            for i in 0..<width {
                let s = sums[i]
                // round(Σa / 9), half up; Σa/9 is never exactly half-way.
                let alpha = (2 &* s[0] &+ 9) / 18
                if alpha == 0 {
                    o[0] = 0; o[1] = 0; o[2] = 0; o[3] = 0
                } else {
                    // round(Σc·a / (9·alpha)), half up, at most 255.
                    let d = 18 &* alpha
                    o[0] = UInt8(min(255, (2 &* s[1] &+ 9 &* alpha) / d))
                    o[1] = UInt8(min(255, (2 &* s[2] &+ 9 &* alpha) / d))
                    o[2] = UInt8(min(255, (2 &* s[3] &+ 9 &* alpha) / d))
                    o[3] = UInt8(alpha)
                }
                o += 4
            }
        }
    }
}
