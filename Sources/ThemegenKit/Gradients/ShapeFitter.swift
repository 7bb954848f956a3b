import Foundation

/// Recovers a radial (CSS `radial-gradient(ellipse …)`) or angular (`conic-gradient`) gradient
/// from the accumulated cell grid, on the cells the linear fitter found smooth and connected.
///
/// Steps: the geometry first from the colour gradients' directions alone (they point at the
/// centre of a radial gradient, scaled by the ellipse's aspect, and are tangent to the circles
/// around an angular one's centre: both are linear least-squares problems); then, as for linear
/// gradients, alternate a 1-D piecewise-linear profile along the radial or angular coordinate,
/// rejection of the cells it does not explain, and a Gauss-Newton step on the geometry.
struct ShapeFitter {
    enum Kind { case radial, angular }

    let grid: CellGrid
    let options: GradientFitter.Options
    let kind: Kind
    /// The linear fitter supplies the 1-D profile fit (knot placement, fewest stops).
    let profiles: GradientFitter

    init(kind: Kind, grid: CellGrid, options: GradientFitter.Options) {
        self.kind = kind
        self.grid = grid
        self.options = options
        var profileOptions = options
        profileOptions.maxStops = max(options.maxStops, 10)
        profiles = GradientFitter(grid: grid, options: profileOptions)
    }

    /// The geometry in pixels. Radial: t = √(dx² + (k·dy)²) / scale, with k = rx/ry.
    /// Angular: t = fraction of the turn clockwise from `start` (CSS degrees).
    struct Geometry {
        var cx: Double, cy: Double
        var k = 1.0
        var start = 0.0
    }

    /// The radial coordinate's unit: t ≈ 0…1 over the box, like the linear fitter's line.
    private var scale: Double { Double(max(grid.width, grid.height)) }

    struct Result {
        var fit: GradientFit
        /// Cells the model explains (the rest are overlays).
        var inliers: [Bool]
    }

    /// nil when the cells give no usable geometry (a flat fill, too few cells).
    func fit(candidates: [Bool], noiseVariance: Double) -> Result? {
        guard var g = initialGeometry(candidates) else { return nil }
        let cols = grid.columns, n = cols * grid.rows
        let sampled = (0..<n).map { candidates[$0] && ($0 % cols) % 2 == 0 && ($0 / cols) % 2 == 0 }
        if kind == .angular { g.start = seamAngle(g, cells: candidates) }
        var inliers = usable(sampled, g)
        var profile: PiecewiseProfile? = nil
        for _ in 0..<6 {
            let t = positions(g)
            let p = profiles.fitProfile(bins: bins(t, inliers), warm: profile)
            profile = p
            inliers = explained(by: p, t: t, among: usable(sampled, g))
            g = step(g, profile: p, t: t, cells: inliers)
            if kind == .angular { g.start = seamAngle(g, cells: inliers) }
        }
        var t = positions(g)
        inliers = explained(by: profiles.fitProfile(bins: bins(t, inliers), warm: profile), t: t, among: usable(candidates, g))
        for _ in 0..<6 {
            let p = profiles.fitProfile(bins: bins(t, inliers), warm: profile)
            g = step(g, profile: p, t: t, cells: inliers)
            if kind == .angular { g.start = seamAngle(g, cells: inliers) }
            t = positions(g)
            profile = p
        }
        guard var p = profile else { return nil }
        p = profiles.fitProfile(bins: bins(t, inliers), warm: nil)
        guard p.knots.count >= 2 else { return nil }
        if kind == .angular {
            (g, p) = seamlessStart(g, profile: p, inliers: inliers)
        }
        return result(g, profile: p, inliers: inliers, candidates: candidates, noiseVariance: noiseVariance)
    }

    // MARK: - Coordinates

