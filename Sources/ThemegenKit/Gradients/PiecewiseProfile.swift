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
    var t: [Double] = []
    var color: [Vec3] = []
    var weight: [Double] = []

    var count: Int { t.count }

    /// Least-squares colours for fixed knots (hat-function basis, tridiagonal normal equations),
    /// and the weighted sum of squared errors.
    func solve(knots: [Double]) -> (colors: [Vec3], sse: Double) {
        let k = knots.count
        if k == 1 {
            var sw = 0.0, s = Vec3(0, 0, 0)
            for i in 0..<count { let w = weight[i]; sw += w; s.x += w * color[i].x; s.y += w * color[i].y; s.z += w * color[i].z }
            let m = sw > 0 ? Vec3(s.x / sw, s.y / sw, s.z / sw) : Vec3(0, 0, 0)
            return ([m], sse(PiecewiseProfile(knots: knots, colors: [m])))
        }
        var yy = 0.0
        var diag = [Double](repeating: 1e-9, count: k), off = [Double](repeating: 0, count: k)
        var rhs = [Vec3](repeating: Vec3(0, 0, 0), count: k)
        var seg = 0
        for i in 0..<count {
            let ti = t[i], w = weight[i], c = color[i]
            yy += w * (c.x * c.x + c.y * c.y + c.z * c.z)
            if ti <= knots[0] {
                diag[0] += w; rhs[0].x += w * c.x; rhs[0].y += w * c.y; rhs[0].z += w * c.z
                continue
            }
            if ti >= knots[k - 1] {
                diag[k - 1] += w; rhs[k - 1].x += w * c.x; rhs[k - 1].y += w * c.y; rhs[k - 1].z += w * c.z
                continue
            }
            while ti >= knots[seg + 1] { seg += 1 }
            while seg > 0 && ti < knots[seg] { seg -= 1 }
            let f = (ti - knots[seg]) / (knots[seg + 1] - knots[seg]), g = 1 - f
            diag[seg] += w * g * g; diag[seg + 1] += w * f * f; off[seg] += w * f * g
            rhs[seg].x += w * g * c.x; rhs[seg].y += w * g * c.y; rhs[seg].z += w * g * c.z
            rhs[seg + 1].x += w * f * c.x; rhs[seg + 1].y += w * f * c.y; rhs[seg + 1].z += w * f * c.z
        }
        // Thomas algorithm on the symmetric tridiagonal system.
        var cp = [Double](repeating: 0, count: k), dp = [Vec3](repeating: Vec3(0, 0, 0), count: k)
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
        var x = dp
        var i = k - 2
        while i >= 0 {
            x[i] = Vec3(dp[i].x - cp[i] * x[i + 1].x, dp[i].y - cp[i] * x[i + 1].y, dp[i].z - cp[i] * x[i + 1].z)
            i -= 1
        }
        // At the least-squares solution A·x = b, so the residual is yᵀy − xᵀb: no second pass.
        var xb = 0.0
        for i in 0..<k { xb += x[i].x * rhs[i].x + x[i].y * rhs[i].y + x[i].z * rhs[i].z }
        return (x, max(0, yy - xb))
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
