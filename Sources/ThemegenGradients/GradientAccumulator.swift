import ThemegenImage

/// Reduces an artboard, row by row, to a coarse grid of cell sums: all the gradient fitter
/// needs. Memory is 32 bytes per cell (about 350 kB for 1125×2436), never an image copy, and
/// the per-pixel work is one widening load and two vector adds.
package struct GradientAccumulator: Sendable {
    /// Cells are 8 px square, or 16 px once that would give more than about 12,000 cells: the
    /// fit's cost grows with the cell count, its accuracy hardly does.
    package static func cellSize(width: Int, height: Int) -> Int {
        width * height > 12_000 * 64 ? 16 : 8
    }

    package let cellSize: Int

    package let width: Int
    package let height: Int
    package let columns: Int
    package let rows: Int
    /// Per cell: sums of R, G, B, A in 8-bit units (16-bit sources are scaled by 1/257).
    var sums: [SIMD4<Float>]
    /// Per cell: sums of squares of R, G, B, A.
    var squares: [SIMD4<Float>]
    /// Per cell: sums of R·A/255, G·A/255, B·A/255 and A (the colour over black, which a CSS
    /// gradient interpolates linearly). Empty while every pixel so far was opaque, when they
    /// equal `sums`; filled from the first cell row with a translucent pixel, so opaque
    /// artboards pay nothing for it.
    var premultiplied: [SIMD4<Float>] = []

    /// Whether any pixel so far had alpha below full.
    package var isTranslucent: Bool { !premultiplied.isEmpty }

    /// Whether every pixel so far had alpha 0.
    package var isFullyTransparent: Bool { sums.allSatisfy { $0.w == 0 } }

    package init(width: Int, height: Int) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        cellSize = Self.cellSize(width: width, height: height)
        columns = (width + cellSize - 1) / cellSize
        rows = (height + cellSize - 1) / cellSize
        sums = Array(repeating: .zero, count: columns * rows)
        squares = Array(repeating: .zero, count: columns * rows)
    }

    /// Adds one 8-bit row of RGBA (`channels` 4) or RGB (`channels` 3) pixels. Rows must come
    /// top to bottom.
    package mutating func addRow8(_ row: UnsafeBufferPointer<UInt8>, y: Int, channels: Int = 4) {
        precondition((channels == 3 || channels == 4) && row.count >= width * channels && y >= 0 && y < height)
        guard let base = row.baseAddress else { return }
        addRows8(UnsafeRawPointer(base), rowBytes: width * channels, y: y, count: 1, channels: channels)
    }

    /// Adds `count` 8-bit rows of RGBA (`channels` 4) or RGB (`channels` 3) pixels, `rowBytes`
    /// apart, starting at row `y`; all in one cell row. A whole cell row at once lets the 16 px
    /// path keep its sums in registers. Every cell sum is an integer below 2^24, exact in Float,
    /// so the batching does not change a single bit.
    package mutating func addRows8(_ base: UnsafeRawPointer, rowBytes: Int, y: Int, count: Int, channels: Int) {
        precondition((channels == 3 || channels == 4) && rowBytes >= width * channels && count >= 1
                     && y >= 0 && y + count <= height && y / cellSize == (y + count - 1) / cellSize)
        // RGBA rows may be translucent: remember the cell row's sums to see what the rows added.
        let cellRow = (y / cellSize) * columns
        let before = channels == 4 ? Array(sums[cellRow..<(cellRow + columns)]) : []
        if cellSize == 16 { addCellRow16(base, rowBytes: rowBytes, y: y, count: count, channels: channels) }
        for r in 0..<count {
            let row = (base + r * rowBytes).assumingMemoryBound(to: UInt8.self)
            if cellSize == 16 { addTail16(row, y: y + r, channels: channels) } else { addRow8Cells8(row, y: y + r, channels: channels) }
        }
        if channels == 4 { addPremultiplied(base, rowBytes: rowBytes, y: y, count: count, before: before) }
    }

    /// Keeps `premultiplied` for the cells of rows just added: where they were all opaque, what
    /// they added to `sums`; else their premultiplied values, pixel by pixel.
    private mutating func addPremultiplied(_ base: UnsafeRawPointer, rowBytes: Int, y: Int, count: Int, before: [SIMD4<Float>]) {
        let cellRow = (y / cellSize) * columns
        func cellWidth(_ i: Int) -> Int { min(cellSize, width - i * cellSize) }
        var translucent = false
        for i in 0..<columns where sums[cellRow + i].w - before[i].w < 255 * Float(cellWidth(i) * count) { translucent = true; break }
        if premultiplied.isEmpty {
            guard translucent else { return }
            // Everything before these rows was opaque.
            premultiplied = sums
            for i in 0..<columns { premultiplied[cellRow + i] = before[i] }
        }
        for i in 0..<columns {
            let k = cellRow + i
            let added = sums[k] - before[i]
            let w = cellWidth(i)
            if added.w >= 255 * Float(w * count) { premultiplied[k] += added; continue }
            var acc = SIMD4<Float>.zero
            for r in 0..<count {
                let row = (base + r * rowBytes).assumingMemoryBound(to: UInt8.self)
                for x in (i * cellSize)..<(i * cellSize + w) {
                    let o = x * 4
                    let a = Float(row[o + 3])
                    acc += SIMD4<Float>(Float(row[o]) * a / 255, Float(row[o + 1]) * a / 255, Float(row[o + 2]) * a / 255, a)
                }
            }
            premultiplied[k] += acc
        }
    }

    /// One row into 8 px cells.
    private mutating func addRow8Cells8(_ base: UnsafePointer<UInt8>, y: Int, channels: Int) {
        let raw = UnsafeRawPointer(base)
        let cellBase = (y / cellSize) * columns
        let width = self.width, cellSize = self.cellSize
        // RGB rows are read 4 bytes at a time with the 4th byte (the next pixel's red) replaced
        // by an opaque alpha; the row's last pixel is read byte by byte so nothing past the
        // row is touched.
        let rgb = channels == 3
        let keep = rgb ? SIMD4<UInt32>(255, 255, 255, 0) : SIMD4<UInt32>(repeating: 255)
        let opaque = rgb ? SIMD4<UInt32>(0, 0, 0, 255) : .zero
        let safeEnd = rgb ? width - 1 : width
        sums.withUnsafeMutableBufferPointer { s in
            squares.withUnsafeMutableBufferPointer { q in
                var x = 0, cell = cellBase
                while x < width {
                    let end = min(x + cellSize, width)
                    // At most 16 pixels of 8 bits: sums and squares fit UInt32 lanes.
                    var acc = SIMD4<UInt32>.zero, acc2 = SIMD4<UInt32>.zero
                    let fast = min(end, safeEnd)
                    while x < fast {
                        let v = (SIMD4<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: x &* channels, as: SIMD4<UInt8>.self)) & keep) | opaque
                        acc &+= v
                        acc2 &+= v &* v
                        x &+= 1
                    }
                    while x < end {
                        let o = x * channels
                        let v = SIMD4<UInt32>(UInt32(base[o]), UInt32(base[o + 1]), UInt32(base[o + 2]), rgb ? 255 : UInt32(base[o + 3]))
                        acc &+= v
                        acc2 &+= v &* v
                        x &+= 1
                    }
                    s[cell] += SIMD4<Float>(acc)
                    q[cell] += SIMD4<Float>(acc2)
                    cell &+= 1
                }
            }
        }
    }

    /// The full 16 px cells of one cell row: a cell's 48 (RGB) or 64 (RGBA) bytes per row are
    /// 3 or 4 SIMD16 lanes of bytes, summed down the rows in registers; then, once per cell,
    /// byte b of the lanes goes to channel b % channels.
    private mutating func addCellRow16(_ base: UnsafeRawPointer, rowBytes: Int, y: Int, count: Int, channels: Int) {
        // A constant channel count lets the compiler unroll the lane bookkeeping.
        if channels == 3 {
            addCellRow16(base, rowBytes: rowBytes, y: y, count: count, chunks: 3)
        } else {
            addCellRow16(base, rowBytes: rowBytes, y: y, count: count, chunks: 4)
        }
    }

    @inline(__always)
    private mutating func addCellRow16(_ base: UnsafeRawPointer, rowBytes: Int, y: Int, count: Int, chunks: Int) {
        let full = width / 16
        let cellRow = (y / 16) * columns
        let alpha = Float(16 * count)
        sums.withUnsafeMutableBufferPointer { sums in
            squares.withUnsafeMutableBufferPointer { squares in
                // One cell's lane sums (UInt16, 32 bytes a chunk) then squares (UInt32, 64 bytes).
                withUnsafeTemporaryAllocation(byteCount: 4 * 96, alignment: 16) { lanes in
                    let l = lanes.baseAddress!, squaresAt = 4 * 32
                    for c in 0..<full {
                        for k in 0..<chunks {
                            // ≤ 16 rows of ≤ 255 (squares ≤ 255²) per lane: no wrap.
                            var a = SIMD16<UInt16>.zero, b = SIMD16<UInt32>.zero
                            var p = base + (c &* chunks &+ k) &* 16
                            for _ in 0..<count {
                                let v = SIMD16<UInt16>(truncatingIfNeeded: p.loadUnaligned(as: SIMD16<UInt8>.self))
                                a &+= v
                                b &+= SIMD16<UInt32>(truncatingIfNeeded: v &* v)
                                p += rowBytes
                            }
                            l.storeBytes(of: a, toByteOffset: k &* 32, as: SIMD16<UInt16>.self)
                            l.storeBytes(of: b, toByteOffset: squaresAt &+ k &* 64, as: SIMD16<UInt32>.self)
                        }
                        var s = SIMD4<Float>.zero, q = SIMD4<Float>.zero
                        for ch in 0..<chunks {
                            // A channel's cell total is at most 256·255 (squares 256·255²): exact in Float.
                            var ts: UInt32 = 0, tq: UInt32 = 0
                            var lane = ch
                            for _ in 0..<16 {
                                ts &+= UInt32(l.load(fromByteOffset: lane &* 2, as: UInt16.self))
                                tq &+= l.load(fromByteOffset: squaresAt &+ lane &* 4, as: UInt32.self)
                                lane &+= chunks
                            }
                            s[ch] = Float(ts); q[ch] = Float(tq)
                        }
                        if chunks == 3 { s[3] = 255 * alpha; q[3] = 65025 * alpha }
                        sums[cellRow &+ c] += s
                        squares[cellRow &+ c] += q
                    }
                }
            }
        }
    }

    /// The last, partial 16 px cell of a row, pixel by pixel.
    private mutating func addTail16(_ base: UnsafePointer<UInt8>, y: Int, channels: Int) {
        let full = width / 16
        guard full < columns else { return }
        var acc = SIMD4<Float>.zero, acc2 = SIMD4<Float>.zero
        for x in (full * 16)..<width {
            let o = x * channels
            let v = SIMD4<Float>(Float(base[o]), Float(base[o + 1]), Float(base[o + 2]), channels == 3 ? 255 : Float(base[o + 3]))
            acc += v
            acc2 += v * v
        }
        let k = (y / 16) * columns + full
        sums[k] += acc
        squares[k] += acc2
    }

    /// Adds one 16-bit row (host-endian samples) of RGBA (`channels` 4) or RGB (`channels` 3).
    package mutating func addRow16(_ row: UnsafeBufferPointer<UInt16>, y: Int, channels: Int = 4) {
        precondition((channels == 3 || channels == 4) && row.count >= width * channels && y >= 0 && y < height)
        guard let base = row.baseAddress else { return }
        let cellBase = (y / cellSize) * columns
        let width = self.width, cellSize = self.cellSize
        let scale: Float = 1 / 257
        let before = channels == 4 ? Array(sums[cellBase..<(cellBase + columns)]) : []
        defer { if channels == 4 { addPremultiplied16(base, y: y, before: before) } }
        sums.withUnsafeMutableBufferPointer { s in
            squares.withUnsafeMutableBufferPointer { q in
                var x = 0, cell = cellBase
                while x < width {
                    let end = min(x + cellSize, width)
                    var acc = SIMD4<Float>.zero, acc2 = SIMD4<Float>.zero
                    while x < end {
                        let o = x &* channels
                        let v = SIMD4<Float>(Float(base[o]), Float(base[o + 1]), Float(base[o + 2]),
                                             channels == 3 ? 65535 : Float(base[o + 3])) * scale
                        acc += v
                        acc2 += v * v
                        x &+= 1
                    }
                    s[cell] += acc
                    q[cell] += acc2
                    cell &+= 1
                }
            }
        }
    }

    /// `addPremultiplied` for one 16-bit row.
    private mutating func addPremultiplied16(_ base: UnsafePointer<UInt16>, y: Int, before: [SIMD4<Float>]) {
        let cellRow = (y / cellSize) * columns
        func cellWidth(_ i: Int) -> Int { min(cellSize, width - i * cellSize) }
        var translucent = false
        for i in 0..<columns where sums[cellRow + i].w - before[i].w < 254.999 * Float(cellWidth(i)) { translucent = true; break }
        if premultiplied.isEmpty {
            guard translucent else { return }
            premultiplied = sums
            for i in 0..<columns { premultiplied[cellRow + i] = before[i] }
        }
        for i in 0..<columns {
            let k = cellRow + i
            let added = sums[k] - before[i]
            if added.w >= 254.999 * Float(cellWidth(i)) { premultiplied[k] += added; continue }
            var acc = SIMD4<Float>.zero
            for x in (i * cellSize)..<(i * cellSize + cellWidth(i)) {
                let o = x * 4
                let a = Float(base[o + 3]) / 65535
                acc += SIMD4<Float>(Float(base[o]) * a, Float(base[o + 1]) * a, Float(base[o + 2]) * a, Float(base[o + 3])) / 257
            }
            premultiplied[k] += acc
        }
    }

    /// Adds every row of an in-memory image.
    package mutating func add(_ image: Image) {
        precondition(image.width == width && image.height == height)
        switch image.pixels {
        case .rgba8(let a):
            a.withUnsafeBytes { p in
                var y = 0
                while y < height {
                    let n = min(cellSize, height - y)
                    addRows8(p.baseAddress! + y * width * 4, rowBytes: width * 4, y: y, count: n, channels: 4)
                    y += n
                }
            }
        case .rgba16(let a):
            a.withUnsafeBufferPointer { p in
                for y in 0..<height { addRow16(UnsafeBufferPointer(rebasing: p[(y * width * 4)..<((y + 1) * width * 4)]), y: y) }
            }
        }
    }

    /// Fits a linear, radial or angular gradient (whichever explains the pixels) to everything
    /// accumulated.
    package func fit(options: GradientFitter.Options = .init()) -> GradientFit {
        GradientTypeDecision.fit(grid: CellGrid(self), options: options)
    }
}

