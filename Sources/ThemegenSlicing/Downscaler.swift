import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenImage

/// Downscales @3x exports to @2x and @1x (or any smaller grid) so that they come out as close
/// as possible to art rendered directly at the smaller scale.
///
/// Works on premultiplied values (straight RGBA bleeds the colour of transparent pixels into
/// edges), in the image's own encoded values rather than linear light (rasterizers blend
/// coverage in sRGB values, so linear light thins dark strokes), in Double, rounding once at
/// the end. Each output pixel integrates a reconstruction of the source over exactly the area
/// it covers (`ResampleSpans`, `PixelProfile`): at 3:1 that is an exact area average
/// (in integers for 8-bit art, `ExactThirds`), at 3:2 straddling pixels are split by an in-pixel
/// edge reconstruction.
///
/// Separable and streaming: the horizontal pass fills a small ring of rows that the vertical
/// pass reads, so memory grows with the width only. Large images are split into bands of output
/// rows that run on all cores.
package enum Downscaler {
    /// The side of an image at `scale` for a source side exported at `sourceScale`:
    /// round-half-up(side · scale / sourceScale), and at least 1 pixel.
    package static func scaledSide(_ side: Int, scale: Int, sourceScale: Int = 3) -> Int {
        precondition(side >= 0 && scale > 0 && sourceScale > 0)
        return max(1, (2 * side * scale + sourceScale) / (2 * sourceScale))
    }

    /// `image` (exported at `sourceScale`) at `scale`, as 8-bit RGBA in the same colour space.
    package static func downscale(_ image: Image, to scale: Int, from sourceScale: Int = 3) -> Image {
        downscale(image,
                  width: scaledSide(image.width, scale: scale, sourceScale: sourceScale),
                  height: scaledSide(image.height, scale: scale, sourceScale: sourceScale))
    }

    /// `image` resampled to `width` × `height`, as 8-bit RGBA in the same colour space.
    package static func downscale(_ image: Image, width: Int, height: Int) -> Image {
        precondition(width > 0 && height > 0, "output size")
        if width == image.width && height == image.height { return image.to8Bit() }
        precondition(image.width > 0 && image.height > 0, "source size")
        if let exact = ExactThirds.downscale(image, width: width, height: height) { return exact }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            let job = Job(image: image, width: width, height: height, out: dst.baseAddress!)
            switch image.pixels {
            case .rgba8(let a):
                a.withUnsafeBufferPointer { job.run(.rgba8($0.baseAddress!)) }
            case .rgba16(let a):
                a.withUnsafeBufferPointer { job.run(.rgba16($0.baseAddress!)) }
            }
        }
        return Image(width: width, height: height, colorSpace: image.colorSpace, pixels: .rgba8(out))
    }
}

/// The source samples, typed once so that row loops never switch per pixel. Sendable because
/// the pixels are only read while the bands run, and the image outlives `run`.
private enum SourceSamples: @unchecked Sendable {
    case rgba8(UnsafePointer<UInt8>)
    case rgba16(UnsafePointer<UInt16>)
}

/// One downscale: the span tables and the output, shared read-only by the bands. Sendable
/// because each band writes only its own rows of `out`.
private struct Job: @unchecked Sendable {
    let srcW: Int, srcH: Int, dstW: Int, dstH: Int
    let xs: ResampleSpans, ys: ResampleSpans
    let out: UnsafeMutablePointer<UInt8>
    /// Ring rows: enough for every source row one output row reads, plus two either side.
    let ringRows: Int
    /// Whether an axis is exactly 3:2 (@3x to @2x): its spans then repeat every 3 source
    /// pixels, and the straddling middle pixel's two halves come from one reconstruction, with
    /// the same values the span loop gives.
    let thirdsX: Bool, thirdsY: Bool

    init(image: Image, width: Int, height: Int, out: UnsafeMutablePointer<UInt8>) {
        srcW = image.width; srcH = image.height; dstW = width; dstH = height
        xs = ResampleSpans(sourceCount: srcW, outputCount: dstW)
        ys = ResampleSpans(sourceCount: srcH, outputCount: dstH)
        self.out = out
        var widest = 1
        for j in 0..<dstH {
            let r = ys.sourceRange(outputs: j..<(j + 1), sourceCount: srcH)
            widest = max(widest, r.count)
        }
        ringRows = widest + 1
        thirdsX = srcW * 2 == dstW * 3
        thirdsY = srcH * 2 == dstH * 3
    }

