import ThemegenImage

/// How far a cell's pixels stray from a model where the cell's mean does not show it.
///
/// The fit's numbers compare cell means with the model, and a mean can match a model that is
/// wrong across the cell: where a stop lies within the box's edge cells, a model without it
/// carries the next ramp on to the edge while the pixels turn back, and the two agree on
/// average (browser seed 4 #10, a glow's first stop 5 px inside the top edge at 375 × 812: the
/// top cells' means within ΔE2000 1.3 of the model, the top pixels 3.6 off, and the fit said
/// 1.42). The accumulator keeps each cell's spread per channel, and a model right across the
/// cell spreads as its pixels do, less their noise: the difference of the two spreads is a
/// lower bound on how far the pixels stray from the model about the cell's mean. Carried to
/// the cell's edge (a wrong slope is farthest off there: 1.5 times its spread over the cell),
/// it joins the mean's error, and that colour's difference from the model counts for the max.
struct WithinCellError {
    let grid: CellGrid
    let space: RGBSpace
    /// Each channel's noise variance (dither, grain), which every cell's spread carries.
    let noise: Double

    /// How far the cell's edge lies from its mean in spreads of a ramp across an 8 px cell
    /// (3.5 / 2.29): where a slope that is wrong is farthest off.
    static let edgeReach = 1.5

    /// The worst ΔE2000 by which the pixels of `cells` stray from a model within a cell (0 when
    /// nowhere). `kinks`: the model's stop positions; `jumps`: its hard stops, whose cells are
    /// left out (renderers differ along a hard edge, as the measure allows); `centre`: a
    /// radial or angular gradient's, where the coordinate is not linear; `turns`: an angular
    /// coordinate, which wraps (a cell across the seam is left out, as the measure
    /// leaves out its band). `position` gives the model's coordinate at a point in box pixels,
    /// `color` its colour at a coordinate.
    func worst(_ cells: [Bool], kinks: [Double], jumps: [Double], centre: (x: Double, y: Double)?, turns: Bool,
               position: (Double, Double) -> Double, color: (Double) -> Color4) -> Double {
        guard !grid.translucent else { return 0 }
        var worst = 0.0
        for k in cells.indices where cells[k] {
            let (x0, y0, cw, ch) = bounds(k)
            let x1 = x0 + Double(cw - 1), y1 = y0 + Double(ch - 1)
            let a = position(x0, y0), b = position(x1, y0), c = position(x0, y1), d = position(x1, y1)
            var lo = min(a, b, c, d)
            let hi = max(a, b, c, d)
            if turns && hi - lo > 0.5 { continue }
            // A centre inside the cell (or a pixel from it): the cell reaches down to it.
            // Within a few cells of it the coordinate curves across a cell: every pixel counts.
            var holdsCentre = false, curved = false
            if let o = centre {
                holdsCentre = o.x >= x0 - 1 && o.x <= x1 + 1 && o.y >= y0 - 1 && o.y <= y1 + 1
                let dx = grid.cx[k] - o.x, dy = grid.cy[k] - o.y, r = 4 * Double(grid.cellSize)
                curved = dx * dx + dy * dy < r * r
            }
            if holdsCentre && turns { continue }
            if holdsCentre { lo = 0 }
            if jumps.contains(where: { $0 >= lo && $0 <= hi }) { continue }
            let mean: Color4, variance: SIMD3<Double>
            if curved || holdsCentre || kinks.contains(where: { $0 > lo && $0 < hi }) {
                (mean, variance) = pixelSpread(k) { color(position($0, $1)) }
            } else {
                mean = color(position(grid.cx[k], grid.cy[k]))
                variance = linearVariance(k, corners: (color(a), color(b), color(c), color(d)))
            }
            if let e = deltaE(k, model: mean, variance: variance) { worst = max(worst, e) }
        }
        return worst
    }

