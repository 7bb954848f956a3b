import ThemegenImage

/// Decides whether an artboard holds a linear, radial or angular gradient, by fitting them.
///
/// First a cheap look at the directions in which the colour changes, on about a thousand
/// cells: a linear gradient's all point one way, a radial one's at a centre (scaled by the
/// ellipse's aspect), an angular one's around it. When one of the two shapes explains those
/// directions far better than a line, only that shape is fitted, and the linear fit never
/// runs; linear themes pay only the look.
///
/// Otherwise, and whenever that shape's fit is not good, the linear fit runs, and when it
/// explains every smooth cell to within ΔE 1 it is the answer: a radial or angular gradient it
/// matches that closely differs from it by less than the decision's own tolerance. Otherwise
/// the radial and angular fits run too, and the model with the smallest error over the smooth
/// cells wins.
enum GradientTypeDecision {
    /// ΔE2000 within which a linear fit over every smooth cell ends the decision.
    static let linearTolerance = 1.0

    static func fit(grid: CellGrid, options: GradientFitter.Options) -> GradientFit {
        let directions = DirectionEvidence(grid: grid)
        let shapes = ShapeFits(grid: grid, options: options)
        if let kinds = directions.shapesOnly() {
            var best: (fit: GradientFit, score: Double)? = nil
            for kind in kinds {
                guard let r = shapes.fit(kind) else { continue }
                let s = score(r.fit.model, grid: grid, cells: shapes.candidates)
                if best == nil || s < best!.score { best = (r.fit, s) }
            }
            // Good enough to stand without the linear fit: within what themegen promises.
            if let best, best.fit.problem == nil, best.fit.quality.maxDeltaE <= 1.5, best.fit.quality.meanDeltaE <= 0.5 {
                return best.fit
            }
        }
        return fullDecision(grid: grid, options: options, shapes: shapes)
    }

    /// The linear fit first; the radial and angular ones only when it does not explain the
    /// smooth cells within `linearTolerance`. `shapes` keeps the shape fits the look already
    /// ran: the same cells give the same fit, and an angular fit under overlays costs more
    /// than the linear one.
    private static func fullDecision(grid: CellGrid, options: GradientFitter.Options, shapes: ShapeFits) -> GradientFit {
        let linearFitter = GradientFitter(grid: grid, options: options)
        let (linear, candidates, _) = linearFitter.fitWithCandidates()
        // A flat fill (one stop) is the answer only when it explains the candidates as well:
        // a radial gradient whose look picked the shape, but whose fit fell short of the
        // promise alone, can leave the linear fit no direction.
        guard !linear.stops.isEmpty else { return linear }
        // Noise far above grain is no gradient of any shape.
        if linear.problem == .photo { return linear }
        if worstDeltaE(linear.model, grid: grid, cells: candidates, space: options.space) <= linearTolerance { return linear }

        var best = (fit: linear, score: score(linear.model, grid: grid, cells: candidates))
        for kind in [ShapeFitter.Kind.radial, .angular] {
            guard let r = shapes.fit(kind) else { continue }
            let s = score(r.fit.model, grid: grid, cells: candidates)
            if s < best.score { best = (r.fit, s) }
        }
        return best.fit
    }

