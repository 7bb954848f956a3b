/// The cells with no other cell within a square around them, counted along rows and then
/// columns: the gradient cells away from the overlays' surroundings, where the fits look. A
/// cell's chessboard distance (8-connected steps) to the nearest other cell exceeds `reach`
/// exactly when the (2·reach + 1)² square around it, cut at the grid's edges, holds none.
/// Running counts over rows, row after row, take a fifth of the instructions of two distance
/// sweeps, and every fit pays them.
enum SquareWindow {
    /// The cells of `cells` (row-major, `columns` wide) whose square of half-side `reach`
    /// holds only cells of `cells`.
    static func clear(_ cells: [Bool], columns cols: Int, reach: Int) -> [Bool] {
        let rows = cols > 0 ? cells.count / cols : 0
        // Row j + 1 of `below`: per column, how many of rows 0…j have another cell within
        // `reach` along the row.
        // Only the first row (no rows above) is cleared; `out` is written whole.
        var below = [Int32](unsafeUninitializedCapacity: (rows + 1) * cols) { buffer, count in
            for i in 0..<cols { buffer[i] = 0 }
            count = (rows + 1) * cols
        }
        var out = [Bool](unsafeUninitializedCapacity: cells.count) { _, count in count = cells.count }
        cells.withUnsafeBufferPointer { cells in
            below.withUnsafeMutableBufferPointer { below in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: cols + 1) { others in
                    for j in 0..<rows {
                        let row = j * cols
                        // Other cells in this row up to each column.
                        others[0] = 0
                        for i in 0..<cols { others[i + 1] = others[i] &+ (cells[row + i] ? 0 : 1) }
                        for i in 0..<cols {
                            let near = others[min(cols, i + reach + 1)] &- others[max(0, i - reach)]
                            below[row + cols + i] = below[row + i] &+ (near == 0 ? 0 : 1)
                        }
                    }
                }
                out.withUnsafeMutableBufferPointer { out in
                    for j in 0..<rows {
                        let top = max(0, j - reach) * cols, bottom = min(rows, j + reach + 1) * cols, row = j * cols
                        for i in 0..<cols { out[row + i] = below[bottom + i] == below[top + i] }
                    }
                }
            }
        }
        return out
    }
}
