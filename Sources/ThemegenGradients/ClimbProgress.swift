import ThemegenImage

/// Whether the greedy climb in `fitSegment` still finds gradient, or only fits what no
/// gradient explains (a card's shadow, the card itself, the wrong direction tried first).
/// A stop put where the profile misses most takes off some error whatever is there, even pure
/// noise. By generalised cross-validation, as in the forward pass of Friedman's MARS, a knot
/// is worth its parameters when it lowers SSE / (1 − p/n)², for p parameters fitted to n
/// values: each bin gives one value per channel (3, or 4 on a translucent artboard), and each
/// knot costs its colour plus 3 for its place, since it is put where it helps most. When
/// `patience` knots in a row do not lower that below the best seen, the climb has stalled and
/// stops, as at the cap, instead of placing up to 16 knots through an overlay (which cost
/// more than the rest of the fit; pruning drops such knots anyway). A real stop takes off far
/// more than its share, so a steep gradient of 16 stops keeps every one.
struct ClimbProgress {
    /// The values the bins are worth: equally weighted bins, (Σw)² / Σw² (the thin bins at
    /// a diagonal's corners count less), times the channels.
    let values: Double
    let parametersPerKnot: Double
    private var best = Double.infinity
    private var idle = 0
    static let patience = 3

    init(bins: ProfileBins) {
        var sw = 0.0, sww = 0.0, translucent = false
        for i in 0..<bins.count {
            let w = bins.weight[i]
            sw += w; sww += w * w
            if bins.color[i].w < 254.5 { translucent = true }
        }
        let channels = translucent ? 4.0 : 3.0
        values = sww > 0 ? channels * sw * sw / sww : 0
        parametersPerKnot = channels + 3
    }

    /// Records the error after a step to `knots` knots; true once the last `patience` steps
    /// brought no gain. Where the values are too few to judge that many parameters, never.
    mutating func stalled(knots: Int, sse: Double) -> Bool {
        let free = 1 - parametersPerKnot * Double(knots) / values
        guard free > 0.05 else { idle = 0; return false }
        let score = sse / (free * free)
        if score < best { best = score; idle = 0 } else { idle += 1 }
        return idle >= Self.patience
    }
}
