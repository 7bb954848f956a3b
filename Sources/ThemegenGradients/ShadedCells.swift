/// Cells a soft shadow darkens, told from the gradient without a model of the shadow: a shadow
/// only darkens, and along a line of equal colour the gradient has one colour, so where some
/// cells of such a line near an overlay are darker than others, the lighter ones are the
/// gradient's. Left in, the darker ones bent the profile: a card's shadow falls on the strips
/// beside the card, where alone a stop under it shows, and on the rows just past its box, and
/// the profile followed both with stops of its own (browser seed 2 #24: 8 stops for 6).
extension GradientFitter {
    /// How much darker (8-bit RGB distance) than the lightest cell of its line of equal colour
    /// a cell near an overlay may be and still be fitted: a level, above the dither that is
    /// left in a cell's mean.
    static let shadeTolerance = 1.0

    /// The cells of `cells` not in `away` (the gradient cells within a shadow's reach of the
    /// overlays), or nil when there are none.
    func nearCells(_ cells: [Bool], away: [Bool]) -> [Bool]? {
        var near = cells, any = false
        for k in 0..<cells.count where cells[k] {
            if away[k] { near[k] = false } else { any = true }
        }
        return any ? near : nil
    }

    /// The cells of `cells` less those of `near` that are darker, as a shadow darkens, by more
    /// than `shadeTolerance` than the lightest cell of `cells` on their line of equal colour:
    /// a half-cell stretch of the line, the profile taking the ramp out of each cell's colour.
    /// Compared with each other rather than with the profile, a profile still wrong there
    /// leaves no cell out for its own error; what two cells differ by along the profile's slope
    /// is where they lie on the ramp (or that slope's error), not a shadow, and cells the ramp
    /// moves by more than 4 levels apart are not on one line of equal colour.
    func unshaded(_ cells: [Bool], near: [Bool]?, profile: PiecewiseProfile, angle: Double) -> [Bool] {
        guard let near else { return cells }
        let line = LinearGradient.Line(angle: angle, width: Double(grid.width), height: Double(grid.height))
        let reachT = grid.reach(along: line), jumps = profile.jumps, tolerance = Self.shadeTolerance
        let bins = max(64, min(1024, Int(line.length * 2 / Double(grid.cellSize)))), scale = Double(bins)
        // Per cell its residual and stretch, per stretch the lightest residual and where it lies.
        var residual = [Color4](repeating: .zero, count: cells.count), bin = [Int](repeating: 0, count: cells.count)
        var lightest = [Color4](repeating: Color4(repeating: -.infinity), count: bins), lightestT = [Double](repeating: 0, count: bins)
        var out = cells
        profile.withView { view in
            for k in 0..<cells.count where cells[k] {
                let t = line.t(x: grid.cx[k], y: grid.cy[k])
                let b = min(bins - 1, max(0, Int(t * scale)))
                var r = grid.color(k) - cellModel(view, line: line, k: k, t: t, reach: reachT, jumps: jumps)
                r.w = 0
                residual[k] = r; bin[k] = b
                if r.x + r.y + r.z > lightest[b].x + lightest[b].y + lightest[b].z { lightest[b] = r; lightestT[b] = t }
            }
            for k in 0..<cells.count where cells[k] && near[k] {
                let t = line.t(x: grid.cx[k], y: grid.cy[k])
                var slope = view.slope(t)
                slope.w = 0
                let s2 = slope.lengthSquared
                if abs(t - lightestT[bin[k]]) * s2.squareRoot() > 4 * tolerance { continue }
                var d = residual[k] - lightest[bin[k]]
                if s2 > 0 { d -= ((d * slope).sum() / s2) * slope }
                if d.lengthSquared > tolerance * tolerance && Self.darker(d) { out[k] = false }
            }
        }
        return out
    }
}