    /// t per cell (every cell, so masks can change without recomputing).
    func positions(_ g: Geometry) -> [Double] {
        let n = grid.columns * grid.rows
        var t = [Double](repeating: 0, count: n)
        let inv = 1 / scale
        grid.cx.withUnsafeBufferPointer { cx in grid.cy.withUnsafeBufferPointer { cy in
            t.withUnsafeMutableBufferPointer { t in
                for k in 0..<n {
                    let dx = cx[k] - g.cx, dy = cy[k] - g.cy
                    switch kind {
                    case .radial: t[k] = (dx * dx + g.k * g.k * dy * dy).squareRoot() * inv
                    case .angular: t[k] = GradientModel.Coordinates.turn(dx: dx, dy: dy, from: g.start)
                    }
                }
            }
        } }
        return t
    }

    /// Leaves out the cells the model cannot describe by cell means: an angular gradient's
    /// cells near the centre (a cell there spans a wide arc) and across the seam line.
    private func usable(_ cells: [Bool], _ g: Geometry) -> [Bool] {
        guard kind == .angular else { return cells }
        let half = Double(grid.cellSize) * 0.75
        let minR = 2.5 * Double(grid.cellSize)
        let a = g.start * Double.pi / 180
        let ux = sin(a), uy = -cos(a)    // the seam's direction
        var out = cells
        for k in 0..<cells.count where cells[k] {
            let dx = grid.cx[k] - g.cx, dy = grid.cy[k] - g.cy
            if dx * dx + dy * dy < minR * minR { out[k] = false; continue }
            // Distance to the seam ray (only on its side of the centre).
            if dx * ux + dy * uy > 0 && abs(dx * uy - dy * ux) < half { out[k] = false }
        }
        return out
    }

    /// Inlier cells binned along t: about two bins per cell of extent.
    private func bins(_ t: [Double], _ cells: [Bool]) -> ProfileBins {
        var lo = Double.infinity, hi = -Double.infinity
        for k in 0..<cells.count where cells[k] { lo = min(lo, t[k]); hi = max(hi, t[k]) }
        guard lo < hi else {
            return ProfileBins(t: [], color: [], weight: [], space: options.space)
        }
        let extent: Double
        switch kind {
        case .radial: extent = (hi - lo) * scale
        case .angular: extent = 2 * Double.pi * 0.5 * Double(min(grid.width, grid.height))
        }
        let count = max(64, min(1440, Int(extent * 2 / Double(grid.cellSize))))
        var sums = [SIMD8<Double>](repeating: .zero, count: count)
        let binScale = Double(count) / (hi - lo)
        for k in 0..<cells.count where cells[k] {
            let bin = min(count - 1, max(0, Int((t[k] - lo) * binScale)))
            let c = grid.count[k]
            sums[bin] += SIMD8(c, c * t[k], c * grid.r[k], c * grid.g[k], c * grid.b[k], 0, 0, 0)
        }
        var bt: [Double] = [], bc: [Vec3] = [], bw: [Double] = []
        for s in sums where s[0] > 0 {
            bt.append(s[1] / s[0]); bc.append(Vec3(s[2] / s[0], s[3] / s[0], s[4] / s[0])); bw.append(s[0])
        }
        return ProfileBins(t: bt, color: bc, weight: bw, space: options.space)
    }

    // MARK: - Geometry from directions

    /// Per channel and cell, the colour gradient by central differences (where both neighbours
    /// on an axis are cells too), fed to `add(x, y, gx, gy)`.
    private func gradients(_ cells: [Bool], _ add: (Double, Double, Double, Double) -> Void) {
        let cols = grid.columns, rows = grid.rows, cs = Double(grid.cellSize)
        guard cols >= 3 && rows >= 3 else { return }
        for j in 1..<(rows - 1) {
            for i in 1..<(cols - 1) {
                let k = j * cols + i
                guard cells[k] && cells[k - 1] && cells[k + 1] && cells[k - cols] && cells[k + cols] else { continue }
                // Interior cells only: the edge cells may be partial.
                for a in [grid.r, grid.g, grid.b] {
                    let gx = (a[k + 1] - a[k - 1]) / (2 * cs), gy = (a[k + cols] - a[k - cols]) / (2 * cs)
                    add(grid.cx[k], grid.cy[k], gx, gy)
                }
            }
        }
    }

