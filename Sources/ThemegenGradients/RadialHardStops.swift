/// Hard stops of a radial gradient (rings: two stops at one position on the ellipse).
///
/// The regions either side of a ring (`RadialRings`) are fitted stretch by stretch, and the
/// jump between them starts halfway across the cells that straddle it. Where a few cells across
/// the ring passed for smooth and left the disc and the rest one region, the profile fit saw
/// both sides and put two knots a hair apart with a steep ramp between: such a pair, far
/// steeper than the ramps beside it, is a hard stop too (as in an angular gradient's turn,
/// `AngularHardStops`). As for a linear gradient's hard stops (`refinedJumps`), each is then
/// placed to a fraction of a pixel by the cells across it, whose means mix the two sides in the
/// proportion of their pixels on either side of the ellipse.
extension ShapeFitter {
    /// A cell's extent along a radial geometry's ellipse, at most.
    func cellExtent(_ g: Geometry) -> Double { Double(grid.cellSize) * max(1, g.k) / scale }

    /// `cells` less those a ring at `jumps` crosses: each mixes the colours either side of it,
    /// and in the profile's bins it would bend the stretches beside the ring into extra stops.
    func offRings(_ cells: [Bool], _ g: Geometry, t: [Double], jumps: [Double]) -> [Bool] {
        guard !jumps.isEmpty else { return cells }
        var out = cells
        for k in 0..<cells.count where cells[k] && crosses(k, g, t: t, jumps: jumps) { out[k] = false }
        return out
    }

    /// Half cell k's extent along a radial geometry's t: its half width and height projected
    /// on the ellipse's normal there.
    @inline(__always)
    func radialHalfReach(_ k: Int, _ g: Geometry) -> Double {
        let dx = grid.cx[k] - g.cx, dy = grid.cy[k] - g.cy, k2 = g.k * g.k
        let r = max(1, (dx * dx + k2 * dy * dy).squareRoot())
        return 0.5 * Double(grid.cellSize) * (abs(dx) + k2 * abs(dy)) / r / scale
    }

    /// Whether a ring at one of `jumps` crosses cell k (centred at `t[k]`).
    @inline(__always)
    private func crosses(_ k: Int, _ g: Geometry, t: [Double], jumps: [Double]) -> Bool {
        GradientFitter.nearJump(t[k], jumps, radialHalfReach(k, g))
    }

    /// The places of the pairs of neighbouring knots of `p` under three cells' extent apart
    /// whose colour step is far steeper than the ramps on either side, where most cells across
    /// are not smooth (`smooth`: a steep ramp's are) and a hard stop explains them at least
    /// twice as well as the ramp does.
    func steepPairs(_ g: Geometry, profile p: PiecewiseProfile, t: [Double], smooth: [Bool]) -> [Double] {
        var out: [Double] = []
        let width = 3 * cellExtent(g)
        var i = 0
        while i + 1 < p.knots.count {
            defer { i += 1 }
            let gap = p.knots[i + 1] - p.knots[i]
            guard gap > 0 && gap < width else { continue }
            let step = (p.colors[i + 1] - p.colors[i]).lengthSquared.squareRoot()
            let before = i > 0 ? (p.colors[i] - p.colors[i - 1]).lengthSquared.squareRoot() / max(1e-9, p.knots[i] - p.knots[i - 1]) : 0
            let after = i + 2 < p.knots.count ? (p.colors[i + 2] - p.colors[i + 1]).lengthSquared.squareRoot() / max(1e-9, p.knots[i + 2] - p.knots[i + 1]) : 0
            guard step >= 8 && step / gap > 4 * max(before, after) else { continue }
            let at = (p.knots[i] + p.knots[i + 1]) / 2, ring = [at]
            var across = 0, rough = 0
            for k in 0..<t.count where grid.drawn(k) && crosses(k, g, t: t, jumps: ring) {
                across += 1
                if !smooth[k] { rough += 1 }
            }
            guard across >= 8 && rough * 2 >= across else { continue }
            // The ramp's two ends carried on to one place between them.
            var hard = p
            hard.knots[i] = at; hard.knots[i + 1] = at
            hard.colors[i] = extended(p, pair: i, side: i, at)
            hard.colors[i + 1] = extended(p, pair: i, side: i + 1, at)
            let band = RingBand(self, g, around: at)
            guard band.count >= 8, let placed = placedRing(g, profile: hard, pair: i, band: band) else { continue }
            // Over the cells that either explains (an overlay across the ring, off under both,
            // would hide the difference).
            var jump = 0.0, ramp = 0.0
            for (e, f) in zip(band.errors(placed), band.errors(p)) where min(e, f) < 1600 { jump += e; ramp += f }
            guard jump * 2 <= ramp else { continue }
            out.append(placed.knots[i])
        }
        return out
    }

