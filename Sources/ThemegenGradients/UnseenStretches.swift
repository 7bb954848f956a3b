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
    /// `regions`: the smooth regions' numbers (`candidateCells`), for `veiledMisfit`.
    func unseenStretch(_ p: PiecewiseProfile, angle: Double, seen: [Bool], regions: [Int32]) -> Extrapolation? {
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
            let share = Double(inBox[b...e].reduce(0, +)) / Double(seen.count)
            if d > Extrapolation.tolerance { worst = Extrapolation.worse(worst, Extrapolation(coverage: share, maxDeltaE: d)) }
            let veiled = veiledMisfit(p, line: line, bins: bins, from: b, to: e, seen: seen, regions: regions)
            if veiled > Extrapolation.tolerance { worst = Extrapolation.worse(worst, Extrapolation(coverage: share, maxDeltaE: veiled)) }
        }
        return worst
    }

    /// How far the smooth cells the overlays cover in the hidden bins `from…to` are from the
    /// profile seen through a veil: a bar, a card or a panel, opaque or translucent, draws a
    /// constant colour over the gradient with a constant opacity, so each of its smooth regions
    /// is `A + β · profile` for one colour A and one β in 0…1 (β = 0 for an opaque card). A
    /// region that no veil over the profile explains shows that the profile is a guess there:
    /// the gradient beyond a hard stop in a corner beside a status bar, too small to join the
    /// fit, was judged overlay with the bar, and the slope carried on to the box's corner came
    /// back ΔE2000 45 off with a fit of 0.03 / 0.73 and no warning (browser stress seed 7 #27);
    /// a purple last stop under a translucent tab bar tints the bar (stress #24). A shadow only
    /// darkens, more near what casts it (no constant veil): its darkened cells are left out.
    /// The worst cell's ΔE2000 from the best veil, when at least two cells and a tenth of its
    /// region are above `Extrapolation.tolerance`; 0 when none is.
    private func veiledMisfit(_ p: PiecewiseProfile, line: LinearGradient.Line, bins: Int, from: Int, to: Int,
                              seen: [Bool], regions: [Int32]) -> Double {
        // Each region's cells here, with their colours and the profile's.
        var members: [Int32: [(cell: Color4, model: Color4)]] = [:]
        let reachT = grid.reach(along: line), jumps = p.jumps
        p.withView { view in
            for k in 0..<seen.count where !seen[k] && regions[k] >= 0 && grid.drawn(k) {
                let t = line.t(x: grid.cx[k], y: grid.cy[k])
                let b = min(bins - 1, max(0, Int(t * Double(bins))))
                guard b >= from && b <= to else { continue }
                let model = cellModel(view, line: line, k: k, t: t, reach: reachT, jumps: jumps), c = grid.color(k)
                guard !Self.darkened(c, model: model) else { continue }
                members[regions[k], default: []].append((c, model))
            }
        }
        var worst = 0.0
        for cells in members.values where cells.count >= 2 {
            var cm = Color4.zero, mm = Color4.zero
            for x in cells { cm += x.cell; mm += x.model }
            cm /= Double(cells.count); mm /= Double(cells.count)
            var cross = 0.0, spread = 0.0
            for x in cells {
                let dm = x.model - mm
                cross += ((x.cell - cm) * dm).sum(); spread += dm.lengthSquared
            }
            let beta = spread > 1e-9 ? clamp01(cross / spread) : 0
            let a = cm - mm * beta
            var off = 0, far = 0.0
            for x in cells {
                let e = deltaE(clamped255(a + x.model * beta), x.cell)
                if e > Extrapolation.tolerance { off += 1; far = max(far, e) }
            }
            if off >= 2 && off * 10 >= cells.count { worst = max(worst, far) }
        }
        return worst
    }

    /// ΔE2000 between the profile and the simplest guess over `from…to`: the straight blend
    /// between its ends inside the line, the slope seen beside it carried on at an end. (The
    /// fit holds an end from where its first channel runs out; carried on to the box's end,
    /// the others keep changing. Where the two differ by more than the tolerance, what lies
    /// there is a guess: a last stop under the tab bar, browser seed 1 #9.)
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
