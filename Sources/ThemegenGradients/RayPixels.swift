/// The cells along a ray from a conic's centre and the turn of each of their pixels, computed
/// once: placing an edge, a stop or the seam along the turn only changes what the model gives
/// each turn, so each try is a sum over these rather than a pass over the image (`hardStop`,
/// `placedCorner`, `refinedSeam`).
struct RayPixels {
    let cells: [Int]
    private let turns: [Double], ends: [Int]

    var count: Int { cells.count }

    /// The points `points` visits in each of `cells` (every pixel centre, or a sample of
    /// them), each one's turn around `g`'s centre from `g.start`.
    init(cells: [Int], around g: ShapeFitter.Geometry, points: (Int, (Double, Double) -> Void) -> Void) {
        var turns: [Double] = [], ends: [Int] = []
        for k in cells {
            points(k) { x, y in turns.append(GradientModel.Coordinates.turn(dx: x - g.cx, dy: y - g.cy, from: g.start)) }
            ends.append(turns.count)
        }
        self.init(cells: cells, turns: turns, ends: ends)
    }

    private init(cells: [Int], turns: [Double], ends: [Int]) {
        self.cells = cells; self.turns = turns; self.ends = ends
    }

    /// The mean of `model` over the points of the n-th cell.
    func mean(_ n: Int, _ model: (Double) -> Color4) -> Color4 {
        let from = n > 0 ? ends[n - 1] : 0
        var s = Color4.zero
        for j in from..<ends[n] { s += model(turns[j]) }
        return s / Double(ends[n] - from)
    }

    /// The cells whose index `keep` takes, with their points.
    func filter(_ keep: (Int) -> Bool) -> RayPixels {
        var cells: [Int] = [], turns: [Double] = [], ends: [Int] = []
        for n in self.cells.indices where keep(n) {
            cells.append(self.cells[n])
            turns.append(contentsOf: self.turns[(n > 0 ? self.ends[n - 1] : 0)..<self.ends[n]])
            ends.append(turns.count)
        }
        return RayPixels(cells: cells, turns: turns, ends: ends)
    }

    /// The sum over the cells of the squared length of `residual(cell, its mean under model)`.
    func cost(_ model: (Double) -> Color4, _ residual: (Int, Color4) -> Color4) -> Double {
        var sum = 0.0
        for n in cells.indices { sum += residual(cells[n], mean(n, model)).lengthSquared }
        return sum
    }
}
