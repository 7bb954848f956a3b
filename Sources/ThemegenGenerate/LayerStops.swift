import ThemegenCore
import ThemegenGradients
import ThemegenImage

/// Stops that make an API which interpolates *unpremultiplied* colours (Core Animation's
/// `CAGradientLayer`, and SwiftUI gradients) draw the model, which interpolates premultiplied as
/// CSS does.
///
/// The two agree wherever both ends of a segment have the same alpha. Elsewhere:
/// - a fully transparent end takes the RGB of the segment's other end (its own RGB never shows
///   in a premultiplied gradient). A transparent stop between two different colours becomes two
///   stops at one position, one with each neighbour's RGB;
/// - a segment between two different translucent alphas is split at exact model colours until the
///   unpremultiplied interpolation between the pieces stays within half an 8-bit step of the model,
///   composited over white and over black (far below ΔE2000 0.5).
/// Opaque gradients come back unchanged.
enum LayerStops {
    /// Composited channels may differ from the model by this much (half of 1/255).
    static let tolerance = 0.5 / 255
    static let maxDepth = 8

    static func compensated(_ stops: [GradientStop]) -> [GradientStop] {
        guard stops.count >= 2, stops.contains(where: { $0.color.alpha < 1 }) else { return stops }
        var result: [GradientStop] = []
        for i in 0..<(stops.count - 1) {
            var piece = segment(stops[i], stops[i + 1])
            // The start of this segment is the end of the previous one; keep one copy when equal.
            if let last = result.last, last == piece[0] { piece.removeFirst() }
            result += piece
        }
        return result
    }

    /// The stops drawing the segment from `a` to `b`, both ends included.
    static func segment(_ a: GradientStop, _ b: GradientStop) -> [GradientStop] {
        let transparent = 1e-6
        if a.position == b.position || abs(a.color.alpha - b.color.alpha) < transparent { return [a, b] }
        if a.color.alpha < transparent {
            return [GradientStop(color: withAlpha(b.color, a.color.alpha), position: a.position), b]
        }
        if b.color.alpha < transparent {
            return [a, GradientStop(color: withAlpha(a.color, b.color.alpha), position: b.position)]
        }
        var inner: [GradientStop] = []
        split(a, b, depth: 0, into: &inner)
        return [a] + inner + [b]
    }

    /// Appends the stops strictly between `a` and `b` needed to stay within `tolerance`.
    static func split(_ a: GradientStop, _ b: GradientStop, depth: Int, into out: inout [GradientStop]) {
        guard depth < maxDepth, !close(a, b) else { return }
        let mid = GradientStop(color: model(a, b, 0.5), position: (a.position + b.position) / 2)
        split(a, mid, depth: depth + 1, into: &out)
        out.append(mid)
        split(mid, b, depth: depth + 1, into: &out)
    }

    /// Whether straight interpolation from `a` to `b` draws the premultiplied segment closely.
    static func close(_ a: GradientStop, _ b: GradientStop) -> Bool {
        for u in [0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875] {
            let want = model(a, b, u), got = straight(a.color, b.color, u)
            for background in [0.0, 1.0] {
                let w = composite(want, over: background), g = composite(got, over: background)
                for k in 0..<3 where abs(w[k] - g[k]) > tolerance { return false }
            }
        }
        return true
    }

    /// The model's colour at `u` of the way from `a` to `b` (premultiplied interpolation).
    static func model(_ a: GradientStop, _ b: GradientStop, _ u: Double) -> RGBA {
        let (ca, cb) = (a.color, b.color)
        let alpha = ca.alpha + (cb.alpha - ca.alpha) * u
        guard alpha > 0 else { return straight(ca, cb, u) }
        func channel(_ x: Double, _ y: Double) -> Double {
            (x * ca.alpha + (y * cb.alpha - x * ca.alpha) * u) / alpha
        }
        return RGBA(red: channel(ca.red, cb.red), green: channel(ca.green, cb.green),
                    blue: channel(ca.blue, cb.blue), alpha: alpha)
    }

    /// Unpremultiplied interpolation, as Core Animation draws it.
    static func straight(_ a: RGBA, _ b: RGBA, _ u: Double) -> RGBA {
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * u }
        return RGBA(red: lerp(a.red, b.red), green: lerp(a.green, b.green), blue: lerp(a.blue, b.blue),
                    alpha: lerp(a.alpha, b.alpha))
    }

    static func composite(_ c: RGBA, over background: Double) -> [Double] {
        [c.red, c.green, c.blue].map { $0 * c.alpha + background * (1 - c.alpha) }
    }

    static func withAlpha(_ c: RGBA, _ alpha: Double) -> RGBA {
        RGBA(red: c.red, green: c.green, blue: c.blue, alpha: alpha)
    }
}
