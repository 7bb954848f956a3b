/// Hard stops in a linear gradient: two stops at the same position, where the colour jumps.
///
/// The segmentation splits the artboard at sharp steps, so a hard stop cuts the gradient into
/// smooth regions of their own. A region beyond a straight edge that crosses the whole box
/// along the gradient's lines of equal colour, and that reaches well along the gradient line
/// (bars along an edge do not), continues the gradient: it joins the fit with a hard stop
/// between. The profile is then fitted stretch by stretch between the hard stops, and each
/// hard stop is placed to a fraction of a pixel by the cells across it, whose means mix the
/// two sides in the proportion of their pixels on either side.
extension GradientFitter {
    /// How far along the gradient line (a fraction of it) a region beyond a hard stop must
    /// reach: status, tab and tool bars cover at most about a tenth of an artboard, so a
    /// flat region needs more (a flat bar at an edge and a hard stop to a flat colour look the
    /// same; the bar is the common case).
    static let hardStopReach = 0.15, flatHardStopReach = 0.25
    /// A region whose colour changes along the line by at least this much (8-bit levels, in
    /// some channel) is a stretch of the gradient however short: a bar over a gradient shows
    /// its ramp through a veil of at most half its strength over a tenth of the line, a few
    /// levels, and a bar's own colour is flat.
    static let rampingHardStopRange = 48.0
    /// The most a cell's squared RGB error counts for where an edge is placed: an overlay
    /// across the edge counts no more than a gross misfit.
    static let edgeErrorCap = 1600.0

    /// Whether a cell centred at `t`, reaching `reach` either way along the line, straddles a
    /// hard stop.
    @inline(__always)
    static func nearJump(_ t: Double, _ jumps: [Double], _ reach: Double) -> Bool {
        for j in jumps where abs(t - j) < reach * 1.02 { return true }
        return false
    }

    /// What cell `k` (centred at `t`) averages to under the profile: the profile averaged over
    /// its pixels where a hard stop crosses it, else the 1-2-1 mean of its projection.
    @inline(__always)
    func cellModel(_ p: ProfileView, line: LinearGradient.Line, k: Int, t: Double, reach: Double, jumps: [Double]) -> Color4 {
        if !jumps.isEmpty && Self.nearJump(t, jumps, reach) { return pixelAverage(p, line: line, k: k) }
        return p.cellMean(t, reach: reach)
    }

    /// The slack a cell across a hard stop gets in the overlay test: a tenth of a pixel of
    /// error in the stop's place moves its mean by the jump over a tenth of a cell's side.
    func jumpSlack(_ p: ProfileView, t: Double, reach: Double) -> Double {
        var slack = 0.0
        var i = 1
        while i < p.knots.count {
            if p.knots[i] == p.knots[i - 1] && abs(t - p.knots[i]) < reach * 1.02 {
                slack = max(slack, (p.colors[i] - p.colors[i - 1]).lengthSquared.squareRoot() * 0.1 / Double(grid.cellSize))
            }
            i += 1
        }
        return slack
    }

    /// The profile averaged over the pixel centres of cell `k`, as the accumulator averaged the
    /// artboard's pixels.
    func pixelAverage(_ p: PiecewiseProfile, line: LinearGradient.Line, k: Int) -> Color4 {
        p.withView { pixelAverage($0, line: line, k: k) }
    }

    func pixelAverage(_ p: ProfileView, line: LinearGradient.Line, k: Int) -> Color4 {
        var s = Color4.zero
        grid.forEachPixel(k) { x, y in s += p.value(line.t(x: x, y: y)) }
        return s / grid.count[k]
    }

    /// The squared RGB error of `cells` against the profile averaged over their pixels, each
    /// counted as at most `cap` (an overlay across an edge counts no more than a gross misfit):
    /// what places a hard stop, the angle of the edges, and an end stop inside the edge cells.
    func pixelError(_ p: PiecewiseProfile, line: LinearGradient.Line, cells: [Int], cap: Double = .infinity) -> Double {
        p.withView { view in cells.reduce(0) { $0 + min(cap, (pixelAverage(view, line: line, k: $1) - grid.color($1)).lengthSquared) } }
    }

