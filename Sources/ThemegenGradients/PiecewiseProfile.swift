import ThemegenImage

/// A continuous piecewise-linear colour profile along the gradient line: the 1-D model of a
/// CSS gradient (constant beyond the first and last knot). Colours are on the 8-bit scale.
struct PiecewiseProfile {
    var knots: [Double]
    var colors: [Vec3]

    @inline(__always)
    func value(_ t: Double) -> Vec3 {
        if t <= knots[0] || knots.count == 1 { return colors[0] }
        var i = 1
        while i < knots.count {
            if t < knots[i] {
                let f = (t - knots[i - 1]) / (knots[i] - knots[i - 1])
                let a = colors[i - 1], b = colors[i]
                return Vec3(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f)
            }
            i += 1
        }
        return colors[colors.count - 1]
    }

    /// d(colour)/dt at t (zero on the constant ends).
    @inline(__always)
    func slope(_ t: Double) -> Vec3 {
        if knots.count < 2 || t <= knots[0] || t >= knots[knots.count - 1] { return Vec3(0, 0, 0) }
        var i = 1
        while i < knots.count - 1 && t >= knots[i] { i += 1 }
        let s = 1 / (knots[i] - knots[i - 1])
        let a = colors[i - 1], b = colors[i]
        return Vec3((b.x - a.x) * s, (b.y - a.y) * s, (b.z - a.z) * s)
    }
}

/// Samples of the 1-D profile: inlier cells binned by their position on the gradient line.
struct ProfileBins {
    let t: [Double]
    let color: [Vec3]
    let weight: [Double]
    /// Each bin's colour in CIELAB, for the accuracy test (the bins stay while knots move).
    let lab: [Lab]
    /// Running weighted moments: entry i covers bins 0..<i, so any run of bins costs one
    /// subtraction and `solve` is O(knots · log bins) instead of O(bins).
    private let moments: [BinMoments]

    var count: Int { t.count }

    /// `t` ascending.
    init(t: [Double], color: [Vec3], weight: [Double], space: RGBSpace) {
        self.t = t; self.color = color; self.weight = weight
        lab = color.map { Lab(r255: $0.x, g: $0.y, b: $0.z, in: space) }
        var m = [BinMoments](repeating: BinMoments(), count: t.count + 1)
        for i in 0..<t.count {
            let w = weight[i], ti = t[i], c = color[i]
            var s = m[i]
            s.w += w; s.wt += w * ti; s.wtt += w * ti * ti
            s.wc.x += w * c.x; s.wc.y += w * c.y; s.wc.z += w * c.z
            s.wct.x += w * ti * c.x; s.wct.y += w * ti * c.y; s.wct.z += w * ti * c.z
            s.wcc += w * (c.x * c.x + c.y * c.y + c.z * c.z)
            m[i + 1] = s
        }
        moments = m
    }

    /// Least-squares colours for fixed knots (hat-function basis, tridiagonal normal equations),
    /// and the weighted sum of squared errors.
    func solve(knots: [Double]) -> (colors: [Vec3], sse: Double) {
        if knots.count == 1 {
            var sw = 0.0, s = Vec3(0, 0, 0)
            for i in 0..<count { let w = weight[i]; sw += w; s.x += w * color[i].x; s.y += w * color[i].y; s.z += w * color[i].z }
            let m = sw > 0 ? Vec3(s.x / sw, s.y / sw, s.z / sw) : Vec3(0, 0, 0)
            return ([m], sse(PiecewiseProfile(knots: knots, colors: [m])))
        }
        var colors = [Vec3](repeating: Vec3(0, 0, 0), count: knots.count)
        let e = knots.withUnsafeBufferPointer { k in colors.withUnsafeMutableBufferPointer { solve(k, into: $0.baseAddress) } }
        return (colors, e)
    }

