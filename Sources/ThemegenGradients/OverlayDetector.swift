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
/// The model should be fitted away from the overlays' surroundings (`awayFromOverlays`):
/// a profile fitted through a shadow bends into it and hides it from its residuals.
struct OverlayDetector {
    struct Result: Equatable {
        /// Cells judged gradient: the fit and its quality use exactly these.
        var gradient: [Bool]
        /// The median residual over the cells the segmentation trusted (8-bit RGBA distance).
        var scale: Double
    }

    /// - Parameters:
    ///   - unsmooth: cells whose pixels are not smooth (text, edges): always overlay.
    ///   - trusted: cells the segmentation joined to the gradient; the others are suspects.
    ///   - predict: the model's premultiplied colour for a cell (8-bit RGBA).
    static func detect(grid: CellGrid, unsmooth: [Bool], trusted: [Bool], shadowReach: Int, predict: (Int) -> Color4) -> Result {
        let cols = grid.columns, rows = grid.rows, n = cols * rows
        var residual = [Double](repeating: 0, count: n)
        var trustedResiduals: [Double] = []
        trustedResiduals.reserveCapacity(n)
        for k in 0..<n {
            let d = (grid.color(k) - predict(k)).lengthSquared.squareRoot()
            residual[k] = d
            if trusted[k] && !unsmooth[k] { trustedResiduals.append(d) }
        }
        let scale = median(trustedResiduals, upTo: 450)
        // Seeds: far off (a card, a bar); suspects need less. Growth: still clearly off (the
        // body of a soft shadow). Rim: slightly off next to an overlay (its faint end).
        let high = max(3, 5 * scale), low = max(1, 2.5 * scale), rim = max(0.6, 1.5 * scale)
        // Breadth-first from the seeds, so each cell's depth is its distance (in cells, 8-connected)
        // from the overlay it joins.
        var depth = [Int32](repeating: -1, count: n)
        var queue: [Int] = []
        queue.reserveCapacity(n / 4)
        for k in 0..<n where unsmooth[k] || residual[k] > high || (!trusted[k] && residual[k] > low) {
            depth[k] = 0
            queue.append(k)
        }
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
        return Result(gradient: depth.map { $0 < 0 }, scale: scale)
    }

    /// The gradient cells farther than `reach` cells (8-connected) from any other cell.
    static func awayFromOverlays(_ gradient: [Bool], columns cols: Int, reach: Int) -> [Bool] {
        let rows = gradient.count / cols
        // Chessboard distance transform, two passes.
        let far = Int32.max / 2
        var dist = gradient.map { $0 ? far : 0 }
        for j in 0..<rows {
            for i in 0..<cols {
                let k = j * cols + i
                guard dist[k] > 0 else { continue }
                var d = dist[k]
                if i > 0 { d = min(d, dist[k - 1] + 1) }
                if j > 0 {
                    d = min(d, dist[k - cols] + 1)
                    if i > 0 { d = min(d, dist[k - cols - 1] + 1) }
                    if i + 1 < cols { d = min(d, dist[k - cols + 1] + 1) }
                }
                dist[k] = d
            }
        }
        for j in stride(from: rows - 1, through: 0, by: -1) {
            for i in stride(from: cols - 1, through: 0, by: -1) {
                let k = j * cols + i
                guard dist[k] > 0 else { continue }
                var d = dist[k]
                if i + 1 < cols { d = min(d, dist[k + 1] + 1) }
                if j + 1 < rows {
                    d = min(d, dist[k + cols] + 1)
                    if i + 1 < cols { d = min(d, dist[k + cols + 1] + 1) }
                    if i > 0 { d = min(d, dist[k + cols - 1] + 1) }
                }
                dist[k] = d
            }
        }
        return dist.map { $0 > Int32(reach) }
    }
}
