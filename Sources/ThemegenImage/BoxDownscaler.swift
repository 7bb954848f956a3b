/// Shrinks an image by exact area averaging (a box filter over the true pixel footprints).
///
/// Each output pixel is the alpha-weighted mean of the source area it covers, with partial
/// source pixels weighted by the exact fraction they overlap, so any ratio works (not only
/// whole factors) and the aspect ratio is kept to the pixel. Weights are whole numbers (the
/// footprints are measured in units of 1/(source·target) pixel), sums are exact integers and
/// each sample is rounded once at the end. Rows are fed one at a time, so a thumbnail of a
/// file can be made with memory that grows with the width only (the theme pass does).
package struct BoxDownscaler {
    package let sourceWidth: Int
    package let sourceHeight: Int
    package let width: Int
    package let height: Int
    package let colorSpace: ColorSpace
    package private(set) var rowsAdded = 0

    /// For source column x: the first output column it falls in, and its weight there (the
    /// rest of its `width` units, if any, go to the next column).
    private let columnIndex: [Int]
    private let columnWeight: [UInt64]
    /// One source row collapsed to the output columns: Σ w·a and Σ w·a·(r, g, b).
    private var rowAlpha: [UInt64]
    private var rowColor: [UInt64]
    /// `addOpaque8`'s per-row Σ w·(r, g, b), with one spare column.
    private var rowSums: [UInt32] = []
    /// The whole output, accumulated: Σ w·a and Σ w·a·(r, g, b).
    private var outAlpha: [UInt64]
    private var outColor: [UInt64]
    private var maxSample: UInt64 = 255

    /// `width`×`height` must be 1…source in each direction.
    package init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, colorSpace: ColorSpace = .sRGB) {
        precondition(width >= 1 && height >= 1 && width <= sourceWidth && height <= sourceHeight,
                     "box downscaling needs a target no larger than the source")
        self.sourceWidth = sourceWidth; self.sourceHeight = sourceHeight
        self.width = width; self.height = height; self.colorSpace = colorSpace
        // Source column x covers [x·width, (x+1)·width) units; output column i covers
        // [i·sourceWidth, (i+1)·sourceWidth). Since width ≤ sourceWidth, x meets at most two.
        var index = [Int](repeating: 0, count: sourceWidth)
        var weight = [UInt64](repeating: 0, count: sourceWidth)
        for x in 0..<sourceWidth {
            let start = x * width, end = start + width
            let i = start / sourceWidth
            index[x] = i
            weight[x] = UInt64(min(end, (i + 1) * sourceWidth) - start)
        }
        columnIndex = index
        columnWeight = weight
        rowAlpha = [UInt64](repeating: 0, count: width)
        rowColor = [UInt64](repeating: 0, count: width * 3)
        outAlpha = [UInt64](repeating: 0, count: width * height)
        outColor = [UInt64](repeating: 0, count: width * height * 3)
    }

    /// The largest size within `maxWidth`×`maxHeight` with the source's aspect ratio, never
    /// larger than the source, at least 1×1.
    package static func fittingSize(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        return (max(1, min(width, Int((Double(width) * scale).rounded()))),
                max(1, min(height, Int((Double(height) * scale).rounded()))))
    }

    /// Shrinks a decoded image.
    package static func downscale(_ image: Image, width: Int, height: Int) -> Image {
        var scaler = BoxDownscaler(sourceWidth: image.width, sourceHeight: image.height,
                                   width: width, height: height, colorSpace: image.colorSpace)
        let stride = image.width * 4
        switch image.pixels {
        case .rgba8(let a):
            a.withUnsafeBufferPointer { p in
                for y in 0..<image.height { scaler.addRow(UnsafeBufferPointer(rebasing: p[(y * stride)..<((y + 1) * stride)])) }
            }
        case .rgba16(let a):
            a.withUnsafeBufferPointer { p in
                for y in 0..<image.height { scaler.addRow(UnsafeBufferPointer(rebasing: p[(y * stride)..<((y + 1) * stride)])) }
            }
        }
        return scaler.finish()
    }

    /// Adds the next source row, 8 bits a sample: RGBA, or RGB (opaque) when `channels` is 3.
    package mutating func addRow(_ row: UnsafeBufferPointer<UInt8>, channels: Int = 4) {
        maxSample = 255
        if channels == 3 { addOpaque8(row) } else { add(row, channels: channels) }
    }

    /// Adds the next source row, 16 bits a sample: RGBA, or RGB (opaque) when `channels` is 3.
    package mutating func addRow(_ row: UnsafeBufferPointer<UInt16>, channels: Int = 4) {
        maxSample = 65535
        add(row, channels: channels)
    }

    private mutating func add<T: FixedWidthInteger & UnsignedInteger>(_ row: UnsafeBufferPointer<T>, channels: Int) {
        precondition((channels == 3 || channels == 4) && row.count >= sourceWidth * channels && rowsAdded < sourceHeight)
        let opaque = channels == 3, full = maxSample
        let span = UInt64(width)
        let sw = sourceWidth, tw = width
        rowAlpha.withUnsafeMutableBufferPointer { ra in
            rowColor.withUnsafeMutableBufferPointer { rc in
                columnIndex.withUnsafeBufferPointer { ci in
                    columnWeight.withUnsafeBufferPointer { cw in
                        for i in 0..<ra.count { ra[i] = 0 }
                        for i in 0..<rc.count { rc[i] = 0 }
                        for x in 0..<sw {
                            let p = channels * x
                            let a = opaque ? full : UInt64(row[p + 3])
                            if a == 0 { continue }
                            let r = UInt64(row[p]) * a, g = UInt64(row[p + 1]) * a, b = UInt64(row[p + 2]) * a
                            let i = ci[x], w0 = cw[x]
                            ra[i] &+= w0 * a
                            rc[3 * i] &+= w0 * r; rc[3 * i + 1] &+= w0 * g; rc[3 * i + 2] &+= w0 * b
                            let w1 = span - w0
                            if w1 > 0 && i + 1 < tw {
                                ra[i + 1] &+= w1 * a
                                rc[3 * i + 3] &+= w1 * r; rc[3 * i + 4] &+= w1 * g; rc[3 * i + 5] &+= w1 * b
                            }
                        }
                    }
                }
            }
        }
        addRowSums()
    }

    /// `add` for an opaque 8-bit RGB row, the usual export, with the same sums in fewer steps:
    /// every alpha is 255, so a column's Σ w·a is 255·sourceWidth (its footprint is
    /// sourceWidth units) and Σ w·a·c is 255·Σ w·c. Σ w·c ≤ 255·sourceWidth fits in 32 bits, and
    /// a pixel inside one output column adds 0 to the next (`rowSums` has a spare column), so
    /// the loop has no branch.
    private mutating func addOpaque8(_ row: UnsafeBufferPointer<UInt8>) {
        precondition(row.count >= sourceWidth * 3 && rowsAdded < sourceHeight && sourceWidth < Int(UInt32.max) / 255)
        let sw = sourceWidth, span = UInt32(width)
        if rowSums.count != (width + 1) * 3 { rowSums = [UInt32](repeating: 0, count: (width + 1) * 3) }
        rowSums.withUnsafeMutableBufferPointer { rs in
            columnIndex.withUnsafeBufferPointer { ci in
                columnWeight.withUnsafeBufferPointer { cw in
                    for i in 0..<rs.count { rs[i] = 0 }
                    for x in 0..<sw {
                        let r = UInt32(row[3 * x]), g = UInt32(row[3 * x + 1]), b = UInt32(row[3 * x + 2])
                        let k = 3 * ci[x], w0 = UInt32(truncatingIfNeeded: cw[x]), w1 = span &- w0
                        rs[k] &+= w0 &* r; rs[k + 1] &+= w0 &* g; rs[k + 2] &+= w0 &* b
                        rs[k + 3] &+= w1 &* r; rs[k + 4] &+= w1 &* g; rs[k + 5] &+= w1 &* b
                    }
                }
            }
        }
        let alpha = 255 * UInt64(sw)
        rowAlpha.withUnsafeMutableBufferPointer { ra in
            rowColor.withUnsafeMutableBufferPointer { rc in
                rowSums.withUnsafeBufferPointer { rs in
                    for i in 0..<ra.count { ra[i] = alpha }
                    for i in 0..<rc.count { rc[i] = 255 &* UInt64(rs[i]) }
                }
            }
        }
        addRowSums()
    }

    /// Adds `rowAlpha`/`rowColor`, one source row collapsed to the output columns, to the
    /// output rows it covers.
    private mutating func addRowSums() {
        // Source row y covers [y·height, (y+1)·height) units; output row j covers
        // [j·sourceHeight, (j+1)·sourceHeight).
        let start = rowsAdded * height, end = start + height
        let j = start / sourceHeight
        let w0 = UInt64(min(end, (j + 1) * sourceHeight) - start)
        accumulate(into: j, weight: w0)
        if w0 < UInt64(height) && j + 1 < height { accumulate(into: j + 1, weight: UInt64(height) - w0) }
        rowsAdded += 1
    }

    private mutating func accumulate(into j: Int, weight: UInt64) {
        let tw = width
        rowAlpha.withUnsafeBufferPointer { ra in
            rowColor.withUnsafeBufferPointer { rc in
                outAlpha.withUnsafeMutableBufferPointer { oa in
                    outColor.withUnsafeMutableBufferPointer { oc in
                        let a0 = j * tw, c0 = j * tw * 3
                        for i in 0..<tw { oa[a0 + i] &+= weight * ra[i] }
                        for i in 0..<(tw * 3) { oc[c0 + i] &+= weight * rc[i] }
                    }
                }
            }
        }
    }

    /// The output as 8-bit RGBA (a thumbnail needs no more), each sample rounded once, exactly.
    package func finish() -> Image {
        precondition(rowsAdded == sourceHeight, "every source row must be added before finishing")
        // Every output pixel's footprint weighs sourceWidth·sourceHeight units in all.
        let full = maxSample * UInt64(sourceWidth) * UInt64(sourceHeight)
        let maxSample = self.maxSample
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { o in
            outAlpha.withUnsafeBufferPointer { oa in
                outColor.withUnsafeBufferPointer { oc in
                    for p in 0..<oa.count {
                        let a = oa[p]
                        if a == 0 { continue }
                        let den = a * maxSample
                        o[4 * p] = BoxDownscaler.rounded(oc[3 * p], times: 255, over: den)
                        o[4 * p + 1] = BoxDownscaler.rounded(oc[3 * p + 1], times: 255, over: den)
                        o[4 * p + 2] = BoxDownscaler.rounded(oc[3 * p + 2], times: 255, over: den)
                        o[4 * p + 3] = BoxDownscaler.rounded(a, times: 255, over: full)
                    }
                }
            }
        }
        return Image(width: width, height: height, colorSpace: colorSpace, pixels: .rgba8(out))
    }

    /// round(n · k / d), halves up, in 128-bit intermediates (n · k can pass 2⁶⁴ for 16-bit
    /// sources); the result is at most 255.
    @inline(__always)
    static func rounded(_ n: UInt64, times k: UInt64, over d: UInt64) -> UInt8 {
        let product = n.multipliedFullWidth(by: k)
        let (q, r) = d.dividingFullWidth(product)
        return UInt8(truncatingIfNeeded: r >= d - r ? q + 1 : q)
    }
}
