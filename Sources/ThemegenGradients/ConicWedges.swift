/// The wedges of an angular gradient that its own sharp rays cut off from the rest.
///
/// The segmentation splits the smooth cells at sharp edges. A conic's seam and a hard stop are
/// such edges, and two of them (or two hard stops) cut the box into wedges that meet only at
/// the centre. The largest wedge becomes the candidates, and the others looked like overlays
/// cut off by edges: browser seed 5 #17, a conic with no overlay at all, lost the 158° below
/// its seam and hard stop as one "overlay" and was rejected.
///
/// A wedge is told from a card, a bar or a panel by what lies along its rays: from the centre
/// out, a wedge's rays see only the wedge (and the unsmooth cells along its edges), while a
/// card's rays pass gradient between the centre and the card, or beyond it: the candidates,
/// or a wedge joined before it.
enum ConicWedges {
    /// Bins of the turn a cell's direction from the centre falls in (two a degree).
    private static let bins = 720

    /// `candidates` with every smooth region (`labels`, other than `largest`) that is a wedge
    /// around (`cx`, `cy`): at least `minimumShare` of the drawn cells, spread over at least 3°,
    /// and with hardly any cells of the gradient so far (one in fifty of its own) in the
    /// directions it covers.
    static func joined(_ candidates: [Bool], labels: [Int32], largest: Int32, grid: CellGrid,
                       cx: Double, cy: Double, minimumShare: Double = 0.01) -> [Bool] {
        let n = candidates.count
        guard labels.count == n, largest >= 0 else { return candidates }
        let drawnCount = (0..<n).reduce(0) { $0 + (grid.drawn($1) ? 1 : 0) }
        // Each other region's drawn cells, gathered once.
        var cellsOf = [Int32: [Int]]()
        for k in 0..<n where labels[k] >= 0 && labels[k] != largest && grid.drawn(k) { cellsOf[labels[k], default: []].append(k) }
        // The largest first: a card inside a wedge is then told by the wedge around it.
        let regions = cellsOf.filter { Double($0.value.count) >= minimumShare * Double(drawnCount) }
            .sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map(\.value)
        guard !regions.isEmpty else { return candidates }
        // Directions are unsure near the centre, where a cell spans a wide arc.
        let near = 2.5 * Double(grid.cellSize)
        var bin = [Int](repeating: -1, count: n)
        // The cells of the gradient so far (the candidates, then each wedge joined) in each bin.
        var gradientIn = [Int](repeating: 0, count: bins)
        for k in 0..<n where grid.drawn(k) {
            let dx = grid.cx[k] - cx, dy = grid.cy[k] - cy
            guard dx * dx + dy * dy >= near * near else { continue }
            bin[k] = min(bins - 1, Int(GradientModel.Coordinates.turn(dx: dx, dy: dy, from: 0) * Double(bins)))
            if candidates[k] { gradientIn[bin[k]] += 1 }
        }
        var out = candidates
        for region in regions {
            var occupied = [Bool](repeating: false, count: bins)
            var own = 0
            for k in region where bin[k] >= 0 { occupied[bin[k]] = true; own += 1 }
            guard let arc = coveringArc(occupied), arc.length >= 6 else { continue }
            // The arc's end bins hold the cells along its edges, on either side.
            var intruders = 0
            for i in 1..<(arc.length - 1) { intruders += gradientIn[(arc.first + i) % bins] }
            guard intruders * 50 <= own else { continue }
            for k in region {
                out[k] = true
                if bin[k] >= 0 { gradientIn[bin[k]] += 1 }
            }
        }
        return out
    }

    /// The shortest run of bins (around the turn) that holds every occupied one: all but the
    /// longest run of empty bins. nil when none is occupied.
    static func coveringArc(_ occupied: [Bool]) -> (first: Int, length: Int)? {
        let count = occupied.count
        guard let anyOccupied = occupied.firstIndex(of: true) else { return nil }
        // Walk once around from an occupied bin, measuring the runs of empty bins.
        var longestGap = 0, gapEnd = anyOccupied, gap = 0
        for step in 1...count {
            let i = (anyOccupied + step) % count
            if occupied[i] {
                if gap > longestGap { longestGap = gap; gapEnd = i }
                gap = 0
            } else {
                gap += 1
            }
        }
        return (gapEnd, count - longestGap)
    }
}