/// The accumulated cells as means and spreads, with their geometry in artboard pixels.
struct CellGrid {
    let width: Int, height: Int, columns: Int, rows: Int, cellSize: Int
    /// Mean R, G, B per cell, 8-bit scale, premultiplied by alpha (the colour over black).
    var r: [Double], g: [Double], b: [Double]
    /// Mean alpha per cell, 8-bit scale.
    var a: [Double]
    /// Whether any cell has alpha below full.
    let translucent: Bool
    /// Sum of the three channel variances within the cell.
    var variance: [Double]
    /// The variances of R, G and B within the cell, each (stored colours, 8-bit scale).
    var channelVariance: [SIMD3<Float>]
    /// Whether every pixel of the cell is opaque.
    var opaque: [Bool]
    var count: [Double]
    var cx: [Double], cy: [Double]

    /// Whether cell k is part of what the artboard draws: every cell of a translucent
    /// artboard (its alpha is part of the gradient), the opaque cells of others.
    @inline(__always)
    func drawn(_ k: Int) -> Bool { translucent || opaque[k] }

    /// A cell's mean premultiplied colour and alpha (8-bit scale).
    @inline(__always)
    func color(_ k: Int) -> Color4 { Color4(r[k], g[k], b[k], a[k]) }

    /// The cell that holds the point (x, y), or nil outside the box.
    func cell(atX x: Double, y: Double) -> Int? {
        let cs = Double(cellSize), i = Int((x / cs).rounded(.down)), j = Int((y / cs).rounded(.down))
        return i >= 0 && j >= 0 && i < columns && j < rows ? j * columns + i : nil
    }

