/// Finds what is drawn over a fitted gradient from the residuals of the cells against the
/// model, for any gradient model (linear, radial, angular): the caller passes the predicted
/// colour of each cell.
///
/// A gradient explains its cells to within noise; a card, bar, list row, frosted panel, icon or
/// glyph does not. Cells whose residual is far above the robust residual scale (the median
/// residual) seed overlays; each overlay then grows into neighbouring cells whose residual is
/// still clearly above noise, and, within `shadowReach` cells of where it started, into cells
/// that are even slightly off (a card's soft drop shadow fades into the gradient; it belongs to
/// the card). Cells the segmentation already doubts (not smooth, or cut off from the gradient
/// by sharp edges) need a smaller residual to count as overlay.
///
/// The model should be fitted away from the overlays' surroundings (`SquareWindow.clear`):
/// a profile fitted through a shadow bends into it and hides it from its residuals.
struct OverlayDetector {
    struct Result: Equatable {
        /// Cells judged gradient: the fit and its quality use exactly these.
        var gradient: [Bool]
        /// The median residual over the cells the segmentation trusted (8-bit RGBA distance).
        var scale: Double
        /// The overlays' cells that grew from what the segmentation cut off (a card and its
        /// shadow, a bar), within the shadows' reach: drawn on top, whatever the gradient's shape.
        var attached: [Bool]
        /// Whether a band of `isoBands` was given back (`giveBackMissedBands`): a refit on it
        /// may find the stop the profile lost.
        var bandsGivenBack = false
    }