    /// The model's variance per channel over cell k's pixels, from its colours at the cell's
    /// corner pixels (top left, top right, bottom left, bottom right, as `worst` already has
    /// their coordinates): the model must be linear across the cell (no stop inside it).
    func linearVariance(_ k: Int, corners: (Color4, Color4, Color4, Color4)) -> SIMD3<Double> {
        let (x0, y0, w, h) = bounds(k)
        let x1 = x0 + Double(w) - 1, y1 = y0 + Double(h) - 1
        let (c00, c10, c01, c11) = corners
        let gx = w > 1 ? (c10 + c11 - c00 - c01) / (2 * (x1 - x0)) : .zero
        let gy = h > 1 ? (c01 + c11 - c00 - c10) / (2 * (y1 - y0)) : .zero
        let vx = Double(w * w - 1) / 12, vy = Double(h * h - 1) / 12
        return SIMD3(gx.x * gx.x * vx + gy.x * gy.x * vy, gx.y * gx.y * vx + gy.y * gy.y * vy, gx.z * gx.z * vx + gy.z * gy.z * vy)
    }

    /// The model's mean and variance per channel over every pixel of cell k: where a stop's
    /// kink or the gradient's centre lies inside the cell.
    func pixelSpread(_ k: Int, color: (Double, Double) -> Color4) -> (mean: Color4, variance: SIMD3<Double>) {
        var s = Color4.zero, q = Color4.zero, n = 0.0
        grid.forEachPixel(k) { x, y in
            let c = color(x, y)
            s += c; q += c * c; n += 1
        }
        let m = s / n, v = q / n - m * m
        return (m, SIMD3(max(0, v.x), max(0, v.y), max(0, v.z)))
    }

    /// The corner pixel centres' reach: x0, y0 of the first pixel centre, and the cell's size.
    func bounds(_ k: Int) -> (x0: Double, y0: Double, w: Int, h: Int) {
        let cs = grid.cellSize
        let i = k % grid.columns * cs, j = k / grid.columns * cs
        return (Double(i) + 0.5, Double(j) + 0.5, min(cs, grid.width - i), min(cs, grid.height - j))
    }

    /// ΔE2000 between the model's mean over cell k and the colour its pixels reach: the cell's
    /// mean, moved on by the difference of the spreads carried to the cell's edge, in the
    /// direction each channel's mean is off (or up). nil when the spreads agree within what
    /// the noise lets a cell's spread vary by. Opaque cells only.
    func deltaE(_ k: Int, model m: Color4, variance mv: SIMD3<Double>) -> Double? {
        let n = grid.count[k]
        // A cell's spread of noise varies by about √(2/n) of the noise's variance; 8-bit
        // rounding adds a twelfth of a level² either way.
        let slack = 3 * noise * (2 / n).squareRoot() + 0.25
        let pv = grid.channelVariance[k]
        let cell = grid.color(k)
        var off = SIMD3<Double>.zero, strays = false
        // Grain is not one noise: blended as `overlay`, it shakes each channel by how far its
        // colour lies from mid-grey, so a cell may spread far more than the artboard's noise
        // says (browser seed 1 mixed #34: red 38 levels² where the median is 7). Noise only
        // adds spread, though: a model that spreads more than the pixels, noise and all, is
        // wrong across the cell whatever the grain. Pixels that spread more than the model
        // and the noise count only where the noise is dither alone (under a level²).
        let excessCounts = noise < 1
        for c in 0..<3 {
            // Compared as variances first: most cells agree, and need no square root.
            let v = Double(pv[c]), high = v + slack, low = v - noise - slack
            var apart = 0.0
            if mv[c] > high { apart = mv[c].squareRoot() - high.squareRoot() }
            else if excessCounts && mv[c] < low { apart = low.squareRoot() - mv[c].squareRoot() }
            let d = cell[c] - m[c]
            off[c] = d + (d < 0 ? -1 : 1) * Self.edgeReach * apart
            if apart > 0 { strays = true }
        }
        // Within half a level in every channel, a stray is 8-bit rounding (and not worth a
        // ΔE2000 on every cell of a clean artboard).
        guard strays, max(abs(off.x), abs(off.y), abs(off.z)) >= 0.5 else { return nil }
        let reached = SIMD3(m.x, m.y, m.z) + off
        let clamped = SIMD3(max(0, min(255, reached.x)), max(0, min(255, reached.y)), max(0, min(255, reached.z)))
        return DeltaE2000.difference(Lab(r255: m.x, g: m.y, b: m.z, in: space),
                                     Lab(r255: clamped.x, g: clamped.y, b: clamped.z, in: space))
    }
}