    /// The largest ΔE2000 between the model and any of `cells`, computed only for the cells
    /// whose RGB error could reach `linearTolerance` (ΔE2000 is costly; most cells are far below).
    /// A linear model's cell over that is judged again by what the model averages to over the
    /// cell (1-2-1 over its projection, as the fit judges it): a cell across a steep kink
    /// averages two slopes, and the colour at its centre was off by more than ΔE 1 from a right
    /// model (browser seed 4 #18, 375 px wide, which then came back radial).
    static func worstDeltaE(_ m: GradientModel, grid: CellGrid, cells: [Bool], space: RGBSpace) -> Double {
        let coordinates = m.coordinates(width: grid.width, height: grid.height)
        let linear = LinearGradient(angle: m.angle, stops: m.stops)
        var reach = 0.0
        if case .linear = m.shape {
            let line = LinearGradient.Line(angle: m.angle, width: Double(grid.width), height: Double(grid.height))
            reach = grid.reach(along: line)
        }
        @inline(__always) func deltaE(_ c: Color4, _ k: Int) -> Double {
            DeltaE2000.difference(Lab(r255: c.x, g: c.y, b: c.z, in: space), Lab(r255: grid.r[k], g: grid.g[k], b: grid.b[k], in: space))
        }
        var worst = 0.0
        // Along a row (or column) of an axis-aligned gradient the position, and so the model
        // colour, repeats exactly.
        var lastT = Double.nan, c = Color4.zero
        for k in 0..<cells.count where cells[k] {
            let t = coordinates.position(x: grid.cx[k], y: grid.cy[k])
            if t != lastT { lastT = t; c = linear.premultiplied255(at: t) }
            // ΔE2000 1 is never less than about 0.8 levels of 8-bit RGB distance.
            guard (c - grid.color(k)).lengthSquared > 0.5 else { continue }
            var e = deltaE(c, k)
            if e > linearTolerance && reach > 0 {
                let mean = (linear.premultiplied255(at: t - reach / 2) + 2 * c + linear.premultiplied255(at: t + reach / 2)) / 4
                e = min(e, deltaE(mean, k))
            }
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
        var lastT = Double.nan, c = Color4.zero
        for k in 0..<cells.count where cells[k] {
            let t = coordinates.position(x: grid.cx[k], y: grid.cy[k])
            if t != lastT { lastT = t; c = linear.premultiplied255(at: t) }
            sum += min(400, (c - grid.color(k)).lengthSquared); n += 1
        }
        return n > 0 ? sum / n : 0
    }
}

/// The directions in which the colour changes, on about a thousand cells, and how well
/// each gradient type's geometry explains them: the median over the cells of sin² of the angle
/// between the observed direction and the model's (a robust measure: overlays' edges, text and
/// flat stretches are left out or outvoted).
struct DirectionEvidence {
    /// Median sin² misfit of the best line, the best ellipse centre, the best conic centre.
    var linear = 1.0, radial = 1.0, angular = 1.0

    /// A cell's position and its colour's direction of change (unit, sign-free).
    private struct Sample { var x, y, ux, uy: Double }

    init(grid: CellGrid) {
        let samples = Self.samples(grid)
        guard samples.count >= 12 else { return }
        linear = Self.linearMisfit(samples)
        radial = Self.radialMisfit(samples)
        angular = Self.angularMisfit(samples)
    }

    /// The shapes worth fitting alone, or nil when a line explains the directions about as
    /// well (a linear gradient, a nearly straight radial one, too few samples): then the
    /// linear fit decides first.
    func shapesOnly() -> [ShapeFitter.Kind]? {
        let best = min(radial, angular)
        // A line off by more than about 3° at the median cell, and at least 8× worse than a shape.
        guard linear > 0.003, best * 8 < linear else { return nil }
        var kinds: [ShapeFitter.Kind] = []
        if radial <= 4 * best { kinds.append(.radial) }
        if angular <= 4 * best { kinds.append(.angular) }
        return kinds
    }

    /// About a thousand cells, evenly spread, whose colour changes smoothly: the same change on
    /// both sides on each axis (no edge), all channels changing along one direction, and
    /// clearly more than dither (a flat stretch has no direction).
    private static func samples(_ grid: CellGrid) -> [Sample] {
        let cols = grid.columns, rows = grid.rows, cs = Double(grid.cellSize)
        guard cols >= 5 && rows >= 5 else { return [] }
        let stride = max(2, Int((Double(cols * rows) / 1000).squareRoot().rounded(.up)))
        var out: [Sample] = []
        out.reserveCapacity((cols / stride + 1) * (rows / stride + 1))
        grid.r.withUnsafeBufferPointer { r in grid.g.withUnsafeBufferPointer { g in grid.b.withUnsafeBufferPointer { b in
            grid.a.withUnsafeBufferPointer { a in
                var j = 1
                while j < rows - 1 {
                    var i = 1
                    while i < cols - 1 {
                        let k = j * cols + i
                        var txx = 0.0, txy = 0.0, tyy = 0.0
                        var smooth = true
                        @inline(__always) func channel(_ c: UnsafeBufferPointer<Double>) {
                            let l = c[k] - c[k - 1], rr = c[k + 1] - c[k], u = c[k] - c[k - cols], d = c[k + cols] - c[k]
                            if abs(l - rr) > 0.5 * max(abs(l), abs(rr)) + 1.5 || abs(u - d) > 0.5 * max(abs(u), abs(d)) + 1.5 { smooth = false }
                            let gx = (l + rr) / (2 * cs), gy = (u + d) / (2 * cs)
                            txx += gx * gx; txy += gx * gy; tyy += gy * gy
                        }
                        channel(r); channel(g); channel(b); channel(a)
                        let trace = txx + tyy
                        // At least 0.02 levels a pixel: 40 levels over a 2,000-px artboard.
                        if smooth && trace > 4e-4 && grid.changesAboveNoise(k) {
                            // The principal direction of the channels' gradients, and how much of
                            // their energy lies along it.
                            let diff = txx - tyy, root = (diff * diff + 4 * txy * txy).squareRoot()
                            let major = (trace + root) / 2
                            if major >= 0.9 * trace {
                                var ux = txy, uy = major - txx
                                if abs(ux) + abs(uy) < 1e-12 * trace { ux = major - tyy; uy = txy }
                                let len = (ux * ux + uy * uy).squareRoot()
                                if len > 0 { out.append(Sample(x: grid.cx[k], y: grid.cy[k], ux: ux / len, uy: uy / len)) }
                            }
                        }
                        i += stride
                    }
                    j += stride
                }
            }
        } } }
        return out
    }

