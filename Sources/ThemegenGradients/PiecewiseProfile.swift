import ThemegenImage

/// A continuous piecewise-linear colour profile along the gradient line: the 1-D model of a
/// CSS gradient (constant beyond the first and last knot). Colours are premultiplied R, G, B
/// and alpha on the 8-bit scale (x, y, z, w): CSS interpolates premultiplied values linearly.
struct PiecewiseProfile {
    var knots: [Double]
    var colors: [Color4]

    /// The colour at t.
    @inline(__always)
    func value(_ t: Double) -> Color4 {
        withView { $0.value(t) }
    }

    /// d(colour)/dt at t (zero on the constant ends).
    @inline(__always)
    func slope(_ t: Double) -> Color4 {
        withView { $0.slope(t) }
    }
}

/// A profile's knots and colours seen through buffers: the loops over every cell take one view
/// for all their evaluations, without the arrays' checks and reference counting at each of the
/// several a cell takes. `PiecewiseProfile`'s own `value` and `slope` are these.
struct ProfileView {
    let knots: UnsafeBufferPointer<Double>
    let colors: UnsafeBufferPointer<Color4>

    /// The colour at t: linear between knots, constant beyond the ends.
    @inline(__always)
    func value(_ t: Double) -> Color4 {
        let n = knots.count
        if t <= knots[0] || n == 1 { return colors[0] }
        var i = 1
        while i < n {
            if t < knots[i] {
                let f = (t - knots[i - 1]) / (knots[i] - knots[i - 1])
                let a = colors[i - 1], b = colors[i]
                return a + (b - a) * f
            }
            i += 1
        }
        return colors[n - 1]
    }

    /// d(colour)/dt at t (zero on the constant ends).
    @inline(__always)
    func slope(_ t: Double) -> Color4 {
        let n = knots.count
        if n < 2 || t <= knots[0] || t >= knots[n - 1] { return .zero }
        var i = 1
        while i < n - 1 && t >= knots[i] { i += 1 }
        let s = 1 / (knots[i] - knots[i - 1])
        return (colors[i] - colors[i - 1]) * s
    }

    /// `GradientFitter.cellMean(profile, t:, reach:)`: what a cell centred at `t` averages to.
    @inline(__always)
    func cellMean(_ t: Double, reach: Double) -> Color4 {
        if knots.count < 2 { return value(t) }
        return (value(t - reach / 2) + 2 * value(t) + value(t + reach / 2)) / 4
    }

    /// `cellMean(t, reach:)` and `slope(t)` at once. Where the cell's projection lies inside one
    /// stretch between knots (nearly every cell), its three values and the slope share that
    /// stretch's search and its differences; each is still the same arithmetic as `value` and
    /// `slope` do, so the same to the bit.
    @inline(__always)
    func cellMeanAndSlope(_ t: Double, reach: Double) -> (mean: Color4, slope: Color4) {
        let n = knots.count
        let lo = t - reach / 2, hi = t + reach / 2
        guard n >= 2 && lo > knots[0] && hi < knots[n - 1] else { return (cellMean(t, reach: reach), slope(t)) }
        // The first knot beyond t (one exists: t ≤ hi < the last knot).
        var i = 1
        while t >= knots[i] { i += 1 }
        let k0 = knots[i - 1], k1 = knots[i]
        guard lo >= k0 && hi < k1 else { return (cellMean(t, reach: reach), slope(t)) }
        let a = colors[i - 1], difference = colors[i] - a, span = k1 - k0
        @inline(__always) func at(_ x: Double) -> Color4 { a + difference * ((x - k0) / span) }
        return ((at(lo) + 2 * at(t) + at(hi)) / 4, difference * (1 / span))
    }
}

extension PiecewiseProfile {
    /// Runs `body` with the profile seen through buffers (`ProfileView`).
    @inline(__always)
    func withView<R>(_ body: (ProfileView) throws -> R) rethrows -> R {
        try knots.withUnsafeBufferPointer { k in try colors.withUnsafeBufferPointer { c in try body(ProfileView(knots: k, colors: c)) } }
    }
}

/// Premultiplied R, G, B and alpha (x, y, z, w), 8-bit scale.
typealias Color4 = SIMD4<Double>

extension SIMD4 where Scalar == Double {
    /// Squared Euclidean length over all four channels.
    @inline(__always) var lengthSquared: Double { (self * self).sum() }