    /// The colour knot `side` of the pair (`pair`, `pair + 1`) would have at x, its outer
    /// stretch's line carried on (its own colour when it has none).
    private func extended(_ p: PiecewiseProfile, pair: Int, side: Int, _ x: Double) -> Color4 {
        let inner = side == pair ? (pair > 0 ? pair - 1 : nil) : (pair + 2 < p.knots.count ? pair + 2 : nil)
        guard let inner, p.knots[inner] != p.knots[side] else { return p.colors[side] }
        let f = (x - p.knots[side]) / (p.knots[side] - p.knots[inner])
        return clamped255(p.colors[side] + (p.colors[side] - p.colors[inner]) * f)
    }

    /// `p` with each hard stop moved to where the drawn cells across its ring put it; the
    /// stretches either side keep their lines, carried on to the new place.
    func withPlacedRings(_ g: Geometry, profile p: PiecewiseProfile) -> PiecewiseProfile {
        var q = p
        var i = 1
        while i < q.knots.count {
            defer { i += 1 }
            guard q.knots[i] == q.knots[i - 1] else { continue }
            let band = RingBand(self, g, around: q.knots[i])
            guard band.count >= 8, let placed = placedRing(g, profile: q, pair: i - 1, band: band) else { continue }
            q = placed
        }
        return q
    }

    /// `p` with each pair of neighbouring inner knots under two cells' extent apart made one
    /// stop where the lines of the segments either side of the pair meet (closest, in colour),
    /// when the `cells` across it, against what the profile averages to over their pixels, are
    /// explained at least as well. A stop where the ramp turns back steeply (a peak) is the
    /// apex of a V that every cell across it averages over, and the bins, which take each cell
    /// at its centre, see it blunted: the profile fit cut the corner with two knots a cell
    /// apart and missed the apex by up to ΔE 3.8 (browser seed 5 #7, both peaks of a narrow
    /// ellipse; stress seed 7 #31, a peak and the turn after it; both rejected).
    func withCornersMerged(_ g: Geometry, profile p: PiecewiseProfile, cells: [Bool]) -> PiecewiseProfile {
        var q = p
        var i = 1
        while i + 2 < q.knots.count {
            guard let merged = mergedCorner(q, at: i, within: 2 * cellExtent(g)) else { i += 1; continue }
            let band = RingBand(self, g, around: merged.knots[i], among: cells)
            if band.count >= 8 && band.cost(merged) <= band.cost(q) { q = merged } else { i += 1 }
        }
        return q
    }

    /// `p` with knots `i` and `i + 1` (under `width` apart, each between distinct neighbours)
    /// replaced by one where the lines through the segments before and after them come
    /// closest, its colour halfway between the two lines there; nil when they come closest
    /// farther from the pair than its own gap.
    func mergedCorner(_ p: PiecewiseProfile, at i: Int, within width: Double) -> PiecewiseProfile? {
        let a = p.knots[i - 1], b = p.knots[i], c = p.knots[i + 1], d = p.knots[i + 2]
        guard c > b, c - b < width, b > a, d > c else { return nil }
        let before = (p.colors[i] - p.colors[i - 1]) / (b - a), after = (p.colors[i + 2] - p.colors[i + 1]) / (d - c)
        guard let x = Color4.closestApproach(p.colors[i] - before * b, slope: before, p.colors[i + 1] - after * c, slope: after),
              x >= b - (c - b) && x <= c + (c - b) && x > a && x < d else { return nil }
        var q = p
        q.knots.replaceSubrange(i...(i + 1), with: [x])
        q.colors.replaceSubrange(i...(i + 1), with: [clamped255((p.colors[i] + before * (x - b) + p.colors[i + 1] + after * (x - c)) / 2)])
        return q
    }