    /// The profile fitted stretch by stretch between hard stops at `jumps` (sorted): each
    /// stretch gets the fewest knots of its own, and its ends meet the hard stops.
    func fitSegments(bins: ProfileBins, warm: PiecewiseProfile?, jumps: [Double]) -> PiecewiseProfile {
        var knots: [Double] = [], colors: [Color4] = []
        let budget = max(2, options.maxStops - jumps.count)
        var start = 0
        for s in 0...jumps.count {
            let a = s == 0 ? -Double.infinity : jumps[s - 1], b = s == jumps.count ? Double.infinity : jumps[s]
            var end = start
            while end < bins.count && bins.t[end] < b { end += 1 }
            let sub = ProfileBins(t: Array(bins.t[start..<end]), color: Array(bins.color[start..<end]),
                                  weight: Array(bins.weight[start..<end]), space: options.space,
                                  near: bins.near.isEmpty ? [] : Array(bins.near[start..<end]), spread: bins.spread)
            start = end
            let low: Double? = s == 0 ? (options.extendsEnds ? 0 : nil) : a
            let high: Double? = s == jumps.count ? (options.extendsEnds ? 1 : nil) : b
            var segment: PiecewiseProfile
            if sub.count >= 2 {
                // The warm knots inside this stretch (the hard stops' own are its ends).
                var inner: [Double] = []
                for t in warm?.knots ?? [] where t > a && t < b && t >= sub.t[0] && t <= sub.t[sub.count - 1] && inner.last != t { inner.append(t) }
                let segmentWarm = inner.count >= 2 ? PiecewiseProfile(knots: inner, colors: inner.map { _ in .zero }) : nil
                segment = fitSegment(bins: sub, warm: segmentWarm, low: low, high: high, maxStops: budget, hardLow: s > 0, hardHigh: s < jumps.count)
            } else {
                // Nothing seen of this stretch (hidden): the colour the warm profile had there.
                let mid = a.isFinite && b.isFinite ? (a + b) / 2 : a.isFinite ? a : b
                let c = sub.count == 1 ? sub.color[0] : warm?.value(mid) ?? .zero
                segment = PiecewiseProfile(knots: [a, b].filter { $0.isFinite }, colors: [a, b].filter { $0.isFinite }.map { _ in c })
            }
            knots += segment.knots
            colors += segment.colors
        }
        return PiecewiseProfile(knots: knots, colors: colors)
    }