    private func initialGeometry(_ cells: [Bool]) -> Geometry? {
        switch kind {
        case .radial:
            // Gradients parallel to ((x−cx)/rx², (y−cy)/ry²): with q = rx²/ry²,
            // gx·y·q − gx·(q·cy) + gy·cx = gy·x, linear in (q, q·cy, cx).
            var a = [Double](repeating: 0, count: 9), b = [Double](repeating: 0, count: 3)
            gradients(cells) { x, y, gx, gy in
                let row = [gx * y, -gx, gy], rhs = gy * x
                for i in 0..<3 { b[i] += row[i] * rhs; for j in 0..<3 { a[i * 3 + j] += row[i] * row[j] } }
            }
            guard let u = solve3(a, b), u[0] > 1e-4 else { return nil }
            let q = u[0]
            return Geometry(cx: u[2], cy: u[1] / q, k: q.squareRoot())
        case .angular:
            // Gradients perpendicular to (x−cx, y−cy): gx·cx + gy·cy = gx·x + gy·y.
            var axx = 0.0, axy = 0.0, ayy = 0.0, bx = 0.0, by = 0.0
            gradients(cells) { x, y, gx, gy in
                let rhs = gx * x + gy * y
                axx += gx * gx; axy += gx * gy; ayy += gy * gy; bx += gx * rhs; by += gy * rhs
            }
            let det = axx * ayy - axy * axy
            guard det > 1e-12 * max(1e-300, (axx + ayy) * (axx + ayy)) else { return nil }
            return Geometry(cx: (bx * ayy - by * axy) / det, cy: (by * axx - bx * axy) / det)
        }
    }

    /// The angle (CSS degrees) of the largest colour step between neighbouring directions
    /// around the centre: the seam, or for a seamless gradient some place on its steepest part.
    private func seamAngle(_ g: Geometry, cells: [Bool]) -> Double {
        let count = 720
        var sums = [SIMD4<Double>](repeating: .zero, count: count)
        let minR = 2.5 * Double(grid.cellSize)
        for k in 0..<cells.count where cells[k] {
            let dx = grid.cx[k] - g.cx, dy = grid.cy[k] - g.cy
            guard dx * dx + dy * dy >= minR * minR else { continue }
            let f = GradientModel.Coordinates.turn(dx: dx, dy: dy, from: 0)
            let w = grid.count[k]
            sums[min(count - 1, Int(f * Double(count)))] += SIMD4(w, w * grid.r[k], w * grid.g[k], w * grid.b[k])
        }
        let filled = (0..<count).filter { sums[$0][0] > 0 }
        guard filled.count >= 2 else { return g.start }
        var best = -1.0, at = g.start
        for (i, a) in filled.enumerated() {
            let b = filled[(i + 1) % filled.count]
            let ca = sums[a] / sums[a][0], cb = sums[b] / sums[b][0]
            let d = ca - cb
            let step = d[1] * d[1] + d[2] * d[2] + d[3] * d[3]
            // Per unit of angle, so gaps (overlays) do not look like steps.
            var gap = Double(b - a); if gap <= 0 { gap += Double(count) }
            let rate = step / (gap * gap)
            if rate > best {
                best = rate
                // The boundary between the two bins' contents.
                var mid = (Double(a) + 1 + Double(b)) / 2
                if b < a { mid = (Double(a) + 1 + Double(b + count)) / 2 }
                at = (mid / Double(count) * 360).truncatingRemainder(dividingBy: 360)
            }
        }
        return at
    }

    // MARK: - Refinement

