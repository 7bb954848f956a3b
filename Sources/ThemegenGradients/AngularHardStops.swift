/// Hard stops inside an angular gradient's turn (two stops at one position).
///
/// The cells across a hard stop's ray are not smooth, so they stay out of the profile's bins,
/// and the profile fit sees only the cells on either side: it puts two knots a hair apart with
/// a steep ramp between, anywhere in the gap. A ramp 4° wide in place of an edge is a wedge of
/// the wrong colours far out (browser seed 5 #17: ΔE 5.7 at 600 px). As the seam is
/// (`refinedSeam`), each such edge is placed by the cells along its ray, whose means mix the
/// two sides in the proportion of their pixels on either side.
extension ShapeFitter {
    /// `p` with each pair of neighbouring knots under `Extrapolation.edgeWidth` apart, whose
    /// colour step is at least twice as steep as the ramps on either side, made one hard stop
    /// where the cells along its ray (`cells` among them) put it, when that explains those
    /// cells at least twice as well. The cells decide: a seam the turn's start missed, with a
    /// ramp 0.06 of the turn wide after it, was 3.5 times as steep as that ramp, and stayed a
    /// ramp 6° wide, 20 off at 150 px (browser stress seed 7 #26).
    func withHardStops(_ g: Geometry, profile p: PiecewiseProfile, cells: [Bool]) -> PiecewiseProfile {
        var q = p
        var i = 1
        while i + 2 < q.knots.count {
            defer { i += 1 }
            let gap = q.knots[i + 1] - q.knots[i]
            guard gap > 0 && gap < Extrapolation.edgeWidth else { continue }
            let step = (q.colors[i + 1] - q.colors[i]).lengthSquared.squareRoot()
            let before = (q.colors[i] - q.colors[i - 1]).lengthSquared.squareRoot() / max(1e-9, q.knots[i] - q.knots[i - 1])
            let after = (q.colors[i + 2] - q.colors[i + 1]).lengthSquared.squareRoot() / max(1e-9, q.knots[i + 2] - q.knots[i + 1])
            guard step >= 8 && step / gap > 2 * max(before, after) else { continue }
            if let hard = hardStop(g, profile: q, pair: i, cells: cells) { q = hard }
        }
        return q
    }

    /// Knots `pair` and `pair + 1` of `p` made one hard stop, with the ramps on either side run
    /// on to it; nil when the cells along its ray are too few or the ramp explains them as well.
    private func hardStop(_ g: Geometry, profile p: PiecewiseProfile, pair i: Int, cells: [Bool]) -> PiecewiseProfile? {
        let a = p.knots[i], b = p.knots[i + 1]
        let slopeBefore = (p.colors[i] - p.colors[i - 1]) / (p.knots[i] - p.knots[i - 1])
        let slopeAfter = (p.colors[i + 2] - p.colors[i + 1]) / (p.knots[i + 2] - p.knots[i + 1])
        @inline(__always) func before(_ f: Double) -> Color4 { clamped255(p.colors[i] + slopeBefore * (f - a)) }
        @inline(__always) func after(_ f: Double) -> Color4 { clamped255(p.colors[i + 1] + slopeAfter * (f - b)) }
        // The cells along the ray through the middle of the pair, and their pixels' turns.
        // A cell there mixes the colours either side of the pair, as the ramp and the jump
        // both draw it, so the two differ by at most the pair's colour step: a cell off the
        // ramp by more is neither (a bar's or a card's edge), and is left out. A dozen such
        // cells, 40 to 146 levels off, outweighed the 237 that told the edge from the ramp,
        // and a seam-like edge 27 levels high stayed a 1° ramp, 6 off at 1600 px (browser
        // stress seed 7 #8).
        let step = (p.colors[i + 1] - p.colors[i]).lengthSquared
        // Every pixel: a sample of every other one each way is an eighth of the jump off.
        let along = RayPixels(cells: self.band(g, alongRayAt: g.start + (a + b) / 2 * 360).filter { cells[$0] }, around: g,
                              points: grid.forEachPixel)
        let ray = along.filter { n in (grid.color(along.cells[n]) - along.mean(n) { Self.extended(p, $0) }).lengthSquared <= step }
        guard ray.count >= 8 else { return nil }
        let lo = max(p.knots[i - 1], a - Extrapolation.edgeWidth / 4), hi = min(p.knots[i + 2], b + Extrapolation.edgeWidth / 4)
        func cost(_ model: (Double) -> Color4) -> Double { ray.cost(model) { k, m in grid.color(k) - m } }
        func jump(at edge: Double) -> (Double) -> Color4 {
            { f in f < lo || f > hi ? Self.extended(p, f) : f < edge ? before(f) : after(f) }
        }
        let ramp = cost { Self.extended(p, $0) }
        let edge = GoldenSection.minimum(lo, hi, tolerance: 1e-5) { cost(jump(at: $0)) }
        guard cost(jump(at: edge)) * 2 <= ramp else { return nil }
        var knots = p.knots, colors = p.colors
        knots[i] = edge; knots[i + 1] = edge
        colors[i] = before(edge); colors[i + 1] = after(edge)
        return PiecewiseProfile(knots: knots, colors: colors)
    }
}