    /// The median of `values` (which it reorders).
    private static func median(_ values: inout [Double]) -> Double {
        values.sort()
        return values[values.count / 2]
    }

    /// sin² between each sample's direction and the one principal direction.
    private static func linearMisfit(_ s: [Sample]) -> Double {
        var xx = 0.0, xy = 0.0, yy = 0.0
        for p in s { xx += p.ux * p.ux; xy += p.ux * p.uy; yy += p.uy * p.uy }
        let diff = xx - yy, root = (diff * diff + 4 * xy * xy).squareRoot(), major = (xx + yy + root) / 2
        var vx = xy, vy = major - xx
        if abs(vx) + abs(vy) < 1e-12 { vx = major - yy; vy = xy }
        let len = (vx * vx + vy * vy).squareRoot()
        guard len > 0 else { return 1 }
        vx /= len; vy /= len
        var e = s.map { p -> Double in let c = p.ux * vy - p.uy * vx; return c * c }
        return median(&e)
    }

    /// Directions parallel to ((x − cx)/rx², (y − cy)/ry²): with q = rx²/ry²,
    /// uy·x − ux·q·y + ux·q·cy − uy·cx = 0, linear in (q, q·cy, cx). Then sin² per sample.
    private static func radialMisfit(_ s: [Sample]) -> Double {
        var a0 = SIMD4<Double>.zero, a1 = a0, a2 = a0, b = a0
        for p in s {
            let row = SIMD4(p.ux * p.y, -p.ux, p.uy, 0), rhs = p.uy * p.x
            a0 += row * row[0]; a1 += row * row[1]; a2 += row * row[2]; b += row * rhs
        }
        guard let u = solveSymmetric([a0, a1, a2, .zero], b, unknowns: 3), u[0] > 1e-4 else { return 1 }
        let q = u[0], cy = u[1] / q, cx = u[2]
        var e = s.map { p -> Double in
            let mx = p.x - cx, my = q * (p.y - cy), len2 = mx * mx + my * my
            guard len2 > 0 else { return 1 }
            let c = p.ux * my - p.uy * mx
            return c * c / len2
        }
        return median(&e)
    }

    /// Directions perpendicular to (x − cx, y − cy): ux·cx + uy·cy = ux·x + uy·y.
    private static func angularMisfit(_ s: [Sample]) -> Double {
        var axx = 0.0, axy = 0.0, ayy = 0.0, bx = 0.0, by = 0.0
        for p in s {
            let rhs = p.ux * p.x + p.uy * p.y
            axx += p.ux * p.ux; axy += p.ux * p.uy; ayy += p.uy * p.uy; bx += p.ux * rhs; by += p.uy * rhs
        }
        let det = axx * ayy - axy * axy
        guard det > 1e-9 * (axx + ayy) * (axx + ayy) else { return 1 }
        let cx = (bx * ayy - by * axy) / det, cy = (by * axx - bx * axy) / det
        var e = s.map { p -> Double in
            let dx = p.x - cx, dy = p.y - cy, len2 = dx * dx + dy * dy
            guard len2 > 0 else { return 1 }
            let c = p.ux * dx + p.uy * dy
            return c * c / len2
        }
        return median(&e)
    }
}
