/// Reduces an artboard, row by row, to a coarse grid of cell sums: all the gradient fitter
/// needs. Memory is a few bytes per 8×8 cell (about 1.4 MB for 1125×2436), never an image copy,
/// and the per-pixel work is one widening load and two vector adds.
public struct GradientAccumulator: Sendable {
    public static let cellSize = 8

    public let width: Int
    public let height: Int
    public let columns: Int
    public let rows: Int
    /// Per cell: sums of R, G, B, A in 8-bit units (16-bit sources are scaled by 1/257).
    var sums: [SIMD4<Float>]
    /// Per cell: sums of squares of R, G, B, A.
    var squares: [SIMD4<Float>]

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        columns = (width + Self.cellSize - 1) / Self.cellSize
        rows = (height + Self.cellSize - 1) / Self.cellSize
        sums = Array(repeating: .zero, count: columns * rows)
        squares = Array(repeating: .zero, count: columns * rows)
    }

    /// Adds one RGBA8 row (at least 4·width bytes).
    public mutating func addRow8(_ row: UnsafeBufferPointer<UInt8>, y: Int) {
        precondition(row.count >= width * 4 && y >= 0 && y < height)
        guard let base = row.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let cellBase = (y / Self.cellSize) * columns
        let width = self.width
        sums.withUnsafeMutableBufferPointer { s in
            squares.withUnsafeMutableBufferPointer { q in
                var x = 0, cell = cellBase
                while x < width {
                    let end = min(x + Self.cellSize, width)
                    // 8 pixels of 8 bits: sums ≤ 2040 and squares ≤ 520200 fit UInt32 lanes.
                    var acc = SIMD4<UInt32>.zero, acc2 = SIMD4<UInt32>.zero
                    while x < end {
                        let v = SIMD4<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self))
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

    /// Adds one RGBA16 row (at least 4·width host-endian samples).
    public mutating func addRow16(_ row: UnsafeBufferPointer<UInt16>, y: Int) {
        precondition(row.count >= width * 4 && y >= 0 && y < height)
        guard let base = row.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let cellBase = (y / Self.cellSize) * columns
        let width = self.width
        let scale = SIMD4<Float>(repeating: 1 / 257)
        sums.withUnsafeMutableBufferPointer { s in
            squares.withUnsafeMutableBufferPointer { q in
                var x = 0, cell = cellBase
                while x < width {
                    let end = min(x + Self.cellSize, width)
                    var acc = SIMD4<Float>.zero, acc2 = SIMD4<Float>.zero
                    while x < end {
                        let v = SIMD4<Float>(raw.loadUnaligned(fromByteOffset: x &* 8, as: SIMD4<UInt16>.self)) * scale
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

    /// Adds every row of an in-memory image.
    public mutating func add(_ image: Image) {
        precondition(image.width == width && image.height == height)
        switch image.pixels {
        case .rgba8(let a):
            a.withUnsafeBufferPointer { p in
                for y in 0..<height { addRow8(UnsafeBufferPointer(rebasing: p[(y * width * 4)..<((y + 1) * width * 4)]), y: y) }
            }
        case .rgba16(let a):
            a.withUnsafeBufferPointer { p in
                for y in 0..<height { addRow16(UnsafeBufferPointer(rebasing: p[(y * width * 4)..<((y + 1) * width * 4)]), y: y) }
            }
        }
    }

    /// Fits a linear gradient to everything accumulated.
    public func fit(options: GradientFitter.Options = .init()) -> GradientFit {
        GradientFitter(grid: CellGrid(self), options: options).fit()
    }
}

/// The accumulated cells as means and spreads, with their geometry in artboard pixels.
struct CellGrid {
    let width: Int, height: Int, columns: Int, rows: Int
    /// Mean R, G, B per cell, 8-bit scale.
    var r: [Double], g: [Double], b: [Double]
    /// Sum of the three channel variances within the cell.
    var variance: [Double]
    /// Whether every pixel of the cell is opaque.
    var opaque: [Bool]
    var count: [Double]
    var cx: [Double], cy: [Double]

    init(_ acc: GradientAccumulator) {
        width = acc.width; height = acc.height; columns = acc.columns; rows = acc.rows
        let n = columns * rows
        r = .init(repeating: 0, count: n); g = r; b = r; variance = r; count = r; cx = r; cy = r
        opaque = .init(repeating: true, count: n)
        let cs = GradientAccumulator.cellSize
        for j in 0..<rows {
            let y0 = j * cs, h = min(cs, height - y0)
            for i in 0..<columns {
                let x0 = i * cs, w = min(cs, width - x0)
                let k = j * columns + i
                let c = Double(w * h)
                let s = acc.sums[k], q = acc.squares[k]
                let mr = Double(s.x) / c, mg = Double(s.y) / c, mb = Double(s.z) / c, ma = Double(s.w) / c
                r[k] = mr; g[k] = mg; b[k] = mb
                variance[k] = max(0, Double(q.x) / c - mr * mr) + max(0, Double(q.y) / c - mg * mg) + max(0, Double(q.z) / c - mb * mb)
                opaque[k] = ma > 254.99
                count[k] = c
                cx[k] = Double(x0) + Double(w) / 2
                cy[k] = Double(y0) + Double(h) / 2
            }
        }
    }
}