    /// One Gauss-Newton step on the geometry (centre, and the aspect of a radial gradient) with
    /// the profile held fixed, limited to a few cells' move.
    private func step(_ g: Geometry, profile p: PiecewiseProfile, t: [Double], cells: [Bool]) -> Geometry {
        let m = kind == .radial ? 3 : 2
        var a = [Double](repeating: 0, count: 9), b = [Double](repeating: 0, count: 3)
        let inv = 1 / scale
        for k in 0..<cells.count where cells[k] {
            let dx = grid.cx[k] - g.cx, dy = grid.cy[k] - g.cy
            var d = [0.0, 0.0, 0.0]
            switch kind {
            case .radial:
                let r = (dx * dx + g.k * g.k * dy * dy).squareRoot()
                guard r > 1 else { continue }
                d = [-dx / r * inv, -g.k * g.k * dy / r * inv, g.k * dy * dy / r * inv]
            case .angular:
                let r2 = dx * dx + dy * dy
                guard r2 > 1 else { continue }
                d = [dy / r2 / (2 * Double.pi), -dx / r2 / (2 * Double.pi), 0]
            }
            let sl = p.slope(t[k]), v = p.value(t[k])
            let res = [grid.r[k] - v.x, grid.g[k] - v.y, grid.b[k] - v.z], s = [sl.x, sl.y, sl.z]
            for c in 0..<3 {
                for i in 0..<m {
                    let ji = s[c] * d[i]
                    b[i] += ji * res[c]
                    for j in 0..<m { a[i * 3 + j] += ji * s[c] * d[j] }
                }
            }
        }
        var out = g
        let limit = 2.0 * Double(grid.cellSize)
        if m == 3 {
            guard let u = solve3(a, b) else { return g }
            out.cx += max(-limit, min(limit, u[0]))
            out.cy += max(-limit, min(limit, u[1]))
            out.k = max(g.k * 0.8, min(g.k * 1.25, g.k + u[2]))
        } else {
            let det = a[0] * a[4] - a[1] * a[3]
            guard det != 0 else { return g }
            out.cx += max(-limit, min(limit, (b[0] * a[4] - b[1] * a[1]) / det))
            out.cy += max(-limit, min(limit, (b[1] * a[0] - b[0] * a[3]) / det))
        }
        return out
    }

    /// An angular gradient without a seam (first and last colours equal) starts at one of its
    /// stops rather than wherever the seam search landed: tried by refitting from the stop with
    /// the smallest CSS angle, kept when it fits as well and has no jump inside.
    private func seamlessStart(_ g: Geometry, profile p: PiecewiseProfile, inliers: [Bool]) -> (Geometry, PiecewiseProfile) {
        guard p.knots.count >= 3 else { return (g, p) }
        let inner = p.knots[1..<(p.knots.count - 1)].map { ((g.start + $0 * 360).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) }
        guard let start = inner.min() else { return (g, p) }
        var h = g
        h.start = start
        let t = positions(h)
        let q = profiles.fitProfile(bins: bins(t, usable(inliers, h)), warm: nil)
        guard q.knots.count >= 2 else { return (g, p) }
        // A seam moved inside shows as a jump: two stops less than a degree apart.
        for i in 1..<q.knots.count where q.knots[i] - q.knots[i - 1] < 1.0 / 360 {
            let a = q.colors[i - 1], b = q.colors[i]
            if abs(a.x - b.x) + abs(a.y - b.y) + abs(a.z - b.z) > 10 { return (g, p) }
        }
        let before = profileError(p, t: positions(g), cells: usable(inliers, g))
        let after = profileError(q, t: t, cells: usable(inliers, h))
        return after <= before * 1.1 + 0.05 ? (h, q) : (g, p)
    }

    /// The mean squared RGB error of a profile over cells.
    private func profileError(_ p: PiecewiseProfile, t: [Double], cells: [Bool]) -> Double {
        var sum = 0.0, n = 0.0
        for k in 0..<cells.count where cells[k] {
            let v = p.value(t[k])
            sum += (v.x - grid.r[k]) * (v.x - grid.r[k]) + (v.y - grid.g[k]) * (v.y - grid.g[k]) + (v.z - grid.b[k]) * (v.z - grid.b[k])
            n += 1
        }
        return n > 0 ? sum / n : 0
    }