    /// - Parameters:
    ///   - unsmooth: cells whose pixels are not smooth (text, edges): always overlay.
    ///   - trusted: cells the segmentation joined to the gradient; the others are suspects.
    ///   - predict: the model's premultiplied colour for a cell (8-bit RGBA) and the slack its
    ///     residual gets: where the gradient is steep, a fraction of a cell of geometric error
    ///     is many levels of colour, and that is not an overlay.
    ///   - spansModel: whether a connected set of cells that only the residuals flag (none of
    ///     them doubted by the segmentation) is the model's own error rather than an overlay:
    ///     for a linear gradient, a set stretching across most of a line of equal colour (a
    ///     steep ramp a little off in position is wrong along its whole length; a card is not).
    ///   - fillsBand: the same question where other overlays cut the lines of equal colour:
    ///     whether the set, with the cells judged overlay and those the model misses as well
    ///     (the second argument says which; the set's own cells among them), fills a thin band
    ///     of those lines around it (the flat end of an inset stop, a column wide, between a
    ///     status bar, a card and a tab bar that each cross the whole line) or the whole end of
    ///     the gradient line up to it (that flat end in a corner beside a status bar).
    ///   - matches: whether a trusted smooth cell that is off in RGB is still within what the
    ///     fit's own accuracy accepts, judged perceptually (ΔE2000) against the model: in a
    ///     saturated colour, many levels of one channel are a fraction of ΔE 1, and a profile
    ///     the climb accepted there is not an overlay.
    ///   - isoBands: the model's lines of equal colour in bands (an angular model's rays, a
    ///     linear one's stretches of the line); a
    ///     band missed nearly everywhere it is seen is the model's error (`giveBackMissedBands`).
    static func detect(grid: CellGrid, unsmooth: [Bool], trusted: [Bool], shadowReach: Int,
                       spansModel: ([Int]) -> Bool = { _ in false }, fillsBand: (([Int], (Int) -> Bool) -> Bool)? = nil,
                       matches: ((Int, Color4) -> Bool)? = nil, isoBands: IsoBands? = nil,
                       predict: (Int) -> (Color4, Double)) -> Result {
        let cols = grid.columns, rows = grid.rows, n = cols * rows
        var residual = [Double](repeating: 0, count: n)
        // The model's colours, kept only for `matches` and `isoBands`.
        var model = [Color4](repeating: .zero, count: matches == nil && isoBands == nil ? 0 : n)
        var trustedResiduals: [Double] = []
        trustedResiduals.reserveCapacity(n)
        for k in 0..<n {
            let (p, slack) = predict(k)
            let d = max(0, (grid.color(k) - p).lengthSquared.squareRoot() - slack)
            residual[k] = d
            if !model.isEmpty { model[k] = p }
            if trusted[k] && !unsmooth[k] { trustedResiduals.append(d) }
        }
        let scale = median(trustedResiduals, upTo: 450)
        if let matches {
            let rim = max(0.8, 2.5 * scale)
            for k in 0..<n where residual[k] > rim && trusted[k] && !unsmooth[k] && matches(k, model[k]) { residual[k] = 0 }
        }
        // Seeds: far off (a card, a bar); suspects need less. Growth: still clearly off (the
        // body of a soft shadow). Rim: slightly off next to an overlay (its faint end). The rim
        // limit stays well above noise, or growth would wander along noisy cells.
        let high = max(3, 5 * scale), low = max(1.5, 3.5 * scale), rim = max(0.8, 2.5 * scale)
        // Breadth-first from the seeds, so each cell's depth is its distance (in cells, 8-connected)
        // from the overlay it joins.
        var depth = [Int32](repeating: -1, count: n)
        func grow(from seeds: [Int]) -> [Int] {
            var queue = seeds
            for k in seeds { depth[k] = 0 }
            var head = 0
            while head < queue.count {
                let k = queue[head]
                head += 1
                let i = k % cols, j = k / cols, d = depth[k] + 1
                let limit = d <= shadowReach ? rim : low
                for dj in -1...1 {
                    let y = j + dj
                    guard y >= 0 && y < rows else { continue }
                    for di in -1...1 {
                        let x = i + di
                        guard x >= 0 && x < cols else { continue }
                        let nb = y * cols + x
                        if depth[nb] < 0 && residual[nb] > limit { depth[nb] = d; queue.append(nb) }
                    }
                }
            }
            return queue
        }
        // Cut off from the gradient by edges and off: cards, bars, panels.
        var attached = [Bool](repeating: false, count: n)
        for k in grow(from: (0..<n).filter { !trusted[$0] && !unsmooth[$0] && residual[$0] > low }) where depth[k] <= shadowReach { attached[k] = true }
        // What grew into smooth cells the segmentation joined to the gradient (no sharp edge
        // between them) is a shadow, or the model's own error beside a bar that casts none:
        // the flat end beyond an inset stop, in the corner between a status bar and the ramp,
        // is off against the slope the first profile carried on. Each such set that fills its
        // band of the line with the overlays (`fillsBand`) is given back to the gradient.
        if let fillsBand {
            var done = [Bool](repeating: false, count: n)
            for start in 0..<n where !done[start] && depth[start] > 0 && trusted[start] && !unsmooth[start] {
                var region = [start], head = 0
                done[start] = true
                while head < region.count {
                    let k = region[head]
                    head += 1
                    let i = k % cols, j = k / cols
                    for y in max(0, j - 1)...min(rows - 1, j + 1) {
                        for x in max(0, i - 1)...min(cols - 1, i + 1) {
                            let nb = y * cols + x
                            if !done[nb] && depth[nb] > 0 && trusted[nb] && !unsmooth[nb] { done[nb] = true; region.append(nb) }
                        }
                    }
                }
                if fillsBand(region, { depth[$0] != -1 || residual[$0] > rim }) {
                    for m in region { depth[m] = -2; attached[m] = false }
                }
            }
        }
        // Unsmooth cells the model does not explain on average (text, icons, edges; one
        // straddling a kink of a steep gradient averages out), and far-off cells the
        // segmentation trusted: each connected set is an overlay unless it is mostly smooth and
        // the model's own error.
        for k in 0..<n where depth[k] == -1 && ((unsmooth[k] && residual[k] > rim) || residual[k] > high) {
            let region = grow(from: [k])
            let smooth = region.reduce(0) { $0 + (unsmooth[$1] ? 0 : 1) }
            guard smooth * 5 >= region.count * 4 else { continue }
            if spansModel(region) || fillsBand?(region, { depth[$0] != -1 || residual[$0] > rim }) == true {
                for m in region { depth[m] = -2 }
            }
        }
        let bandsGivenBack = isoBands.map { giveBackMissedBands($0, grid: grid, trusted: trusted, unsmooth: unsmooth, residual: residual,
                                                                model: model, rim: rim, depth: &depth, attached: &attached) } ?? false
        closeSlits(&depth, columns: cols, rows: rows)
        return Result(gradient: depth.map { $0 < 0 }, scale: scale, attached: attached, bandsGivenBack: bandsGivenBack)
    }

