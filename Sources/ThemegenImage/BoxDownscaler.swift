/// Shrinks an image by exact area averaging (a box filter over the true pixel footprints).
///
/// Each output pixel is the alpha-weighted mean of the source area it covers, with partial
/// source pixels weighted by the exact fraction they overlap, so any ratio works (not only
/// whole factors) and the aspect ratio is kept to the pixel. Weights are whole numbers (the
/// footprints are measured in units of 1/(source·target) pixel), sums are exact integers and
/// each sample is rounded once, when its output row is complete. Rows are fed one at a time and
/// only two output rows are summed at once, so a thumbnail of a file takes its own 8-bit pixels
/// and memory that grows with the width (the theme pass makes one per artboard).
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
    /// Whether opaque 8-bit RGB rows take `addOpaque8` (see `opaqueFits`).
    private let opaqueRows: Bool
    /// `addOpaque8`'s state for the pending output row: Σ (r, g, b) down each source column of
    /// the rows wholly inside it; the source row straddling its top edge, and that row's
    /// weight in it (0: none); and room for the row's samples summed down with their weights,
    /// in 16 bits when they fit (`narrow`), and for those sums collapsed across the columns.
    /// Vertical weights are in units of `verticalUnit` (see `startOpaque`).
    private var plainSums: [UInt16] = []
    private var topRow: [UInt8] = []
    private var topWeight = 0
    private var verticalUnit = 1
    private var narrow = false
    private var weighted16: [UInt16] = [], weighted32: [UInt32] = []
    private var collapsed: [UInt64] = []
    /// `ColumnSpans.collapse`'s running sums.
    private var prefixSums: [SIMD4<UInt32>] = []
    private var pendingRow = 0
    /// How `addOpaque8` collapses a row to the output columns.
    private var spans = ColumnSpans()
    /// The output rows being summed, Σ w·a and Σ w·a·(r, g, b): row j in slot j % 2 (a source
    /// row meets at most two output rows, since height ≤ sourceHeight).
    private var outAlpha: [UInt64]
    private var outColor: [UInt64]
    /// The output, 8-bit RGBA; rows below `finishedRows` are final.
    private var out: [UInt8]
    private var finishedRows = 0
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
        opaqueRows = BoxDownscaler.opaqueFits(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height)
        rowAlpha = [UInt64](repeating: 0, count: width)
        rowColor = [UInt64](repeating: 0, count: width * 3)
        outAlpha = [UInt64](repeating: 0, count: width * 2)
        outColor = [UInt64](repeating: 0, count: width * 2 * 3)
        out = [UInt8](repeating: 0, count: width * height * 4)
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
        if channels == 3 && opaqueRows { addOpaque8(row) } else { add(row, channels: channels) }
    }

    /// Adds the next source row, 16 bits a sample: RGBA, or RGB (opaque) when `channels` is 3.
    package mutating func addRow(_ row: UnsafeBufferPointer<UInt16>, channels: Int = 4) {
        maxSample = 65535
        add(row, channels: channels)
    }

    private mutating func add<T: FixedWidthInteger & UnsignedInteger>(_ row: UnsafeBufferPointer<T>, channels: Int) {
        precondition((channels == 3 || channels == 4) && row.count >= sourceWidth * channels && rowsAdded < sourceHeight)
        precondition(plainSums.isEmpty, "a source's rows are all opaque 8-bit RGB or none are")
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

    /// `add` for an opaque 8-bit RGB row, the usual export, with the same result in far fewer
    /// steps. Output row j's colour is Σ over its source rows of (vertical weight) · (the row
    /// collapsed across the columns); collapsing is linear, so the rows are summed down the
    /// columns first and collapsed once per output row instead of once per source row. A row
    /// wholly inside output row j has the full weight: it is added to `plainSums`, in 16 bits
    /// (a widening add the compiler vectorises 16 samples at a time; `opaqueFits` keeps the
    /// sums below 2¹⁶). At most one row straddles each edge of j. The bottom one completes j:
    /// the plain sums and both straddlers are weighted into one row, which is collapsed and
    /// rounded, and it is kept as the next row's top. Every alpha is 255 and every output
    /// pixel's footprint weighs the same, so each output row is final once collapsed. The sums
    /// are exact integers, so the order changes no result.
    private mutating func addOpaque8(_ row: UnsafeBufferPointer<UInt8>) {
        precondition(row.count >= sourceWidth * 3 && rowsAdded < sourceHeight)
        if plainSums.isEmpty { startOpaque() }
        let start = rowsAdded * height, end = start + height
        let j = start / sourceHeight
        // Output row j − 1 ended on this row's top edge.
        if j > pendingRow { flushPendingRow(bottom: nil, weight: 0) }
        let w0 = min(end, (j + 1) * sourceHeight) - start, w1 = height - w0
        if w1 == 0 {
            let n = sourceWidth * 3
            plainSums.withUnsafeMutableBufferPointer { sums in
                for x in 0..<n { sums[x] &+= UInt16(row[x]) }
            }
        } else {
            // j's bottom straddler, and the next row's top one (the last output row ends on a
            // source row's edge, so that row exists).
            flushPendingRow(bottom: row.baseAddress!, weight: w0 / verticalUnit)
            topRow.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: row.baseAddress!, count: sourceWidth * 3) }
            topWeight = w1 / verticalUnit
        }
        rowsAdded += 1
    }

    /// Whether `addOpaque8` can take the rows: the rows wholly inside one output row, at most
    /// sourceHeight / height of them, must sum below 2¹⁶ in `plainSums`, and an output
    /// column's inner weighted sums, of fewer than sourceWidth / width + 1 columns each at
    /// most 255 · sourceHeight, below 2³² in `ColumnSpans.collapse`. Other sizes (a thumbnail
    /// over 257 times shorter than its source) take `add`.
    private static func opaqueFits(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) -> Bool {
        sourceHeight / height <= Int(UInt16.max) / 255
            && Double(sourceWidth / width + 1) * 255 * Double(sourceHeight) < 0x1p32
    }

    private mutating func startOpaque() {
        precondition(rowsAdded == 0, "a source's rows are all opaque 8-bit RGB or none are")
        // Every edge between source rows and output rows falls on a multiple of the greatest
        // common divisor of their sizes in units, so the weights can be counted in it: an
        // output row then weighs sourceHeight / unit in all, and a thumbnail's rows (2436 →
        // 540: 203) sum to at most 255 · 203, within 16 bits, where the multiplications take
        // a vector instruction for eight samples.
        verticalUnit = BoxDownscaler.gcd(height, sourceHeight)
        narrow = 255 * (sourceHeight / verticalUnit) <= Int(UInt16.max)
        let n = sourceWidth * 3
        plainSums = [UInt16](repeating: 0, count: n)
        topRow = [UInt8](repeating: 0, count: n)
        if narrow { weighted16 = [UInt16](repeating: 0, count: n) } else { weighted32 = [UInt32](repeating: 0, count: n) }
        collapsed = [UInt64](repeating: 0, count: width * 3)
        prefixSums = [SIMD4<UInt32>](repeating: .zero, count: sourceWidth + 1)
        // Source column x lies wholly inside output column ci[x] when its weight is the full
        // `width` units; otherwise it straddles ci[x] and the next, at most one per edge.
        var first = [Int](repeating: 0, count: width), straddling = [Int](repeating: -1, count: width)
        for x in stride(from: sourceWidth - 1, through: 0, by: -1) {
            if columnWeight[x] == UInt64(width) { first[columnIndex[x]] = x } else { straddling[columnIndex[x]] = x }
        }
        for i in 1..<max(width, 1) where first[i] == 0 {
            // No column wholly inside: i lies between two straddlers (after an edge that falls
            // between source columns the next one is wholly inside, as width ≤ sourceWidth).
            first[i] = straddling[i - 1] + 1
        }
        var end = [Int](repeating: sourceWidth, count: width)
        for i in 0..<width { end[i] = straddling[i] >= 0 ? straddling[i] : (i + 1 < width ? first[i + 1] : sourceWidth) }
        let weight = straddling.map { $0 >= 0 ? columnWeight[$0] : 0 }
        spans = ColumnSpans(interiorStart: first, interiorEnd: end, straddler: straddling.map { max($0, 0) },
                            straddlerWeight: weight, carriedWeight: zip(straddling, weight).map { $0 >= 0 ? UInt64(width) - $1 : 0 },
                            width: width, sourceWidth: sourceWidth)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// Completes the pending output row: weights its plain sums, its top straddler and
    /// `bottom` (its bottom straddler, if any) into one row, collapses that across the columns
    /// and rounds it into the output; then starts the next row.
    private mutating func flushPendingRow(bottom: UnsafePointer<UInt8>?, weight: Int) {
        let n = sourceWidth * 3, spans = self.spans
        let wp = height / verticalUnit, wt = topWeight, wb = bottom == nil ? 0 : weight
        plainSums.withUnsafeMutableBufferPointer { plain in
            topRow.withUnsafeBufferPointer { top in
                let p = plain.baseAddress!, t = top.baseAddress!, b = bottom ?? top.baseAddress!
                prefixSums.withUnsafeMutableBufferPointer { prefix in
                    collapsed.withUnsafeMutableBufferPointer { out in
                        if narrow {
                            weighted16.withUnsafeMutableBufferPointer { w in
                                let (wp, wt, wb) = (UInt16(wp), UInt16(wt), UInt16(wb))
                                for x in 0..<n { w[x] = wp &* p[x] &+ wt &* UInt16(t[x]) &+ wb &* UInt16(b[x]) }
                                spans.collapse(w.baseAddress!, prefix: prefix.baseAddress!, into: out.baseAddress!)
                            }
                        } else {
                            weighted32.withUnsafeMutableBufferPointer { w in
                                let (wp, wt, wb) = (UInt32(wp), UInt32(wt), UInt32(wb))
                                for x in 0..<n { w[x] = wp &* UInt32(p[x]) &+ wt &* UInt32(t[x]) &+ wb &* UInt32(b[x]) }
                                spans.collapse(w.baseAddress!, prefix: prefix.baseAddress!, into: out.baseAddress!)
                            }
                        }
                    }
                }
            }
            plain.update(repeating: 0)
        }
        // Every output pixel's footprint weighs sourceWidth · sourceHeight / verticalUnit units
        // (the factor 255 of alpha is left out of colour and weight alike).
        let footprint = RoundedQuotient(divisor: UInt64(sourceWidth) * UInt64(sourceHeight / verticalUnit))
        let o0 = 4 * pendingRow * width
        collapsed.withUnsafeBufferPointer { c in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<width {
                    o[o0 &+ 4 &* i] = footprint.of(c[3 &* i])
                    o[o0 &+ 4 &* i &+ 1] = footprint.of(c[3 &* i &+ 1])
                    o[o0 &+ 4 &* i &+ 2] = footprint.of(c[3 &* i &+ 2])
                    o[o0 &+ 4 &* i &+ 3] = 255
                }
            }
        }
        topWeight = 0
        pendingRow += 1
        finishedRows = pendingRow
    }

    /// Adds `rowAlpha`/`rowColor`, one source row collapsed to the output columns, to the
    /// output rows it covers.
    private mutating func addRowSums() {
        // Source row y covers [y·height, (y+1)·height) units; output row j covers
        // [j·sourceHeight, (j+1)·sourceHeight).
        let start = rowsAdded * height, end = start + height
        let j = start / sourceHeight
        let w0 = UInt64(min(end, (j + 1) * sourceHeight) - start)
        finishRows(below: j)
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
                        let a0 = (j % 2) * tw, c0 = (j % 2) * tw * 3
                        for i in 0..<tw { oa[a0 + i] &+= weight * ra[i] }
                        for i in 0..<(tw * 3) { oc[c0 + i] &+= weight * rc[i] }
                    }
                }
            }
        }
    }

    /// The output as 8-bit RGBA (a thumbnail needs no more), each sample rounded once, exactly.
    package mutating func finish() -> Image {
        precondition(rowsAdded == sourceHeight, "every source row must be added before finishing")
        while !plainSums.isEmpty && pendingRow < height { flushPendingRow(bottom: nil, weight: 0) }
        finishRows(below: height)
        return Image(width: width, height: height, colorSpace: colorSpace, pixels: .rgba8(out))
    }

    /// Rounds the output rows before `j`, which no later source row reaches, into `out`, and
    /// clears their slots for the rows after them.
    private mutating func finishRows(below j: Int) {
        guard finishedRows < j else { return }
        // Every output pixel's footprint weighs sourceWidth·sourceHeight units in all.
        let full = maxSample * UInt64(sourceWidth) * UInt64(sourceHeight)
        let maxSample = self.maxSample, tw = width
        out.withUnsafeMutableBufferPointer { o in
            outAlpha.withUnsafeMutableBufferPointer { oa in
                outColor.withUnsafeMutableBufferPointer { oc in
                    while finishedRows < j {
                        let slot = finishedRows % 2, o0 = finishedRows * tw
                        for i in 0..<tw {
                            let p = slot * tw + i, q = 4 * (o0 + i)
                            let a = oa[p]
                            if a == 0 { continue }
                            let den = a * maxSample
                            o[q] = BoxDownscaler.rounded(oc[3 * p], times: 255, over: den)
                            o[q + 1] = BoxDownscaler.rounded(oc[3 * p + 1], times: 255, over: den)
                            o[q + 2] = BoxDownscaler.rounded(oc[3 * p + 2], times: 255, over: den)
                            o[q + 3] = BoxDownscaler.rounded(a, times: 255, over: full)
                            oa[p] = 0; oc[3 * p] = 0; oc[3 * p + 1] = 0; oc[3 * p + 2] = 0
                        }
                        finishedRows += 1
                    }
                }
            }
        }
    }

    /// round(n / d), halves up, for many n and one d, where the result is at most 255: by one
    /// multiplication with a fixed-point inverse, exactly. A 64-bit division costs tens of
    /// cycles; a thumbnail rounds three per pixel.
    struct RoundedQuotient {
        let divisor: UInt64
        /// ⌈2^(53+l) / 2d⌉ with 2^l ≥ 2d > 2^(l−1): then ⌊x · magic / 2^(53+l)⌋ = ⌊x / 2d⌋ for
        /// every x < 2⁵³ (Granlund and Montgomery 1994, theorem 4.2), and magic < 2⁵⁵.
        private let magic: UInt64
        /// 53 + l − 64: the shift of the product's high word.
        private let shift: UInt64
        /// Whether the multiplication applies: x = 2n + d ≤ 511·d stays below 2⁵³, and 53 + l
        /// is at least 64 (the quotient lies in the high word). Other divisors divide.
        let byMultiplication: Bool

        init(divisor: UInt64) {
            self.divisor = divisor
            byMultiplication = divisor >= 1 << 10 && divisor < 1 << 44
            guard byMultiplication else { magic = 0; shift = 0; return }
            let twice = 2 * divisor
            let l = UInt64(64 - (twice - 1).leadingZeroBitCount)
            shift = 53 + l - 64
            // ⌈2^(53+l) / 2d⌉ = ⌊(2^(53+l) − 1) / 2d⌋ + 1; the quotient fits, as 2^shift − 1 < 2d.
            magic = twice.dividingFullWidth(((1 << shift) - 1, UInt64.max)).quotient + 1
        }

        @inline(__always)
        func of(_ n: UInt64) -> UInt8 {
            guard byMultiplication else { return BoxDownscaler.rounded(n, times: 1, over: divisor) }
            // round(n / d), halves up, is ⌊(2n + d) / 2d⌋.
            let product = (2 &* n &+ divisor).multipliedFullWidth(by: magic)
            return UInt8(truncatingIfNeeded: product.high >> shift)
        }
    }

    /// round(n · k / d), halves up, in 128-bit intermediates where n · k passes 2⁶⁴ (16-bit
    /// sources); the result is at most 255.
    @inline(__always)
    static func rounded(_ n: UInt64, times k: UInt64, over d: UInt64) -> UInt8 {
        let (small, overflow) = n.multipliedReportingOverflow(by: k)
        // One 64-bit division when the product fits, as it does for every 8-bit source.
        let (q, r) = overflow ? d.dividingFullWidth(n.multipliedFullWidth(by: k)) : small.quotientAndRemainder(dividingBy: d)
        return UInt8(truncatingIfNeeded: r >= d - r ? q + 1 : q)
    }
}