    /// Knots `j` and `j + 1` (one position) moved within two cells' extent to where the cells
    /// across the ring (`band`) explain best; nil when nowhere explains them better.
    private func placedRing(_ g: Geometry, profile p: PiecewiseProfile, pair j: Int, band: RingBand) -> PiecewiseProfile? {
        let i = j + 1, t0 = p.knots[i], reach = cellExtent(g)
        let eps = 1e-9
        let before = j > 0 ? p.knots[j - 1] : -Double.infinity, after = i + 1 < p.knots.count ? p.knots[i + 1] : Double.infinity
        let lo = max(t0 - 2 * reach, before + eps), hi = min(t0 + 2 * reach, after - eps)
        guard hi > lo else { return nil }
        func trial(_ x: Double) -> PiecewiseProfile {
            var r = p
            r.knots[j] = x; r.knots[i] = x
            r.colors[j] = extended(p, pair: j, side: j, x)
            r.colors[i] = extended(p, pair: j, side: i, x)
            return r
        }
        func cost(_ x: Double) -> Double { band.cost(trial(x)) }
        let pixel = 1 / scale, tolerance = 0.05 * pixel
        let x = GoldenSection.middleOfBestStep(lo, hi, pixel: pixel, tolerance: tolerance, within: lo...hi, cost)
        return cost(x) <= cost(t0) ? trial(x) : nil
    }
}

/// The drawn cells across a ring (within three cells' extent of its place on the ellipse) and
/// their pixels' positions, computed once: moving the ring only changes which side of it each
/// pixel falls on. Each cell's positions are kept sorted, with their running sums, so that the
/// sum of a piecewise-linear profile over them is a few searches a knot rather than a pass
/// over the pixels (the golden-section search evaluates the band some thirty times a ring).
struct RingBand {
    private let grid: CellGrid
    private let cells: [Int], positions: [Double], sums: [Double], ends: [Int]
    var count: Int { cells.count }

    /// `among`: the cells that may count (every drawn one when nil).
    init(_ fitter: ShapeFitter, _ g: ShapeFitter.Geometry, around t0: Double, among: [Bool]? = nil) {
        let grid = fitter.grid, reach = 3 * fitter.cellExtent(g)
        var cells: [Int] = [], positions: [Double] = [], ends: [Int] = []
        for k in 0..<(grid.columns * grid.rows) where grid.drawn(k) && among?[k] != false && abs(fitter.position(g, grid.cx[k], grid.cy[k]) - t0) < reach {
            cells.append(k)
            let from = positions.count
            grid.forEachPixel(k) { x, y in positions.append(fitter.position(g, x, y)) }
            positions[from...].sort()
            ends.append(positions.count)
        }
        var sums = [Double](repeating: 0, count: positions.count + 1)
        for (i, f) in positions.enumerated() { sums[i + 1] = sums[i] + f }
        self.grid = grid; self.cells = cells; self.positions = positions; self.sums = sums; self.ends = ends
    }

    /// The squared error of the cells against the profile averaged over their pixels; an
    /// overlay across the ring counts no more than a gross misfit.
    func cost(_ p: PiecewiseProfile) -> Double { errors(p).reduce(0) { $0 + min(1600, $1) } }

    /// Each cell's squared error against the profile averaged over its pixels.
    func errors(_ p: PiecewiseProfile) -> [Double] {
        let n = p.knots.count
        var out = [Double](repeating: 0, count: cells.count), from = 0
        positions.withUnsafeBufferPointer { f in sums.withUnsafeBufferPointer { sums in
            // The first of the cell's positions (from..<to) at or above v.
            @inline(__always) func lowerBound(_ v: Double, _ from: Int, _ to: Int) -> Int {
                var lo = from, hi = to
                while lo < hi { let mid = (lo + hi) / 2; if f[mid] < v { lo = mid + 1 } else { hi = mid } }
                return lo
            }
            for (m, k) in cells.enumerated() {
                let to = ends[m]
                // As `PiecewiseProfile.value`: the first colour up to the first knot, each
                // segment from its knot up to the next, the last colour from the last knot on.
                var start = lowerBound(p.knots[0], from, to)
                var s = p.colors[0] * Double(start - from)
                for i in 1..<max(1, n) {
                    let end = lowerBound(p.knots[i], start, to)
                    if end > start {
                        let a = p.knots[i - 1], pixels = Double(end - start), sum = sums[end] - sums[start]
                        let slope: Color4 = (p.colors[i] - p.colors[i - 1]) / (p.knots[i] - a)
                        let flat: Color4 = p.colors[i - 1] * pixels
                        s += flat + slope * (sum - a * pixels)
                    }
                    start = end
                }
                s += p.colors[n - 1] * Double(to - start)
                out[m] = (s / Double(to - from) - grid.color(k)).lengthSquared
                from = to
            }
        } }
        return out
    }
}
