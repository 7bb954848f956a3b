import Foundation
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenTestSupport

/// A premultiplied-free RGBA canvas in Double, with shapes drawn by signed distance so edges
/// get analytic antialiasing, as a vector design tool renders them.
struct Canvas {
    let width: Int
    let height: Int
    var pixels: [Double]   // RGBA, 0…1, straight alpha

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [Double](repeating: 0, count: width * height * 4)
    }

    /// Paints `color` over the canvas with coverage from a signed distance (pixels, < 0 inside).
    mutating func fill(_ color: (Double, Double, Double, Double), distance: (Double, Double) -> Double) {
        for y in 0..<height {
            for x in 0..<width {
                let d = distance(Double(x) + 0.5, Double(y) + 0.5)
                let coverage = min(max(0.5 - d, 0), 1) * color.3
                if coverage > 0 { blend(x, y, (color.0, color.1, color.2), coverage) }
            }
        }
    }

    /// Source-over blending of a colour with alpha `a` onto pixel (x, y).
    mutating func blend(_ x: Int, _ y: Int, _ c: (Double, Double, Double), _ a: Double) {
        let i = (y * width + x) * 4
        let da = pixels[i + 3]
        let oa = a + da * (1 - a)
        guard oa > 0 else { return }
        pixels[i] = (c.0 * a + pixels[i] * da * (1 - a)) / oa
        pixels[i + 1] = (c.1 * a + pixels[i + 1] * da * (1 - a)) / oa
        pixels[i + 2] = (c.2 * a + pixels[i + 2] * da * (1 - a)) / oa
        pixels[i + 3] = oa
    }

    /// 8-bit RGBA, rounded once.
    var rgba8: [UInt8] { pixels.map { UInt8((min(max($0, 0), 1) * 255).rounded()) } }
}

/// Signed distances for the shapes UI icons are made of.
enum SDF {
    static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> (Double, Double) -> Double {
        { x, y in ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() - r }
    }

    static func ring(_ cx: Double, _ cy: Double, _ r: Double, width: Double) -> (Double, Double) -> Double {
        let c = circle(cx, cy, r)
        return { x, y in abs(c(x, y)) - width / 2 }
    }

    static func roundedRect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double) -> (Double, Double) -> Double {
        { x, y in
            let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
            let hx = (x1 - x0) / 2 - radius, hy = (y1 - y0) / 2 - radius
            let qx = abs(x - cx) - hx, qy = abs(y - cy) - hy
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return outside + min(max(qx, qy), 0) - radius
        }
    }

    /// A stroke from (ax, ay) to (bx, by) with round caps.
    static func segment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, width: Double) -> (Double, Double) -> Double {
        { x, y in
            let px = x - ax, py = y - ay, dx = bx - ax, dy = by - ay
            let t = min(max((px * dx + py * dy) / (dx * dx + dy * dy), 0), 1)
            let ex = px - dx * t, ey = py - dy * t
            return (ex * ex + ey * ey).squareRoot() - width / 2
        }
    }

    static func union(_ a: @escaping (Double, Double) -> Double, _ b: @escaping (Double, Double) -> Double) -> (Double, Double) -> Double {
        { x, y in min(a(x, y), b(x, y)) }
    }

    /// A five-pointed star (convex pieces unioned), centred, outer radius r.
    static func star(_ cx: Double, _ cy: Double, _ r: Double) -> (Double, Double) -> Double {
        let inner = r * 0.45
        var points: [(Double, Double)] = []
        for k in 0..<10 {
            let a = -Double.pi / 2 + Double(k) * Double.pi / 5
            let rr = k % 2 == 0 ? r : inner
            points.append((cx + rr * cos(a), cy + rr * sin(a)))
        }
        return { x, y in polygon(points, x, y) }
    }

    /// Signed distance to a simple polygon (even-odd inside test).
    static func polygon(_ p: [(Double, Double)], _ x: Double, _ y: Double) -> Double {
        var d = Double.infinity
        var inside = false
        var j = p.count - 1
        for i in 0..<p.count {
            let (ax, ay) = p[j], (bx, by) = p[i]
            let ex = bx - ax, ey = by - ay, wx = x - ax, wy = y - ay
            let t = min(max((wx * ex + wy * ey) / (ex * ex + ey * ey), 0), 1)
            let qx = wx - ex * t, qy = wy - ey * t
            d = min(d, (qx * qx + qy * qy).squareRoot())
            if (ay > y) != (by > y), x < ax + (y - ay) / (by - ay) * ex { inside.toggle() }
            j = i
        }
        return inside ? -d : d
    }
}