/// For each output column of a box downscale: the source columns wholly inside it, and the
/// source column straddling its right edge with its weight in it and in the next (0 and 0, and
/// column 0, when none straddles).
private struct ColumnSpans {
    var interiorStart: [Int] = [], interiorEnd: [Int] = []
    var straddler: [Int] = [], straddlerWeight: [UInt64] = [], carriedWeight: [UInt64] = []
    var width = 0, sourceWidth = 0

    /// One row of RGB samples (an output row's weighted sums) collapsed to the
    /// output columns: per output column, Σ (horizontal weight) · (r, g, b). The row is summed
    /// once from the left, a pixel at a time (four samples read at once, the fourth ignored;
    /// the last pixel sample by sample, so no read passes the row), into `prefix`; an output
    /// column's inner columns are then a difference of two running sums, weighted once, and
    /// its right straddler is split by weight between it and the next. Nothing branches on the
    /// number of columns an output column spans, which varies from column to column and would
    /// be mispredicted. The running sums wrap at 2³², but a difference, at most an output
    /// column's inner sum, fits (`BoxDownscaler.opaqueFits`), so it is exact.
    func collapse<T: FixedWidthInteger & UnsignedInteger & SIMDScalar>(_ samples: UnsafePointer<T>,
                                                                       prefix: UnsafeMutablePointer<SIMD4<UInt32>>,
                                                                       into collapsed: UnsafeMutablePointer<UInt64>) {
        let raw = UnsafeRawPointer(samples), size = MemoryLayout<T>.stride
        var running = SIMD4<UInt32>()
        prefix[0] = running
        for x in 0..<(sourceWidth &- 1) {
            running &+= SIMD4<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: 3 &* x &* size, as: SIMD4<T>.self))
            prefix[x &+ 1] = running
        }
        let k = 3 &* (sourceWidth &- 1)
        running &+= SIMD4(UInt32(samples[k]), UInt32(samples[k &+ 1]), UInt32(samples[k &+ 2]), 0)
        prefix[sourceWidth] = running
        // The weighting is scalar: 64-bit vector multiplications cost SSE2 several steps a lane.
        let span = UInt64(width)
        interiorStart.withUnsafeBufferPointer { first in
            interiorEnd.withUnsafeBufferPointer { end in
                straddler.withUnsafeBufferPointer { straddler in
                    straddlerWeight.withUnsafeBufferPointer { w0 in
                        carriedWeight.withUnsafeBufferPointer { w1 in
                            var carry: (UInt64, UInt64, UInt64) = (0, 0, 0)
                            for i in 0..<width {
                                let inner = prefix[end[i]] &- prefix[first[i]]
                                let s = straddler[i], edge = prefix[s &+ 1] &- prefix[s]
                                let a = w0[i], b = w1[i]
                                let o = 3 &* i
                                collapsed[o] = span &* UInt64(inner[0]) &+ a &* UInt64(edge[0]) &+ carry.0
                                collapsed[o &+ 1] = span &* UInt64(inner[1]) &+ a &* UInt64(edge[1]) &+ carry.1
                                collapsed[o &+ 2] = span &* UInt64(inner[2]) &+ a &* UInt64(edge[2]) &+ carry.2
                                carry = (b &* UInt64(edge[0]), b &* UInt64(edge[1]), b &* UInt64(edge[2]))
                            }
                        }
                    }
                }
            }
        }
    }
}