    /// The smooth regions beyond hard stops from the main region (`largest`), for a gradient
    /// along `angle`: each must lie wholly beyond the part of the gradient gathered so far,
    /// across a gap no wider than the cells that straddle an edge, fill the box across the
    /// gradient there, and reach far enough along it. Nil when there is none.
    func hardStopRegions(_ main: [Bool], labels: [Int32], largest: Int32, angle: Double) -> (cells: [Bool], jumps: [Double])? {
        guard largest >= 0 else { return nil }
        let n = main.count
        let line = LinearGradient.Line(angle: angle, width: Double(grid.width), height: Double(grid.height))
        let reachT = grid.reach(along: line)
        let regionCount = Int(labels.max() ?? -1) + 1
        guard regionCount > 1 else { return nil }
        var size = [Int](repeating: 0, count: regionCount)
        var lo = [Double](repeating: .infinity, count: regionCount), hi = [Double](repeating: -.infinity, count: regionCount)
        var t = [Double](repeating: 0, count: n)
        for k in 0..<n {
            t[k] = line.t(x: grid.cx[k], y: grid.cy[k])
            let l = Int(labels[k])
            guard l >= 0 else { continue }
            size[l] += 1; lo[l] = min(lo[l], t[k]); hi[l] = max(hi[l], t[k])
        }
        let minSize = max(16, n / 50)
        // How far across the line the main region reaches: bars at the ends of the lines of
        // equal colour (a status bar and a tab bar across a horizontal gradient) bound it, and
        // a region beyond a hard stop no less.
        var across = (lo: Double.infinity, hi: -Double.infinity)
        for k in 0..<n where labels[k] == largest {
            let u = grid.cx[k] * line.dy - grid.cy[k] * line.dx
            across = (min(across.lo, u), max(across.hi, u))
        }
        var cells = main, jumps: [Double] = []
        var gathered = (lo: lo[Int(largest)], hi: hi[Int(largest)])
        var merged = Set([Int(largest)])
        while true {
            var best: (label: Int, gap: Double, high: Bool)? = nil
            for l in 0..<regionCount where size[l] >= minSize && !merged.contains(l) {
                let above = lo[l] - gathered.hi, below = gathered.lo - hi[l]
                // The first direction comes from one region and may be a degree or two off,
                // which tilts a long edge by a few percent of the line.
                for (gap, high) in [(above, true), (below, false)] where gap >= -0.03 - 1.5 * reachT && gap <= 6 * reachT {
                    if best == nil || gap < best!.gap { best = (l, gap, high) }
                }
            }
            guard let b = best else { break }
            merged.insert(b.label)
            guard regionContinues(b.label, labels: labels, t: t, lo: lo[b.label], hi: hi[b.label], line: line, mainAcross: across) else { continue }
            for k in 0..<n where Int(labels[k]) == b.label { cells[k] = true }
            jumps.append(b.high ? (gathered.hi + lo[b.label]) / 2 : (hi[b.label] + gathered.lo) / 2)
            gathered = (min(gathered.lo, lo[b.label]), max(gathered.hi, hi[b.label]))
        }
        return jumps.isEmpty ? nil : (cells, jumps.sorted())
    }

    /// Whether region `l` spans the box across the gradient (or as far across as the main
    /// region, `mainAcross`, does) and reaches far enough along it.
    private func regionContinues(_ l: Int, labels: [Int32], t: [Double], lo: Double, hi: Double, line: LinearGradient.Line,
                                 mainAcross: (lo: Double, hi: Double)) -> Bool {
        // Flat or not: the colour range over the region.
        var cmin = Color4(repeating: .infinity), cmax = Color4(repeating: -.infinity)
        for k in 0..<t.count where Int(labels[k]) == l {
            cmin = pointwiseMin(cmin, grid.color(k)); cmax = pointwiseMax(cmax, grid.color(k))
        }
        let range = (cmax - cmin).max()
        let ramping = range >= Self.rampingHardStopRange && hi - lo >= 2 * grid.reach(along: line)
        guard ramping || hi - lo >= (range < 6 ? Self.flatHardStopReach : Self.hardStopReach) else { return false }
        // Across the box: the region's cells span the box's cells over its stretch of the line
        // (over all of it, since a card may cover part of the stretch next to the edge).
        let from = lo, to = hi
        var box = (lo: Double.infinity, hi: -Double.infinity), mine = box
        for k in 0..<t.count where t[k] >= from && t[k] <= to {
            let u = grid.cx[k] * line.dy - grid.cy[k] * line.dx
            box = (min(box.lo, u), max(box.hi, u))
            if Int(labels[k]) == l { mine = (min(mine.lo, u), max(mine.hi, u)) }
        }
        guard box.hi > box.lo else { return false }
        let span = min(box.hi - box.lo, max(0, mainAcross.hi - mainAcross.lo))
        return mine.hi - mine.lo + Double(grid.cellSize) >= 0.85 * (span + Double(grid.cellSize))
    }

