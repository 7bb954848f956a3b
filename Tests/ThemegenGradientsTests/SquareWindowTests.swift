import XCTest
@testable import ThemegenGradients

/// `SquareWindow.clear` gives the cells farther than `reach` steps (8-connected) from every
/// other cell: the same as a chessboard distance transform (two sweeps, kept here as the
/// reference), by counting along rows and columns.
final class SquareWindowTests: XCTestCase {
    /// One other cell in the middle of a 7 × 5 grid: with reach 1 only the cells two or more
    /// steps from it (chessboard) stay; the grid's edges block nothing.
    func testOneOtherCellClearsItsSquare() {
        let cols = 7, rows = 5
        var cells = [Bool](repeating: true, count: cols * rows)
        cells[2 * cols + 3] = false
        let clear = SquareWindow.clear(cells, columns: cols, reach: 1)
        for j in 0..<rows {
            for i in 0..<cols {
                XCTAssertEqual(clear[j * cols + i], max(abs(i - 3), abs(j - 2)) > 1, "cell (\(i), \(j))")
            }
        }
        XCTAssertEqual(SquareWindow.clear([Bool](repeating: true, count: 12), columns: 4, reach: 5), [Bool](repeating: true, count: 12))
    }

    /// Random masks of many shapes and densities, thin grids and reaches beyond the grid among them.
    func testSameCellsAsTheDistanceSweeps() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        for (cols, rows) in [(1, 1), (1, 9), (9, 1), (13, 7), (40, 31), (71, 153)] {
            for density in [1, 5, 50, 95] {
                for reach in [0, 1, 3, 7, 40] {
                    let cells = (0..<(cols * rows)).map { _ in Int(next() % 100) >= density }
                    XCTAssertEqual(SquareWindow.clear(cells, columns: cols, reach: reach),
                                   Self.fartherThan(reach, cells, columns: cols),
                                   "\(cols) × \(rows), \(density)% other cells, reach \(reach)")
                }
            }
        }
    }

    /// The reference: each cell's chessboard distance to the nearest other cell, by a forward
    /// and a backward sweep, compared with `reach`.
    static func fartherThan(_ reach: Int, _ cells: [Bool], columns cols: Int) -> [Bool] {
        let rows = cells.count / cols
        let far = Int32.max / 2
        var dist = cells.map { $0 ? far : 0 }
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