    /// Every pixel centre (x, y) of cell k, over which the cell's mean was taken.
    @inline(__always)
    func forEachPixel(_ k: Int, _ body: (Double, Double) -> Void) {
        let x0 = k % columns * cellSize, y0 = k / columns * cellSize
        for y in y0..<min(y0 + cellSize, height) {
            for x in x0..<min(x0 + cellSize, width) { body(Double(x) + 0.5, Double(y) + 0.5) }
        }
    }

    init(_ acc: GradientAccumulator) {
        width = acc.width; height = acc.height; columns = acc.columns; rows = acc.rows; cellSize = acc.cellSize
        let n = columns * rows
        // Every cell of each is written below: none is cleared (or copied from another) first.
        @inline(__always) func cells<T>(_: T.Type) -> [T] { [T](unsafeUninitializedCapacity: n) { _, count in count = n } }
        r = cells(Double.self); g = cells(Double.self); b = cells(Double.self); a = cells(Double.self)
        variance = cells(Double.self); count = cells(Double.self); cx = cells(Double.self); cy = cells(Double.self)
        translucent = acc.isTranslucent
        opaque = cells(Bool.self)
        channelVariance = cells(SIMD3<Float>.self)
        let cs = cellSize, columns = self.columns, width = self.width, height = self.height
        acc.sums.withUnsafeBufferPointer { sums in acc.squares.withUnsafeBufferPointer { squares in
            r.withUnsafeMutableBufferPointer { r in g.withUnsafeMutableBufferPointer { g in b.withUnsafeMutableBufferPointer { b in
                variance.withUnsafeMutableBufferPointer { variance in opaque.withUnsafeMutableBufferPointer { opaque in channelVariance.withUnsafeMutableBufferPointer { channelVariance in
                    count.withUnsafeMutableBufferPointer { count in cx.withUnsafeMutableBufferPointer { cx in cy.withUnsafeMutableBufferPointer { cy in
                        for j in 0..<rows {
                            let y0 = j * cs, h = min(cs, height - y0)
                            for i in 0..<columns {
                                let x0 = i * cs, w = min(cs, width - x0)
                                let k = j * columns + i
                                let c = Double(w * h)
                                let s = sums[k], q = squares[k]
                                let mr = Double(s.x) / c, mg = Double(s.y) / c, mb = Double(s.z) / c, ma = Double(s.w) / c
                                r[k] = mr; g[k] = mg; b[k] = mb; a[k] = ma
                                let vr = max(0, Double(q.x) / c - mr * mr), vg = max(0, Double(q.y) / c - mg * mg), vb = max(0, Double(q.z) / c - mb * mb)
                                variance[k] = vr + vg + vb
                                channelVariance[k] = SIMD3(Float(vr), Float(vg), Float(vb))
                                opaque[k] = ma > 254.99
                                count[k] = c
                                cx[k] = Double(x0) + Double(w) / 2
                                cy[k] = Double(y0) + Double(h) / 2
                            }
                        }
                    } } }
                } } }
            } } }
        } }
        if translucent {
            // The fit works on premultiplied colours; the spread stays that of the stored values.
            for k in 0..<n {
                let c = count[k], p = acc.premultiplied[k]
                r[k] = Double(p.x) / c; g[k] = Double(p.y) / c; b[k] = Double(p.z) / c
            }
        }
    }
}

extension CellGrid {
    /// Half the extent of a cell's projection on a linear gradient's line, as a fraction of
    /// the line: a cell spreads along it by its width and by its height.
    func reach(along line: LinearGradient.Line) -> Double {
        0.5 * Double(cellSize) * (abs(line.dx) + abs(line.dy)) / max(1, line.length)
    }

    /// The two parts of that projection, each a uniform spread by its half width: from the
    /// cell's width and from its height.
    func spread(along line: LinearGradient.Line) -> (Double, Double) {
        (0.5 * Double(cellSize) * abs(line.dx) / max(1, line.length), 0.5 * Double(cellSize) * abs(line.dy) / max(1, line.length))
    }
}