    /// Where the lines `a + s·x` and `b + t·x` through colour space come closest (their
    /// difference is linear in x); nil when they are parallel.
    static func closestApproach(_ a: Self, slope s: Self, _ b: Self, slope t: Self) -> Double? {
        let u = a - b, v = s - t
        let vv = v.lengthSquared
        return vv > 0 ? -(u * v).sum() / vv : nil
    }
}

/// Samples of the 1-D profile: inlier cells binned by their position on the gradient line.
struct ProfileBins {
    let t: [Double]
    let color: [Color4]
    let weight: [Double]
    /// Each bin's colour in CIELAB, for the accuracy test (the bins stay while knots move).
    let lab: [Lab]
    /// Each bin's share of weight from cells within a shadow's reach of what is drawn on top
    /// (empty when not known): where a bin darker than the profile may be a soft shadow.
    let near: [Double]
    /// A cell's projection on the binned coordinate as two uniform spreads, each by its half
    /// width (a linear gradient's cell spreads along the line by its width and by its height);
    /// zero when not known.
    let spread: (Double, Double)
    /// Half the extent of that projection.
    var reach: Double { spread.0 + spread.1 }
    private let space: RGBSpace
    /// Running weighted moments: entry i covers bins 0..<i, so any run of bins costs one
    /// subtraction and `solve` is O(knots · log bins) instead of O(bins).
    private let moments: [BinMoments]

    var count: Int { t.count }

    /// `t` ascending.
    init(t: [Double], color: [Color4], weight: [Double], space: RGBSpace, near: [Double] = [], spread: (Double, Double) = (0, 0)) {
        self.init(t: t, color: color, weight: weight, lab: color.map { Lab(r255: $0.x, g: $0.y, b: $0.z, in: space) }, space: space,
                  near: near, spread: spread)
    }

    private init(t: [Double], color: [Color4], weight: [Double], lab: [Lab], space: RGBSpace, near: [Double], spread: (Double, Double)) {
        self.t = t; self.color = color; self.weight = weight; self.lab = lab; self.near = near; self.spread = spread; self.space = space
        var m = [BinMoments](repeating: BinMoments(), count: t.count + 1)
        for i in 0..<t.count {
            let w = weight[i], ti = t[i], c = color[i]
            var s = m[i]
            s.w += w; s.wt += w * ti; s.wtt += w * ti * ti
            s.wc += w * c
            s.wct += w * ti * c
            s.wcc += w * c.lengthSquared
            m[i + 1] = s
        }
        moments = m
    }

    /// The bins where `keep` holds.
    func subset(_ keep: [Bool]) -> ProfileBins {
        var bt: [Double] = [], bc: [Color4] = [], bw: [Double] = [], bl: [Lab] = [], bn: [Double] = []
        for i in 0..<count where keep[i] {
            bt.append(t[i]); bc.append(color[i]); bw.append(weight[i]); bl.append(lab[i])
            if !near.isEmpty { bn.append(near[i]) }
        }
        return ProfileBins(t: bt, color: bc, weight: bw, lab: bl, space: space, near: bn, spread: spread)
    }

    /// Least-squares colours for fixed knots (hat-function basis, tridiagonal normal equations),
    /// and the weighted sum of squared errors.
    func solve(knots: [Double]) -> (colors: [Color4], sse: Double) {
        if knots.count == 1 {
            var sw = 0.0, s = Color4.zero
            for i in 0..<count { let w = weight[i]; sw += w; s += w * color[i] }
            let m = sw > 0 ? s / sw : .zero
            return ([m], sse(PiecewiseProfile(knots: knots, colors: [m])))
        }
        var colors = [Color4](repeating: .zero, count: knots.count)
        let e = knots.withUnsafeBufferPointer { k in colors.withUnsafeMutableBufferPointer { solve(k, into: $0.baseAddress) } }
        return (colors, e)
    }