    func run(_ samples: SourceSamples) {
        // Bands of output rows; more bands than cores keeps both cores busy to the end. Each
        // band recomputes at most a few source rows at its top edge.
        let pixels = dstW * dstH
        let bands = min(dstH, max(1, min(16, pixels / 32_768)))
        if bands == 1 {
            runBand(0..<dstH, samples)
        } else {
            DispatchQueue.concurrentPerform(iterations: bands) { b in
                runBand((b * dstH / bands)..<((b + 1) * dstH / bands), samples)
            }
        }
    }

    private func runBand(_ rows: Range<Int>, _ samples: SourceSamples) {
        let rowLen = dstW * 4
        let ring = UnsafeMutablePointer<Double>.allocate(capacity: ringRows * rowLen)
        let premultiplied = UnsafeMutablePointer<Double>.allocate(capacity: srcW * 4)
        let acc = UnsafeMutablePointer<Double>.allocate(capacity: rowLen)
        var slotRow = [Int](repeating: -1, count: ringRows)
        defer { ring.deallocate(); premultiplied.deallocate(); acc.deallocate() }

        func row(_ y: Int) -> UnsafeMutablePointer<Double> {
            let y = min(max(y, 0), srcH - 1)
            let slot = y % ringRows
            let p = ring + slot * rowLen
            if slotRow[slot] != y {
                premultiplyRow(y, samples, into: premultiplied)
                horizontalPass(premultiplied, into: p)
                slotRow[slot] = y
            }
            return p
        }

        if thirdsY {
            let other = UnsafeMutablePointer<Double>.allocate(capacity: rowLen)
            defer { other.deallocate() }
            var j = rows.lowerBound
            while j < rows.upperBound {
                // Output rows 2t and 2t+1 share source row 3t+1, half each. Sums in the span
                // loop's order, so the values are the same.
                let t = j / 2
                let r0 = row(3 * t - 1), r1 = row(3 * t), r2 = row(3 * t + 1), r3 = row(3 * t + 2), r4 = row(3 * t + 3)
                for e in 0..<rowLen {
                    let middle = PixelProfile(r0[e], r1[e], r2[e], r3[e], r4[e])
                    let top = middle.integral(from: 0, to: 0.5), bottom = middle.integral(from: 0.5, to: 1)
                    acc[e] = r1[e] + top
                    other[e] = bottom + r3[e]
                }
                if j % 2 == 0 { storeRow(j, acc, norm: ys.norm); j += 1 }
                if j < rows.upperBound { storeRow(j, other, norm: ys.norm); j += 1 }
            }
            return
        }
        for j in rows {
            acc.update(repeating: 0, count: rowLen)
            for k in ys.start[j]..<ys.start[j + 1] {
                let m = ys.source[k], a = ys.from[k], b = ys.to[k]
                if a == 0 && b == 1 {
                    let r = row(m)
                    for e in 0..<rowLen { acc[e] += r[e] }
                } else {
                    // Fetch in ascending order so that the ring never evicts a row still needed.
                    let r0 = row(m - 2), r1 = row(m - 1), r2 = row(m), r3 = row(m + 1), r4 = row(m + 2)
                    for e in 0..<rowLen {
                        acc[e] += PixelProfile(r0[e], r1[e], r2[e], r3[e], r4[e]).integral(from: a, to: b)
                    }
                }
            }
            storeRow(j, acc, norm: ys.norm)
        }
    }

