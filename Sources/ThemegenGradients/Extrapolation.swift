#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ThemegenImage

/// How far a fitted model is a guess: where the box holds positions (along the model's line,
/// ellipse or turn) that no cell the fit used lies at, the model's colours there come from no
/// pixel, and `fit` (measured on the cells the fit used) cannot see them.
///
/// Behind an overlay a position is usually seen elsewhere (a radial ring runs out from under a
/// card on both sides), and then nothing is guessed. What is guessed is a stretch of positions
/// hidden everywhere: a ramp's end under a bar, a glow's centre under a card, or an area wrongly
/// taken as overlay. There the model is one reading among several that what is seen allows: in
/// a gap between seen positions, the straight run across it; beyond the last seen position,
/// the colour held flat or the ramp carried on along its slope. Where the model is more than
/// ΔE2000 `tolerance` from any of those readings, the theme may be that far off, whatever its
/// `fit` says (a glow whose rings were taken for an overlay came back 39 ΔE off with a fit of
/// 0.40; browser seed 3 #37).
package struct Extrapolation: Sendable, Hashable {
    /// The share of the box (0…1) where the model departs from a reading of what is seen by
    /// more than `tolerance`.
    package var coverage: Double
    /// The largest departure there (ΔE2000).
    package var maxDeltaE: Double

    package init(coverage: Double, maxDeltaE: Double) { self.coverage = coverage; self.maxDeltaE = maxDeltaE }

    /// ΔE2000 of a departure that counts: what themegen promises at worst.
    static let tolerance = 1.5
    /// Less than this share of the box is a few partial cells, not a guess worth a warning.
    static let minimumCoverage = 0.001
    /// A model may run on this many cells beyond what is seen (a cell mean blurs the colour
    /// over its extent, and a ramp's end in the box's partial edge cells is carried on).
    static let allowanceCells = 2.0

    /// The departure of `m` beyond the positions of the `seen` cells, over the drawn cells of
    /// `grid`; nil when it stays within `tolerance` but on less than `minimumCoverage` of the
    /// box. Only the cells not seen are evaluated, so a fit with few overlays pays little.
    static func measure(_ m: GradientModel, grid: CellGrid, seen: [Bool], space: RGBSpace) -> Extrapolation? {
        let coordinates = m.coordinates(width: grid.width, height: grid.height)
        let curve = LinearGradient(angle: m.angle, stops: m.stops)
        let n = min(seen.count, grid.columns * grid.rows)
        var seenT: [Double] = []
        for k in 0..<n where seen[k] && grid.drawn(k) { seenT.append(coordinates.position(x: grid.cx[k], y: grid.cy[k])) }
        guard seenT.count >= 2 else { return nil }
        seenT.sort()
        var turns = false
        if case .angular = m.shape { turns = true }
        @inline(__always) func color(_ t: Double) -> Color4 { curve.premultiplied255(at: turns ? t - t.rounded(.down) : t) }
        let cell = Double(grid.cellSize)
        var guessed = 0.0, worst = 0.0
        for k in 0..<n where !seen[k] && grid.drawn(k) {
            let x = grid.cx[k], y = grid.cy[k]
            let t = coordinates.position(x: x, y: y)
            // How far a pixel moves t here: the allowance in t is a few cells' worth.
            let gx = coordinates.position(x: x + 1, y: y) - t, gy = coordinates.position(x: x, y: y + 1) - t
            var perPixel = (gx * gx + gy * gy).squareRoot()
            if turns && perPixel > 0.5 { perPixel = 1 - perPixel }    // across the seam
            let allowance = allowanceCells * cell * perPixel
            // The nearest seen positions on either side (around the turn for an angular model).
            var i = 0, j = seenT.count
            while i < j { let mid = (i + j) / 2; if seenT[mid] < t { i = mid + 1 } else { j = mid } }
            var lo: Double? = i > 0 ? seenT[i - 1] : nil
            var hi: Double? = i < seenT.count ? seenT[i] : nil
            if turns {
                if lo == nil { lo = seenT[seenT.count - 1] - 1 }
                if hi == nil { hi = seenT[0] + 1 }
            }
            let model = color(t)
            var departure = 0.0
            func compare(_ reading: Color4) {
                guard (reading - model).lengthSquared > 1 else { return }
                departure = max(departure, GradientFitter.deltaE(model, reading, space: space))
            }
            switch (lo, hi) {
            case let (l?, h?):
                guard h - l > 2 * allowance, h > l else { continue }
                let f = (t - l) / (h - l)
                compare(color(l) + (color(h) - color(l)) * f)
            case let (l?, nil):
                guard t - l > allowance else { continue }
                let past = carriedOn(from: l, by: t - l, inward: -allowance, allowance: allowance, color)
                compare(past.held); compare(past.carried)
            case let (nil, h?):
                guard h - t > allowance else { continue }
                let past = carriedOn(from: h, by: h - t, inward: allowance, allowance: allowance, color)
                compare(past.held); compare(past.carried)
            case (nil, nil):
                continue
            }
            guard departure > tolerance else { continue }
            guessed += grid.count[k]
            worst = max(worst, departure)
        }
        let coverage = guessed / Double(grid.width * grid.height)
        return coverage >= minimumCoverage ? Extrapolation(coverage: coverage, maxDeltaE: worst) : nil
    }

    /// An angular model's centre under the overlays: its place is read from the turn around
    /// it, a fraction of a cell off at best, and near it a pixel of that is a wide arc of the
    /// turn. Each hidden cell around the centre (outside the 10 px the measure leaves
    /// out) counts where the model moved by half a cell across its ray departs from it by more
    /// than `tolerance`. A conic whose centre the detector took for overlay came back 0.4 px
    /// off and ΔE 4.5 off 12 px from it, with a fit of 0.62 (browser seed 2 #11); one centred
    /// under a card, 2.3 px off. nil when the centre is seen, or nothing departs.
    static func hiddenCentre(_ m: GradientModel, grid: CellGrid, open: [Bool], space: RGBSpace) -> Extrapolation? {
        guard case let .angular(c, _) = m.shape else { return nil }
        let cs = Double(grid.cellSize), cols = grid.columns
        let cx = c.x * Double(grid.width), cy = c.y * Double(grid.height)
        guard let centre = grid.cell(atX: cx, y: cy), !open[centre] else { return nil }
        let ci = centre % cols, cj = centre / cols
        let coordinates = m.coordinates(width: grid.width, height: grid.height)
        let curve = LinearGradient(angle: m.angle, stops: m.stops)
        @inline(__always) func color(_ t: Double) -> Color4 { curve.premultiplied255(at: t - t.rounded(.down)) }
        let shift = cs / 2, span = 8
        var guessed = 0.0, worst = 0.0
        for j in max(0, cj - span)...min(grid.rows - 1, cj + span) {
            for i in max(0, ci - span)...min(cols - 1, ci + span) {
                let k = j * cols + i
                guard !open[k] && grid.drawn(k) else { continue }
                let dx = grid.cx[k] - cx, dy = grid.cy[k] - cy, r = (dx * dx + dy * dy).squareRoot()
                guard r > 10 else { continue }
                let t = coordinates.position(x: grid.cx[k], y: grid.cy[k]), dt = shift / (2 * Double.pi * r)
                let model = color(t)
                let departure = max(GradientFitter.deltaE(model, color(t + dt), space: space),
                                    GradientFitter.deltaE(model, color(t - dt), space: space))
                guard departure > tolerance else { continue }
                guessed += grid.count[k]
                worst = max(worst, departure)
            }
        }
        guard guessed > 0 else { return nil }
        return Extrapolation(coverage: guessed / Double(grid.width * grid.height), maxDeltaE: worst)
    }

    /// An angular model's edges (its seam, and stops so close that the colour jumps across
    /// their ray) seen only near its centre: the fit places an edge from the cells along it,
    /// to a pixel or two at best (`edgeAllowance`), so the farther it runs on hidden under the
    /// overlays, the farther it may stray. A seam seen for 140 px and hidden for 900 more
    /// under a card came back 0.9° off, a wedge 17 px wide of the wrong colour at the far end,
    /// with a fit of 0.36 (ΔE 10.9; browser seed 5 #2). Each hidden cell more than twice as
    /// far out as the edge is seen counts where the edge may cross it (the seen part's
    /// angular precision carried on to the cell); nearer, the edge strays by less than twice
    /// the allowance (five conics right to ΔE 0.4 on the browser seeds, hidden 6–49% farther
    /// than seen, were warned of before that limit). nil when no edge runs on hidden that far,
    /// or one is never seen (the angular fit's hidden-turn check speaks for that).
    /// `seamShaded`: how far out the seam shows through a shadow inside the boxes
    /// (`AngularUnchecked.seamShaded`), seen as far as that.
    static func hiddenEdges(_ m: GradientModel, grid: CellGrid, seen: [Bool], space: RGBSpace, seamShaded: Double = 0) -> Extrapolation? {
        guard case let .angular(c, start) = m.shape, m.stops.count >= 2 else { return nil }
        let curve = LinearGradient(angle: m.angle, stops: m.stops)
        // Each edge's place in the turn and the colours either side of it.
        var edges: [(at: Double, jump: Double)] = []
        let ends = GradientFitter.deltaE(curve.premultiplied255(at: 0), curve.premultiplied255(at: 1), space: space)
        if ends > tolerance { edges.append((0, ends)) }
        for (a, b) in zip(m.stops, m.stops.dropFirst()) where b.position - a.position < edgeWidth {
            // A hard stop's two colours share one position: read them just either side of it.
            let side = a.position == b.position ? 1e-7 : 0
            let jump = GradientFitter.deltaE(curve.premultiplied255(at: a.position - side), curve.premultiplied255(at: b.position + side), space: space)
            if jump > tolerance { edges.append(((a.position + b.position) / 2, jump)) }
        }
        let cx = c.x * Double(grid.width), cy = c.y * Double(grid.height), cs = Double(grid.cellSize)
        let n = min(seen.count, grid.columns * grid.rows)
        var hidden = [Bool](repeating: false, count: n), worst = 0.0
        for edge in edges {
            let a = (start + edge.at * 360) * Double.pi / 180, ux = sin(a), uy = -cos(a)
            // How far along the edge the cells outside the overlays' boxes see it (a cell it
            // crosses): a cell inside a box, the fit's numbers do not vouch for.
            var seenTo = edge.at == 0 ? seamShaded : 0
            for k in 0..<n where seen[k] && grid.drawn(k) {
                let dx = grid.cx[k] - cx, dy = grid.cy[k] - cy
                let along = dx * ux + dy * uy
                if along > 0 && abs(dx * uy - dy * ux) < 0.75 * cs { seenTo = max(seenTo, along) }
            }
            guard seenTo > 0 else { continue }
            let stray = edgeAllowance / seenTo   // radians
            var counted = false
            for k in 0..<n where !seen[k] && grid.drawn(k) {
                let dx = grid.cx[k] - cx, dy = grid.cy[k] - cy
                let along = dx * ux + dy * uy
                // The edge may lie up to `along · stray` from where the model puts it; a cell
                // within that (and half a cell) of it may be on its other side. Up to twice
                // as far out as it is seen, that is twice the 2 px renderers differ by.
                guard along > max(seenTo + cs, 2 * seenTo), abs(dx * uy - dy * ux) < along * stray + cs / 2 else { continue }
                hidden[k] = true
                counted = true
            }
            if counted { worst = max(worst, edge.jump) }
        }
        var guessed = 0.0
        for k in 0..<n where hidden[k] { guessed += grid.count[k] }
        guard guessed > 0 else { return nil }
        return Extrapolation(coverage: guessed / Double(grid.width * grid.height), maxDeltaE: worst)
    }

    /// How far, in pixels, a fit may place an edge from where the cells along it see it: the
    /// 2 px renderers differ by, which the angular fit's seam check allows.
    static let edgeAllowance = 2.0
    /// Stops closer than this in the turn (under 2 px apart at 45 px from the centre, and
    /// under 7.2°) make an edge: across their ray the colour jumps as across a seam.
    static let edgeWidth = 0.02

    /// The larger of two guesses (the one reaching furthest off, then the wider).
    static func worse(_ a: Extrapolation?, _ b: Extrapolation?) -> Extrapolation? {
        guard let a else { return b }
        guard let b else { return a }
        return (a.maxDeltaE, a.coverage) >= (b.maxDeltaE, b.coverage) ? a : b
    }

    /// Two readings beyond the end `edge` of what is seen, `distance` past it: the colour held
    /// flat (after the allowance) and the ramp carried on along the model's slope at the edge
    /// (measured over the allowance on the seen side, `inward` of it), within 0…255.
    private static func carriedOn(from edge: Double, by distance: Double, inward: Double, allowance: Double,
                                  _ color: (Double) -> Color4) -> (held: Color4, carried: Color4) {
        let held = color(edge - inward)
        let slope = (color(edge) - color(edge + inward)) / allowance
        return (held, clamped255(color(edge) + slope * distance))
    }
}