    /// The weighted sum of squared errors of the least-squares fit for at least 2 sorted knots;
    /// writes the knot colours to `out` when given. No heap allocation.
    func solve(_ knots: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Vec3>?) -> Double {
        let k = knots.count
        precondition(k >= 2)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * k) { d in
            withUnsafeTemporaryAllocation(of: Vec3.self, capacity: 2 * k) { v in
                let diag = d.baseAddress!, off = diag + k, cp = off + k
                let rhs = v.baseAddress!, dp = rhs + k
                for i in 0..<k { diag[i] = 1e-9; off[i] = 0; rhs[i] = Vec3(0, 0, 0) }
                moments.withUnsafeBufferPointer { m in
                    // Bins before the first knot (and on it) and from the last knot on see a
                    // constant; those between two knots a hat function's two sides.
                    var from = lowerBound(knots[0], from: 0)
                    let head = m[from] - m[0]
                    diag[0] += head.w; rhs[0].x += head.wc.x; rhs[0].y += head.wc.y; rhs[0].z += head.wc.z
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
                        rhs[seg].x += (k1 * s.wc.x - s.wct.x) * ih
                        rhs[seg].y += (k1 * s.wc.y - s.wct.y) * ih
                        rhs[seg].z += (k1 * s.wc.z - s.wct.z) * ih
                        rhs[seg + 1].x += (s.wct.x - k0 * s.wc.x) * ih
                        rhs[seg + 1].y += (s.wct.y - k0 * s.wc.y) * ih
                        rhs[seg + 1].z += (s.wct.z - k0 * s.wc.z) * ih
                    }
                    let tail = m[count] - m[from]
                    diag[k - 1] += tail.w; rhs[k - 1].x += tail.wc.x; rhs[k - 1].y += tail.wc.y; rhs[k - 1].z += tail.wc.z
                }
                // Thomas algorithm on the symmetric tridiagonal system.
                var denom = diag[0]
                cp[0] = off[0] / denom
                dp[0] = Vec3(rhs[0].x / denom, rhs[0].y / denom, rhs[0].z / denom)
                for i in 1..<k {
                    denom = diag[i] - off[i - 1] * cp[i - 1]
                    cp[i] = i < k - 1 ? off[i] / denom : 0
                    dp[i] = Vec3((rhs[i].x - off[i - 1] * dp[i - 1].x) / denom,
                                 (rhs[i].y - off[i - 1] * dp[i - 1].y) / denom,
                                 (rhs[i].z - off[i - 1] * dp[i - 1].z) / denom)
                }
                // Back substitution in place: dp becomes the solution.
                var i = k - 2
                while i >= 0 {
                    dp[i] = Vec3(dp[i].x - cp[i] * dp[i + 1].x, dp[i].y - cp[i] * dp[i + 1].y, dp[i].z - cp[i] * dp[i + 1].z)
                    i -= 1
                }
                // At the least-squares solution A·x = b, so the residual is yᵀy − xᵀb: no second pass.
                var xb = 0.0
                for i in 0..<k { xb += dp[i].x * rhs[i].x + dp[i].y * rhs[i].y + dp[i].z * rhs[i].z }
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
            let v = p.value(t[i]), c = color[i]
            let dx = v.x - c.x, dy = v.y - c.y, dz = v.z - c.z
            s += weight[i] * (dx * dx + dy * dy + dz * dz)
        }
        return s
    }
}

/// Weighted moments of a run of bins: Σw, Σwt, Σwt², Σwc, Σwtc and Σw|c|².
private struct BinMoments {
    var w = 0.0, wt = 0.0, wtt = 0.0, wcc = 0.0
    var wc = Vec3(0, 0, 0), wct = Vec3(0, 0, 0)

    @inline(__always)
    static func - (a: BinMoments, b: BinMoments) -> BinMoments {
        BinMoments(w: a.w - b.w, wt: a.wt - b.wt, wtt: a.wtt - b.wtt, wcc: a.wcc - b.wcc,
                   wc: Vec3(a.wc.x - b.wc.x, a.wc.y - b.wc.y, a.wc.z - b.wc.z),
                   wct: Vec3(a.wct.x - b.wct.x, a.wct.y - b.wct.y, a.wct.z - b.wct.z))
    }
}