    /// Source row `y` as premultiplied samples on the 0…255 scale.
    private func premultiplyRow(_ y: Int, _ samples: SourceSamples, into p: UnsafeMutablePointer<Double>) {
        let n = srcW * 4
        switch samples {
        case .rgba8(let base):
            let s = base + y * n
            var i = 0
            while i < n {
                let a = Double(s[i + 3])
                let f = a / 255
                p[i] = Double(s[i]) * f; p[i + 1] = Double(s[i + 1]) * f; p[i + 2] = Double(s[i + 2]) * f
                p[i + 3] = a
                i += 4
            }
        case .rgba16(let base):
            let s = base + y * n
            let unit = 255.0 / 65535.0
            var i = 0
            while i < n {
                let a = Double(s[i + 3]) * unit
                let f = a / 255
                p[i] = Double(s[i]) * unit * f; p[i + 1] = Double(s[i + 1]) * unit * f
                p[i + 2] = Double(s[i + 2]) * unit * f
                p[i + 3] = a
                i += 4
            }
        }
    }

    private func horizontalPass(_ src: UnsafeMutablePointer<Double>, into dst: UnsafeMutablePointer<Double>) {
        let last = srcW - 1
        if thirdsX {
            let norm = xs.norm
            for t in 0..<(dstW / 2) {
                // Source pixels 3t (whole), 3t+1 (half each) and 3t+2 (whole) make outputs 2t, 2t+1.
                let p1 = src + (3 * t) * 4, p2 = p1 + 4, p3 = p1 + 8
                let p0 = src + max(3 * t - 1, 0) * 4, p4 = src + min(3 * t + 3, last) * 4
                let d = dst + (2 * t) * 4
                for c in 0..<4 {
                    let middle = PixelProfile(p0[c], p1[c], p2[c], p3[c], p4[c])
                    let left = middle.integral(from: 0, to: 0.5), right = middle.integral(from: 0.5, to: 1)
                    d[c] = (p1[c] + left) * norm
                    d[c + 4] = (right + p3[c]) * norm
                }
            }
            return
        }
        for j in 0..<dstW {
            var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
            for k in xs.start[j]..<xs.start[j + 1] {
                let i = xs.source[k], a = xs.from[k], b = xs.to[k]
                let p = src + i * 4
                if a == 0 && b == 1 {
                    s0 += p[0]; s1 += p[1]; s2 += p[2]; s3 += p[3]
                } else {
                    let pll = src + max(i - 2, 0) * 4, pl = src + max(i - 1, 0) * 4
                    let pr = src + min(i + 1, last) * 4, prr = src + min(i + 2, last) * 4
                    s0 += PixelProfile(pll[0], pl[0], p[0], pr[0], prr[0]).integral(from: a, to: b)
                    s1 += PixelProfile(pll[1], pl[1], p[1], pr[1], prr[1]).integral(from: a, to: b)
                    s2 += PixelProfile(pll[2], pl[2], p[2], pr[2], prr[2]).integral(from: a, to: b)
                    s3 += PixelProfile(pll[3], pl[3], p[3], pr[3], prr[3]).integral(from: a, to: b)
                }
            }
            let d = dst + j * 4
            d[0] = s0 * xs.norm; d[1] = s1 * xs.norm; d[2] = s2 * xs.norm; d[3] = s3 * xs.norm
        }
    }

    /// Un-premultiplies and rounds once: alpha to the nearest 8-bit value, then each colour to
    /// the value whose premultiplied product comes nearest the exact one.
    private func storeRow(_ j: Int, _ acc: UnsafeMutablePointer<Double>, norm: Double) {
        let o = out + j * dstW * 4
        for x in 0..<dstW {
            let e = x * 4
            let alpha = Self.rounded(acc[e + 3] * norm)
            if alpha == 0 {
                o[e] = 0; o[e + 1] = 0; o[e + 2] = 0; o[e + 3] = 0
                continue
            }
            let f = norm * 255 / Double(alpha)
            o[e] = Self.rounded(acc[e] * f); o[e + 1] = Self.rounded(acc[e + 1] * f); o[e + 2] = Self.rounded(acc[e + 2] * f)
            o[e + 3] = alpha
        }
    }

    /// v rounded half up and clamped to 0…255. Truncation is floor once v + 0.5 > 0, and it
    /// is one instruction where `rounded(.down)` is a libm call on baseline x86-64.
    @inline(__always)
    private static func rounded(_ v: Double) -> UInt8 {
        let h = v + 0.5
        return h <= 0 ? 0 : h >= 255 ? 255 : UInt8(Int(h))
    }
}
