import ThemegenCore
import ThemegenImage

/// One source pixel's reconstructed profile across its own width, given the pixel (`m`) and its
/// two neighbours either side, all premultiplied; `integral(from:to:)` over [a, b] ⊂ [0, 1].
///
/// Whole pixels never need it (their integral is `m`); only pixels that straddle two output
/// pixels do. Plain area averaging would split them evenly, which blurs the edges UI art puts
/// exactly there (a half-point edge is mid-pixel at 3x and on a pixel boundary at 2x).
/// - A pixel between two neighbours that do not continue a ramp into it is a hard edge between
///   them, placed where it keeps the pixel's total: value `l` on [0, t], `r` on [t, 1].
/// - Otherwise the profile is linear with a limited slope: the central difference, bounded by
///   four times either one-sided difference and zero at extrema, so flat areas and plateaus stay
///   flat. (Factor 4 measured best on the quality set and on random drawings; 2, the classic
///   MC limiter, loses 0.9 dB at 2x.)
/// Both keep the pixel's total, so the downscale keeps the image's total ink. The profile is
/// decided once, so the 3:2 path takes both halves of a straddling pixel from one decision.
/// Each half is integrated on its own rather than as `m` minus the other: the difference would
/// leave residues like 1e-15 where the art is exactly flat, and the ramp tests of the other
/// axis compare against zero.
struct PixelProfile {
    private let l: Double, m: Double, r: Double
    /// Where a hard edge sits, or nil for a ramp.
    private let edge: Double?
    /// The ramp's slope (0 at extrema).
    private let slope: Double

    @inline(__always)
    init(_ ll: Double, _ l: Double, _ m: Double, _ r: Double, _ rr: Double) {
        self.l = l; self.m = m; self.r = r
        let dl = m - l, dr = r - m
        if dl * dr > 0 {
            if (l - ll) * dl <= 0 && (rr - r) * dr <= 0 {
                edge = (m - r) / (l - r); slope = 0
                return
            }
            let limited = min(4 * min(abs(dl), abs(dr)), abs(dl + dr) * 0.5)
            edge = nil; slope = dl > 0 ? limited : -limited
        } else {
            edge = nil; slope = 0
        }
    }

    @inline(__always)
    func integral(from a: Double, to b: Double) -> Double {
        if let t = edge { return l * max(0, min(b, t) - a) + r * max(0, b - max(a, t)) }
        return (b - a) * (m + slope * ((a + b) * 0.5 - 0.5))
    }
}
