/// A linear gradient's end stop inside the box's last cell: the ramp stops a few pixels short
/// of the edge and its colour holds flat beyond (`…, C 99.15%` on a box 1170 px wide).
///
/// The profile is fitted to cell means binned along the line, and its ends are carried on to
/// the box's ends along the last slope (`extrapolatedEnds`): an end cell that mixes the ramp's
/// last pixels with the flat beyond is one bin among many, and the stop came back at 100 %
/// with the ramp run on, ΔE 4.7 off at the edge; the fitter then took a far-off radial
/// gradient, which bends the same way, for the better fit (browser stress seed 9 #30). Each end
/// cell's mean is what the profile averages to over its pixels, and that places the stop.
extension GradientFitter {
    /// The squared RGB error (8-bit levels, three channels) a right model may leave in a cell
    /// whose pixels all round alike: half a level in each channel.
    static let roundingError = 0.75

    /// `p` with each end knot within three cells of the box's end (0 or 1) moved, within them,
    /// to where the `cells` near that end put it, its stretch keeping its slope, when that
    /// halves their squared error by more than `roundingError` a cell; nil when neither moves.
    func refinedEnds(_ p: PiecewiseProfile, angle: Double, cells: [Bool]) -> PiecewiseProfile? {
        guard p.knots.count >= 2 else { return nil }
        let line = LinearGradient.Line(angle: angle, width: Double(grid.width), height: Double(grid.height))
        let reachT = grid.reach(along: line), span = 3 * reachT
        var q = p, moved = false
        for high in [true, false] {
            let n = q.knots.count
            let end = high ? n - 1 : 0, inner = high ? n - 2 : 1
            let knot = q.knots[end], from = q.knots[inner], boxEnd = high ? 1.0 : 0.0
            guard abs(knot - boxEnd) <= span, high ? knot <= 1 + 1e-9 : knot >= -1e-9, from != knot else { continue }
            var near: [Int] = []
            for k in 0..<cells.count where cells[k] {
                let t = line.t(x: grid.cx[k], y: grid.cy[k])
                if high ? t > boxEnd - span : t < boxEnd + span { near.append(k) }
            }
            guard !near.isEmpty else { continue }
            let base = q
            let slope = (base.colors[end] - base.colors[inner]) / (knot - from)
            func trial(_ x: Double) -> PiecewiseProfile {
                var r = base
                r.knots[end] = x
                r.colors[end] = clamped255(base.colors[inner] + slope * (x - from))
                return r
            }
            func cost(_ x: Double) -> Double { pixelError(trial(x), line: line, cells: near) }
            let lo = high ? max(from, boxEnd - span) : boxEnd, hi = high ? boxEnd : min(from, boxEnd + span)
            // Three probes first, half a cell either way and at the box's end: an end the cells
            // already put where it is (most ends) costs four looks, not a search.
            let now = cost(knot)
            let probes = [knot - reachT / 2, knot + reachT / 2, boxEnd].map { min(hi, max(lo, $0)) }.filter { $0 != knot }
            guard let probe = probes.map(cost).min(), probe < now else { continue }
            let x = GoldenSection.minimum(lo, hi, tolerance: 0.05 / max(1, line.length), cost)
            // Halved, and by more than 8-bit rounding explains: a row of cells of one colour is
            // one value, which one knot's place can always match (a clean 2-stop gradient's ends
            // moved 2.4 px in to match their rows' rounding).
            let then = cost(x)
            if then * 2 < now && now - then > Self.roundingError * Double(near.count) { q = trial(x); moved = true }
        }
        return moved ? q : nil
    }
}
