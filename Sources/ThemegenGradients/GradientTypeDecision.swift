import ThemegenImage

/// Decides whether an artboard holds a linear, radial or angular gradient, by fitting them.
///
/// The linear fit runs first, and when it explains every smooth cell to within ΔE 1 it is the
/// answer: a radial or angular gradient it matches that closely differs from it by less than
/// the decision's own tolerance, and linear themes pay only that check. Otherwise the radial and
/// angular fits run too, and the model with the smallest error over the smooth cells wins.
enum GradientTypeDecision {
    /// ΔE2000 within which a linear fit over every smooth cell ends the decision.
    static let linearTolerance = 1.0

    static func fit(grid: CellGrid, options: GradientFitter.Options) -> GradientFit {
        let linearFitter = GradientFitter(grid: grid, options: options)
        let (linear, candidates, noiseVariance) = linearFitter.fitWithCandidates()
        guard linear.stops.count >= 2 else { return linear }
        // Noise far above grain is no gradient of any shape.
        if linear.problem == .photo { return linear }
        if worstDeltaE(linear.model, grid: grid, cells: candidates, space: options.space) <= linearTolerance { return linear }

        var best = (fit: linear, score: score(linear.model, grid: grid, cells: candidates))
        for kind in [ShapeFitter.Kind.radial, .angular] {
            guard let r = ShapeFitter(kind: kind, grid: grid, options: options).fit(candidates: candidates, noiseVariance: noiseVariance) else { continue }
            let s = score(r.fit.model, grid: grid, cells: candidates)
            if s < best.score { best = (r.fit, s) }
        }
        return best.fit
    }

    /// The largest ΔE2000 between the model and any of `cells`, computed only for the cells
    /// whose RGB error could reach `linearTolerance` (ΔE2000 is costly; most cells are far below).
    static func worstDeltaE(_ m: GradientModel, grid: CellGrid, cells: [Bool], space: RGBSpace) -> Double {
        let coordinates = m.coordinates(width: grid.width, height: grid.height)
        let linear = LinearGradient(angle: m.angle, stops: m.stops)
        var worst = 0.0
        for k in 0..<cells.count where cells[k] {
            let c = premultiplied(linear, at: coordinates.position(x: grid.cx[k], y: grid.cy[k]))
            // ΔE2000 1 is never less than about 0.8 levels of 8-bit RGB distance.
            guard (c - grid.color(k)).lengthSquared > 0.5 else { continue }
            let e = DeltaE2000.difference(Lab(r255: c.x, g: c.y, b: c.z, in: space),
                                          Lab(r255: grid.r[k], g: grid.g[k], b: grid.b[k], in: space))
            worst = max(worst, e)
            if worst > linearTolerance { return worst }
        }
        return worst
    }

    /// The mean squared RGB error over `cells`, each capped at 20 levels so an overlay counts
    /// the same against every model.
    static func score(_ m: GradientModel, grid: CellGrid, cells: [Bool]) -> Double {
        let coordinates = m.coordinates(width: grid.width, height: grid.height)
        let linear = LinearGradient(angle: m.angle, stops: m.stops)
        var sum = 0.0, n = 0.0
        for k in 0..<cells.count where cells[k] {
            let c = premultiplied(linear, at: coordinates.position(x: grid.cx[k], y: grid.cy[k]))
            sum += min(400, (c - grid.color(k)).lengthSquared); n += 1
        }
        return n > 0 ? sum / n : 0
    }

    /// The stops' premultiplied colour at `t`, 8-bit scale, as the cells hold it.
    static func premultiplied(_ g: LinearGradient, at t: Double) -> Color4 {
        let c = g.premultipliedColor(at: t)
        return Color4(c.red, c.green, c.blue, c.alpha) * 255
    }
}