    /// The weighted sum of squared errors of the least-squares fit for at least 2 sorted knots;
    /// writes the knot colours to `out` when given. No heap allocation.
    func solve(_ knots: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Color4>?) -> Double {
        let k = knots.count
        precondition(k >= 2)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * k) { d in
            withUnsafeTemporaryAllocation(of: Color4.self, capacity: 2 * k) { v in
                let diag = d.baseAddress!, off = diag + k, cp = off + k
                let rhs = v.baseAddress!, dp = rhs + k
                for i in 0..<k { diag[i] = 1e-9; off[i] = 0; rhs[i] = .zero }
                moments.withUnsafeBufferPointer { m in
                    // Bins before the first knot (and on it) and from the last knot on see a
                    // constant; those between two knots a hat function's two sides.
                    var from = lowerBound(knots[0], from: 0)
                    let head = m[from] - m[0]
                    diag[0] += head.w; rhs[0] += head.wc
                    for seg in 0..<(k - 1) {
                        let to = lowerBound(knots[seg + 1], from: from)
                        defer { from = to }
                        guard to > from else { continue }
                        let s = m[to] - m[from]
                        let k0 = knots[seg], k1 = knots[seg + 1]
                        let ih = 1 / (k1 - k0), ih2 = ih * ih
                        // With f = (t − k0)/h and g = 1 − f = (k1 − t)/h, expanded in moments of t.
                        diag[seg] += (k1 * k1 * s.w - 2 * k1 * s.wt + s.wtt) * ih2
                        diag[seg + 1] += (k0 * k0 * s.w - 2 * k0 * s.wt + s.wtt) * ih2
                        off[seg] += ((k0 + k1) * s.wt - k0 * k1 * s.w - s.wtt) * ih2
                        rhs[seg] += (k1 * s.wc - s.wct) * ih
                        rhs[seg + 1] += (s.wct - k0 * s.wc) * ih
                    }
                    let tail = m[count] - m[from]
                    diag[k - 1] += tail.w; rhs[k - 1] += tail.wc
                }
                // Thomas algorithm on the symmetric tridiagonal system.
                var denom = diag[0]
                cp[0] = off[0] / denom
                dp[0] = rhs[0] / denom
                for i in 1..<k {
                    denom = diag[i] - off[i - 1] * cp[i - 1]
                    cp[i] = i < k - 1 ? off[i] / denom : 0
                    dp[i] = (rhs[i] - off[i - 1] * dp[i - 1]) / denom
                }
                // Back substitution in place: dp becomes the solution.
                var i = k - 2
                while i >= 0 {
                    dp[i] = dp[i] - cp[i] * dp[i + 1]
                    i -= 1
                }
                // At the least-squares solution A·x = b, so the residual is yᵀy − xᵀb: no second pass.
                var xb = 0.0
                for i in 0..<k { xb += (dp[i] * rhs[i]).sum() }
                if let out { for i in 0..<k { out[i] = dp[i] } }
                return max(0, moments[count].wcc - xb)
            }
        }
    }

    /// The first bin at or after `from` whose t is not below `x`.
    @inline(__always)
    private func lowerBound(_ x: Double, from: Int) -> Int {
        t.withUnsafeBufferPointer { t in
            var lo = from, hi = t.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if t[mid] < x { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    func sse(_ p: PiecewiseProfile) -> Double {
        var s = 0.0
        for i in 0..<count {
            s += weight[i] * (p.value(t[i]) - color[i]).lengthSquared
        }
        return s
    }
}

/// Weighted moments of a run of bins: Σw, Σwt, Σwt², Σwc, Σwtc and Σw|c|².
private struct BinMoments {
    var w = 0.0, wt = 0.0, wtt = 0.0, wcc = 0.0
    var wc = Color4.zero, wct = Color4.zero

    @inline(__always)
    static func - (a: BinMoments, b: BinMoments) -> BinMoments {
        BinMoments(w: a.w - b.w, wt: a.wt - b.wt, wtt: a.wtt - b.wtt, wcc: a.wcc - b.wcc, wc: a.wc - b.wc, wct: a.wct - b.wct)
    }
}

extension PiecewiseProfile {
    /// The hard stops: two knots at the same position, and the colour step there (8-bit RGBA
    /// distance).
    var hardStops: [(at: Double, step: Double)] {
        var out: [(at: Double, step: Double)] = []
        var i = 1
        while i < knots.count {
            if knots[i] == knots[i - 1] { out.append((knots[i], (colors[i] - colors[i - 1]).lengthSquared.squareRoot())) }
            i += 1
        }
        return out
    }

    /// The positions of hard stops, where the colour jumps.
    var jumps: [Double] { hardStops.map(\.at) }
}