    // MARK: - Residuals and result

    /// The cells the profile explains; the rest are overlays.
    private func explained(by p: PiecewiseProfile, t: [Double], among cells: [Bool]) -> [Bool] {
        var d = [Double](repeating: -1, count: cells.count)
        var ds: [Double] = []
        for k in 0..<cells.count where cells[k] {
            let v = p.value(t[k])
            let e = ((v.x - grid.r[k]) * (v.x - grid.r[k]) + (v.y - grid.g[k]) * (v.y - grid.g[k]) + (v.z - grid.b[k]) * (v.z - grid.b[k])).squareRoot()
            d[k] = e; ds.append(e)
        }
        let limit = max(3, 5 * median(ds, upTo: 450))
        return d.map { $0 >= 0 && $0 <= limit }
    }

    private func result(_ g: Geometry, profile p: PiecewiseProfile, inliers: [Bool], candidates: [Bool], noiseVariance: Double) -> Result {
        let w = Double(grid.width), h = Double(grid.height)
        var knots = p.knots, colors = p.colors
        let shape: GradientShape
        switch kind {
        case .radial:
            // Canonical: the last stop on the ellipse.
            let last = max(knots[knots.count - 1], 1e-9)
            let rx = last * scale, ry = rx / g.k
            knots = knots.map { $0 / last }
            shape = .radial(center: UnitPoint(x: Self.six(g.cx / w), y: Self.six(g.cy / h)),
                            radius: UnitPoint(x: Self.six(rx / w), y: Self.six(ry / h)))
        case .angular:
            // Canonical: the turn starts at the first stop; colours are constant before the
            // first knot and after the last, which stops at 0 and 1 say explicitly.
            if knots[0] > 0 { knots.insert(0, at: 0); colors.insert(colors[0], at: 0) }
            if knots[knots.count - 1] < 1 { knots.append(1); colors.append(colors[colors.count - 1]) }
            var start = (g.start.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            start = (start * 100).rounded() / 100
            shape = .angular(center: UnitPoint(x: Self.six(g.cx / w), y: Self.six(g.cy / h)), startAngle: start)
        }
        let stops = zip(knots, colors).map { t, c in
            GradientStop(color: RGBA(red: clamp01(c.x / 255), green: clamp01(c.y / 255), blue: clamp01(c.z / 255)), position: Self.six(t))
        }
        var model = GradientModel(shape: shape, stops: stops)
        model = snappedStart(model, inliers: inliers)
        let q = quality(model, inliers: inliers, candidates: candidates, noiseVariance: noiseVariance)
        let fit = GradientFit(angle: 180, stops: model.stops, startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 1),
                              quality: q, overlays: GradientFitter(grid: grid, options: options).overlayRects(inliers), shape: model.shape)
        return Result(fit: fit, inliers: inliers)
    }

    /// An angular start angle snaps to a whole degree when that costs less than ΔE 0.05 (as a
    /// linear gradient's angle does); it keeps 2 decimals otherwise.
    private func snappedStart(_ m: GradientModel, inliers: [Bool]) -> GradientModel {
        guard case let .angular(center, start) = m.shape, start != start.rounded() else { return m }
        var snapped = m
        snapped.shape = .angular(center: center, startAngle: start.rounded().truncatingRemainder(dividingBy: 360))
        let exact = deltaE(m, cells: inliers), rounded = deltaE(snapped, cells: inliers)
        return rounded.meanDeltaE - exact.meanDeltaE < 0.05 && rounded.maxDeltaE - exact.maxDeltaE < 0.05 ? snapped : m
    }