    /// A cell no test judged (`depth` -1) with overlay on both sides, left and right or above
    /// and below, is overlay too: a slit one cell wide through a panel is part of it. A frosted
    /// panel over a light stop barely changes it, so a column of the panel there looked like
    /// gradient, cut the panel in two, and its top edge was measured as gradient (browser
    /// seed 2 mixed #27, rejected at ΔE 4.8 with the gradient right). Cells given back to the
    /// gradient on purpose (-2) stay.
    static func closeSlits(_ depth: inout [Int32], columns cols: Int, rows: Int) {
        var slits: [Int] = []
        for j in 0..<rows {
            for i in 0..<cols where depth[j * cols + i] == -1 {
                let k = j * cols + i
                let across = i > 0 && i + 1 < cols && depth[k - 1] >= 0 && depth[k + 1] >= 0
                let along = j > 0 && j + 1 < rows && depth[k - cols] >= 0 && depth[k + cols] >= 0
                if across || along { slits.append(k) }
            }
        }
        for k in slits { depth[k] = 0 }
    }

    /// A model's lines of equal colour cut into bands (the fits pass an angular model's rays).
    /// `index` gives a cell's band, or -1 for a cell no band judges (one no cell mean
    /// describes, or too near an angular centre to tell).
    struct IsoBands {
        var count: Int
        var index: (Int) -> Int
    }

    /// Where the model misses a band of its lines of equal colour everywhere it is seen (a
    /// stop the profile lost, so the whole ray or ring is off), the trusted smooth cells of
    /// that band are given back to the gradient: at least nine in ten of them are off, and
    /// they are not darkened on average as a shadow darkens. Judged overlay, they leave the
    /// refit, which then never finds the stop, and they grew into wedges and rings over most
    /// of a conic or a glow (browser seed 2 #11, "overlays over 74%"). A card, a bar or a
    /// panel is no such band: gradient lies beside it along its lines, or between it and an
    /// angular centre.
    private static func giveBackMissedBands(_ bands: IsoBands, grid: CellGrid, trusted: [Bool], unsmooth: [Bool], residual: [Double],
                                            model: [Color4], rim: Double, depth: inout [Int32], attached: inout [Bool]) -> Bool {
        let n = trusted.count
        var seen = [Int](repeating: 0, count: bands.count), off = seen
        var cell = [Color4](repeating: .zero, count: bands.count), expected = cell
        for k in 0..<n where trusted[k] && !unsmooth[k] {
            let b = bands.index(k)
            guard b >= 0 else { continue }
            seen[b] += 1
            guard depth[k] != -1 || residual[k] > rim else { continue }
            off[b] += 1
            cell[b] += grid.color(k); expected[b] += model[k]
        }
        var missed = [Bool](repeating: false, count: bands.count)
        for b in 0..<bands.count where seen[b] >= 6 && off[b] * 10 >= seen[b] * 9 {
            missed[b] = !GradientFitter.darkened(cell[b] / Double(off[b]), model: expected[b] / Double(off[b]))
        }
        guard missed.contains(true) else { return false }
        var any = false
        for k in 0..<n where depth[k] >= 0 && trusted[k] && !unsmooth[k] {
            let b = bands.index(k)
            if b >= 0 && missed[b] { depth[k] = -2; attached[k] = false; any = true }
        }
        return any
    }
}