    /// Each hard stop moved to where the cells across it put it (to about a tenth of a pixel):
    /// the stretches on either side keep their lines, only the jump between them moves.
    func refinedJumps(_ p: PiecewiseProfile, angle: Double) -> PiecewiseProfile {
        let line = LinearGradient.Line(angle: angle, width: Double(grid.width), height: Double(grid.height))
        let reachT = grid.reach(along: line)
        let n = grid.columns * grid.rows
        var q = p
        var i = 1
        while i < q.knots.count {
            guard q.knots[i] == q.knots[i - 1] else { i += 1; continue }
            let j = i - 1, t0 = q.knots[i]
            let before = j > 0 ? q.knots[j - 1] : -Double.infinity, after = i + 1 < q.knots.count ? q.knots[i + 1] : Double.infinity
            let base = q
            // The colour each side would have at x, its stretch's line carried on.
            func side(_ end: Int, _ inner: Int?, _ x: Double) -> Color4 {
                guard let inner, base.knots[inner] != base.knots[end] else { return base.colors[end] }
                let f = (x - base.knots[end]) / (base.knots[end] - base.knots[inner])
                return clamped255(base.colors[end] + (base.colors[end] - base.colors[inner]) * f)
            }
            func trial(_ x: Double) -> PiecewiseProfile {
                var r = base
                r.knots[j] = x; r.knots[i] = x
                r.colors[j] = side(j, j > 0 ? j - 1 : nil, x)
                r.colors[i] = side(i, i + 1 < base.knots.count ? i + 1 : nil, x)
                return r
            }
            var band: [Int] = []
            for k in 0..<n {
                let t = line.t(x: grid.cx[k], y: grid.cy[k])
                if abs(t - t0) < 3 * reachT { band.append(k) }
            }
            func cost(_ x: Double) -> Double { pixelError(trial(x), line: line, cells: band, cap: Self.edgeErrorCap) }
            let span = 2 * reachT, eps = 1e-9
            let a = max(t0 - span, before + eps), b = min(t0 + span, after - eps)
            if b > a {
                let tolerance = 0.05 / max(1, line.length)
                let x = GoldenSection.middleOfBestStep(a, b, pixel: 1 / max(1, line.length), tolerance: tolerance,
                                                       within: (before + eps)...(after - eps), cost)
                if cost(x) <= cost(t0) { q = trial(x) }
            }
            i += 1
        }
        return q
    }

    /// The angle whose hard stops, each placed best, explain the cells across them best.
    /// Where every stretch between hard stops is flat (stripes), only the edges tell the
    /// direction: within a degree. Where a stretch has a slope, the fit's own steps find the
    /// angle, to a few hundredths of a degree; an edge is sharper than any slope, and across
    /// a tall box a hundredth of a degree moves it a fraction of a pixel that the cells across
    /// it see (browser seed 5 #15): within a tenth of a degree.
    func edgeAngle(_ p: PiecewiseProfile, angle: Double) -> (Double, PiecewiseProfile)? {
        var range = 1.0, tolerance = 0.01
        for i in 1..<max(1, p.knots.count) where p.knots[i] != p.knots[i - 1] {
            if (p.colors[i] - p.colors[i - 1]).lengthSquared > 1 { range = 0.1; tolerance = 0.002 }
        }
        let n = grid.columns * grid.rows
        func cost(_ a: Double) -> (Double, PiecewiseProfile) {
            let line = LinearGradient.Line(angle: a, width: Double(grid.width), height: Double(grid.height))
            let reachT = grid.reach(along: line)
            let q = refinedJumps(p, angle: a)
            let jumps = q.jumps
            let band = (0..<n).filter { Self.nearJump(line.t(x: grid.cx[$0], y: grid.cy[$0]), jumps, 3 * reachT) }
            return (pixelError(q, line: line, cells: band, cap: Self.edgeErrorCap), q)
        }
        // Within the [90, 270) the fitter keeps angles in, so the stops keep their order.
        let x = GoldenSection.minimum(max(90, angle - range), min(269.99, angle + range), tolerance: tolerance) { cost($0).0 }
        let (fx, qx) = cost(x), (f0, _) = cost(angle)
        return fx < f0 ? (x, qx) : nil
    }
}
