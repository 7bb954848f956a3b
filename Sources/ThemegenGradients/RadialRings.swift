
/// The disc and rings of a radial gradient that its own hard stops cut off from the rest.
///
/// The segmentation splits the smooth cells at sharp edges. A radial hard stop is such an
/// edge, an ellipse around the centre: the disc inside it (or the ring beyond it) is a smooth
/// region of its own, and looked like an overlay cut off by edges. Browser seed 1 #40, a glow
/// with a hard stop at half its ellipse, lost its disc as one "overlay" and was rejected
/// ("overlays over 82%"); seed 3 #37, without any overlay, came back 39 ΔE off.
///
/// A ring is told from a card, a bar or a panel by the positions of its cells on the ellipse:
/// a ring's lie in a range that the gradient's cells hardly reach anywhere around the centre,
/// while a card's cells share their positions with gradient cells beside it, at other angles
/// (or with the disc or ring around it, joined before it).
enum RadialRings {
    /// `candidates` with every smooth region (`labels`, other than `largest`) that is a disc or
    /// ring around the fitted centre (`t`: each drawn cell's position on the ellipse, `cellT`: a
    /// cell's extent there at most), and the hard stops between: nil when there is none. A
    /// region joins when it holds at least `minimumShare` of the drawn cells, hardly any cell
    /// of the gradient so far (one in fifty of its own) lies in the range of positions it
    /// covers, it lies next to that gradient's range (across the cells that straddle the edge),
    /// and it reaches far enough along the ellipse (as a linear gradient's region beyond a hard
    /// stop must along its line: a bar along the box's edge across a far-off centre's nearly
    /// straight rings is no ring).
    static func joined(_ candidates: [Bool], labels: [Int32], largest: Int32, grid: CellGrid, t: [Double], cellT: Double,
                       minimumShare: Double = 0.01) -> (cells: [Bool], jumps: [Double])? {
        let n = candidates.count
        guard labels.count == n, t.count == n, largest >= 0, cellT > 0 else { return nil }
        var drawnCount = 0, lo = Double.infinity, hi = -Double.infinity
        var gathered = (lo: Double.infinity, hi: -Double.infinity)
        var cellsOf = [Int32: [Int]]()
        for k in 0..<n where grid.drawn(k) {
            drawnCount += 1
            lo = min(lo, t[k]); hi = max(hi, t[k])
            if candidates[k] { gathered = (min(gathered.lo, t[k]), max(gathered.hi, t[k])) }
            if labels[k] >= 0 && labels[k] != largest { cellsOf[labels[k], default: []].append(k) }
        }
        guard gathered.lo <= gathered.hi else { return nil }
        // The largest first: a card inside a disc is then told by the disc around it.
        var regions = cellsOf.filter { Double($0.value.count) >= minimumShare * Double(drawnCount) }
            .sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map(\.value)
        guard !regions.isEmpty else { return nil }
        // The cells of the gradient so far (the candidates, then each region joined), in bins
        // of half a cell's extent along the ellipse.
        let width = cellT / 2, bins = Int((hi - lo) / width) + 1
        @inline(__always) func bin(_ k: Int) -> Int { min(bins - 1, Int((t[k] - lo) / width)) }
        var gradientIn = [Int](repeating: 0, count: bins)
        for k in 0..<n where candidates[k] && grid.drawn(k) { gradientIn[bin(k)] += 1 }
        var out = candidates, jumps: [Double] = []
        let intruders = { (a: Int, b: Int) in gradientIn[a...b].reduce(0, +) }
        while true {
            var pick: (index: Int, jump: Double)? = nil
            for (i, region) in regions.enumerated() {
                if let jump = continues(region, gathered: gathered, span: hi - lo, grid: grid, t: t, cellT: cellT, intruders: intruders, bin: bin) {
                    pick = (i, jump)
                    break
                }
            }
            guard let pick else { break }
            for k in regions.remove(at: pick.index) {
                out[k] = true
                gradientIn[bin(k)] += 1
                gathered = (min(gathered.lo, t[k]), max(gathered.hi, t[k]))
            }
            jumps.append(pick.jump)
        }
        return jumps.isEmpty ? nil : (out, jumps.sorted())
    }

    /// Where the hard stop between `region` and the gradient so far (its positions from
    /// `gathered.lo` to `gathered.hi`) lies, when the region continues the gradient beyond it;
    /// nil when it does not (see `joined`). `intruders(a, b)`: the gradient's cells in bins a…b.
    private static func continues(_ region: [Int], gathered: (lo: Double, hi: Double), span: Double, grid: CellGrid, t: [Double],
                                  cellT: Double, intruders: (Int, Int) -> Int, bin: (Int) -> Int) -> Double? {
        var lo = Double.infinity, hi = -Double.infinity
        var cmin = Color4(repeating: .infinity), cmax = Color4(repeating: -.infinity)
        for k in region {
            lo = min(lo, t[k]); hi = max(hi, t[k])
            cmin = pointwiseMin(cmin, grid.color(k)); cmax = pointwiseMax(cmax, grid.color(k))
        }
        let flat = (cmax - cmin).max() < 6
        guard hi - lo >= (flat ? GradientFitter.flatHardStopReach : GradientFitter.hardStopReach) * span else { return nil }
        // Next to the gradient's range, across no more than the cells straddling the edge (the
        // centre may be a little off yet, which tilts the edge against the ellipse).
        let above = lo - gathered.hi, below = gathered.lo - hi
        let jump: Double
        if above >= -2 * cellT && above <= 6 * cellT { jump = (gathered.hi + lo) / 2 }
        else if below >= -2 * cellT && below <= 6 * cellT { jump = (hi + gathered.lo) / 2 }
        else { return nil }
        // The range's end bins hold the cells along its edges, on either side.
        let first = bin(region.min { t[$0] < t[$1] }!), last = bin(region.max { t[$0] < t[$1] }!)
        guard last - first >= 2, intruders(first + 1, last - 1) * 50 <= region.count else { return nil }
        return jump
    }
}