    /// As for linear gradients: over the explained cells, or over every opaque cell when the
    /// model leaves more than a tenth of the candidates unexplained or explains less than a
    /// fifth of the artboard; raised by the pixel spread when cells are far noisier than grain.
    private func quality(_ m: GradientModel, inliers: [Bool], candidates: [Bool], noiseVariance: Double) -> FitQuality {
        let nIn = inliers.reduce(0) { $0 + ($1 ? 1 : 0) }, nCand = candidates.reduce(0) { $0 + ($1 ? 1 : 0) }
        let cells = nIn * 10 >= nCand * 9 && nIn * 5 >= inliers.count ? inliers : grid.opaque
        var q = deltaE(m, cells: cells, excludingCentreAndSeam: true)
        let sigma = (noiseVariance / 3).squareRoot()
        if sigma > 5, let mid = m.stops.first?.color {
            let c = Vec3(mid.red * 255, mid.green * 255, mid.blue * 255)
            let e = DeltaE2000.difference(Lab(r255: c.x, g: c.y, b: c.z, in: options.space),
                                          Lab(r255: min(255, c.x + sigma), g: min(255, c.y + sigma), b: min(255, c.z + sigma), in: options.space))
            q.maxDeltaE = max(q.maxDeltaE, e); q.meanDeltaE = max(q.meanDeltaE, e)
        }
        return q
    }

    /// Mean and max ΔE2000 of the model against the cell means. For an angular gradient the
    /// max leaves out the disc of 10 px around the centre and a 2 px band along the seam (the
    /// issue's measure), widened by a cell's reach since a cell mean blurs both.
    func deltaE(_ m: GradientModel, cells: [Bool], excludingCentreAndSeam: Bool = false) -> FitQuality {
        let coordinates = m.coordinates(width: grid.width, height: grid.height)
        let linear = LinearGradient(angle: m.angle, stops: m.stops)
        var centre: (x: Double, y: Double, start: Double)? = nil
        if case let .angular(c, a) = m.shape { centre = (c.x * Double(grid.width), c.y * Double(grid.height), a) }
        let reach = Double(grid.cellSize) * 0.75
        let seamed = m.stops.count >= 2 && m.stops[0].color != m.stops[m.stops.count - 1].color
        var sum = 0.0, sw = 0.0, worst = 0.0
        for k in 0..<cells.count where cells[k] {
            let c = linear.color(at: coordinates.position(x: grid.cx[k], y: grid.cy[k]))
            let e = DeltaE2000.difference(Lab(r255: c.red * 255, g: c.green * 255, b: c.blue * 255, in: options.space),
                                          Lab(r255: grid.r[k], g: grid.g[k], b: grid.b[k], in: options.space))
            sum += e * grid.count[k]; sw += grid.count[k]
            if excludingCentreAndSeam, let o = centre {
                let dx = grid.cx[k] - o.x, dy = grid.cy[k] - o.y
                if dx * dx + dy * dy < (10 + reach) * (10 + reach) { continue }
                let a = o.start * Double.pi / 180, ux = sin(a), uy = -cos(a)
                if seamed && dx * ux + dy * uy > 0 && abs(dx * uy - dy * ux) < 2 + reach { continue }
            }
            worst = max(worst, e)
        }
        return FitQuality(meanDeltaE: sw > 0 ? sum / sw : 0, maxDeltaE: worst)
    }

    /// Rounded to the 6 decimals the model carries.
    static func six(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }
}

/// Solves the 3×3 system `a·x = b` (row-major) by Cramer's rule; nil when singular.
func solve3(_ a: [Double], _ b: [Double]) -> [Double]? {
    func det(_ m: [Double]) -> Double {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }
    let d = det(a)
    let scale = a.map { abs($0) }.max() ?? 0
    guard d.isFinite, abs(d) > 1e-14 * scale * scale * scale, scale > 0 else { return nil }
    var out = [0.0, 0.0, 0.0]
    for c in 0..<3 {
        var m = a
        for r in 0..<3 { m[r * 3 + c] = b[r] }
        out[c] = det(m) / d
    }
    return out
}
