/// What the fit cannot see: stretches of the gradient line that the overlays hide across the
/// whole box (a full-width card, bars at the ends, a card and a column too narrow to count).
///
/// The fit's quality is measured on the cells judged gradient, so a profile that bends where
/// no such cell lies (a stop placed under a card from the slopes either side of it) is never
/// checked by it: the numbers can say 0.03 while the gradient under the card is 39 off
/// (browser seed 3 #15). Where the profile is a straight blend across the hidden stretch (or
/// carries the slope seen beside it on to the box's end), it makes the simplest guess; where
/// it bends there by more than `Extrapolation.tolerance`, the guess is reported so that the
/// user is told. (Radial and angular fits measure theirs with `Extrapolation.measure`, which
/// also accepts the colour held flat past an end: under a bar at a linear gradient's end, the
/// slope carried on is the only reading, and accepting more would miss the stops placed there.)
extension GradientFitter {
    /// The hidden stretch where the profile departs most from that simplest guess, as the share
    /// of the box it spans and the departure, when that is above `Extrapolation.tolerance`. A
    /// position is seen when gradient cells outside the overlays cover at least a tenth of the
    /// box across it (a single column beside a card is not).
    func unseenStretch(_ p: PiecewiseProfile, angle: Double, seen: [Bool]) -> Extrapolation? {
        guard p.knots.count >= 2 else { return nil }
        let line = LinearGradient.Line(angle: angle, width: Double(grid.width), height: Double(grid.height))
        let bins = max(16, Int((line.length / Double(grid.cellSize)).rounded()))
        var inBox = [Int](repeating: 0, count: bins), shown = inBox
        inBox.withUnsafeMutableBufferPointer { inBox in shown.withUnsafeMutableBufferPointer { shown in
            seen.withUnsafeBufferPointer { seen in grid.cx.withUnsafeBufferPointer { cx in grid.cy.withUnsafeBufferPointer { cy in
                for k in 0..<seen.count {
                    let b = min(bins - 1, max(0, Int(line.t(x: cx[k], y: cy[k]) * Double(bins))))
                    inBox[b] += 1
                    if seen[k] { shown[b] += 1 }
                }
            } } }
        } }
        let hidden = (0..<bins).map { inBox[$0] > 0 && (shown[$0] == 0 || 10 * shown[$0] < inBox[$0]) }
        var worst: Extrapolation? = nil
        var b = 0
        while b < bins {
            guard hidden[b] else { b += 1; continue }
            var e = b
            while e + 1 < bins && hidden[e + 1] { e += 1 }
            defer { b = e + 1 }
            // A bin or so: a hard stop's or a corner's partial cells, not a stretch to guess.
            guard e - b >= 1, b > 0 || e < bins - 1 else { continue }
            let from = Double(b) / Double(bins), to = Double(e + 1) / Double(bins)
            let d = departure(p, from: from, to: to, atStart: b == 0, atEnd: e == bins - 1, step: 1 / Double(bins))
            if d > max(Extrapolation.tolerance, worst?.maxDeltaE ?? 0) {
                let share = Double(inBox[b...e].reduce(0, +)) / Double(seen.count)
                worst = Extrapolation(coverage: share, maxDeltaE: d)
            }
        }
        return worst
    }

    /// ΔE2000 between the profile and the simplest guess over `from…to`: the straight blend
    /// between its ends inside the line, the slope seen beside it carried on at an end.
    private func departure(_ p: PiecewiseProfile, from: Double, to: Double, atStart: Bool, atEnd: Bool, step: Double) -> Double {
        let a = p.value(from), c = p.value(to)
        func guess(_ t: Double) -> Color4 {
            if atStart {
                let slope = (p.value(to + step) - c) / step
                return clamped255(c - slope * (to - t))
            }
            if atEnd {
                let slope = (a - p.value(from - step)) / step
                return clamped255(a + slope * (t - from))
            }
            return a + (c - a) * ((t - from) / (to - from))
        }
        // A piecewise-linear profile departs most from a line at its knots (or at an end).
        let samples = p.knots.filter { $0 > from && $0 < to } + [from, to] + (0...8).map { from + (to - from) * Double($0) / 8 }
        return samples.map { deltaE(p.value($0), guess($0)) }.max() ?? 0
    }
}
