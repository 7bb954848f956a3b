#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The gradient direction as the principal axis of the colour-difference structure tensor of a
/// set of cells, plainly or with Cauchy weights (`direction(robust:)`).
///
/// The fit asks for both directions of the same candidates, and the robust one needs the median
/// difference before it can weigh any pair: so one pass over the cells keeps each pair's terms,
/// and the directions are sums over those (in the pairs' order, so each sum is what a pass of
/// its own over the cells would add up).
struct DirectionTensor {
    /// Per pair of a cell with its right and lower neighbours (gx, gy: the colour differences
    /// per pixel): |gx|², |gy|², gx·gy and |gx|² + |gy|².
    private var terms: [SIMD4<Double>] = []
    /// The larger of the artboard's sides, in pixels.
    private let extent: Double

    /// The pairs of `cells` whose right and lower neighbours are in `cells` too.
    init(grid: CellGrid, cells: [Bool]) {
        let cols = grid.columns, rows = grid.rows
        extent = Double(max(grid.width, grid.height))
        // At most one pair a cell, each written before it is read.
        var terms = [SIMD4<Double>](unsafeUninitializedCapacity: cells.count) { _, count in count = cells.count }
        var pairs = 0
        terms.withUnsafeMutableBufferPointer { terms in cells.withUnsafeBufferPointer { cells in
            grid.cx.withUnsafeBufferPointer { cx in grid.cy.withUnsafeBufferPointer { cy in
                grid.r.withUnsafeBufferPointer { r in grid.g.withUnsafeBufferPointer { g in
                    grid.b.withUnsafeBufferPointer { b in grid.a.withUnsafeBufferPointer { a in
                        @inline(__always) func color(_ k: Int) -> Color4 { Color4(r[k], g[k], b[k], a[k]) }
                        for j in 0..<(rows - 1) {
                            for i in 0..<(cols - 1) {
                                let k = j * cols + i
                                guard cells[k] && cells[k + 1] && cells[k + cols] else { continue }
                                let c = color(k)
                                let gx = (color(k + 1) - c) / (cx[k + 1] - cx[k])
                                let gy = (color(k + cols) - c) / (cy[k + cols] - cy[k])
                                let xx = gx.lengthSquared, yy = gy.lengthSquared
                                terms[pairs] = SIMD4(xx, yy, (gx * gy).sum(), xx + yy)
                                pairs += 1
                            }
                        }
                    } }
                } }
            } }
        } }
        terms.removeLast(terms.count - pairs)
        self.terms = terms
    }

    /// The direction in CSS degrees, or nil when the colour does not change (a flat fill, only
    /// judged plainly). With `robust`, each pair's difference counts less the larger it is than
    /// the typical one (Cauchy weights), so the steep falloff of a soft shadow cannot outvote a
    /// faint gradient.
    func direction(robust: Bool = false) -> Double? {
        guard !terms.isEmpty else { return nil }
        var jxx = 0.0, jxy = 0.0, jyy = 0.0
        if robust {
            let m = median(terms.map { $0.w.squareRoot() }, upTo: 100)
            let scale2 = 9 * m * m
            guard scale2 > 0 else { return nil }
            for p in terms {
                let w = 1 / (1 + p.w / scale2)
                jxx += w * p.x; jxy += w * p.z; jyy += w * p.y
            }
        } else {
            for p in terms { jxx += p.x; jxy += p.z; jyy += p.y }
            // Less than about one level of change across the whole box: flat.
            if (jxx + jyy) / Double(terms.count) * extent * extent < 1.0 { return nil }
        }
        let theta = 0.5 * atan2(2 * jxy, jxx - jyy)   // direction (cos θ, sin θ) in y-down pixels
        let dx = cos(theta), dy = sin(theta)
        // CSS: direction = (sin a, −cos a).
        return GradientFitter.normalized(atan2(dx, -dy) * 180 / Double.pi)
    }
}
