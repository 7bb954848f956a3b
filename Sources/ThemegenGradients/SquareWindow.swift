/// The cells with no other cell within a square around them, counted along rows and then
/// columns: the cells `OverlayDetector.awayFromOverlays` gives, since a cell's chessboard
/// distance (8-connected steps) to the nearest other cell exceeds `reach` exactly when the
/// (2·reach + 1)² square around it, cut at the grid's edges, holds none. Two running counts per
/// cell instead of two distance sweeps and their arrays: a fifth of the instructions, paid by
/// every linear verdict.
enum SquareWindow {
    /// The cells of `cells` (row-major, `columns` wide) whose square of half-side `reach`
    /// holds only cells of `cells`.
    static func clear(_ cells: [Bool], columns cols: Int, reach: Int) -> [Bool] {
        let rows = cols > 0 ? cells.count / cols : 0, n = cells.count
        // Per cell: whether its row's stretch within `reach` holds another cell.
        var blocked = [Int32](repeating: 0, count: n)
        var out = [Bool](repeating: false, count: n)
        cells.withUnsafeBufferPointer { cells in
            blocked.withUnsafeMutableBufferPointer { blocked in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(cols, rows) + 1) { prefix in
                    for j in 0..<rows {
                        let base = j * cols
                        prefix[0] = 0
                        for i in 0..<cols { prefix[i + 1] = prefix[i] &+ (cells[base + i] ? 0 : 1) }
                        for i in 0..<cols { blocked[base + i] = prefix[min(cols, i + reach + 1)] &- prefix[max(0, i - reach)] }
                    }
                    out.withUnsafeMutableBufferPointer { out in
                        for i in 0..<cols {
                            prefix[0] = 0
                            for j in 0..<rows { prefix[j + 1] = prefix[j] &+ (blocked[j * cols + i] == 0 ? 0 : 1) }
                            for j in 0..<rows { out[j * cols + i] = prefix[min(rows, j + reach + 1)] == prefix[max(0, j - reach)] }
                        }
                    }
                }
            }
        }
        return out
    }
}
