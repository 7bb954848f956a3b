/// Soft stops (corners) inside an angular gradient's turn, placed by the cells along their rays.
///
/// The profile's knots come from cell means binned by the turn at each cell's centre, but a
/// cell spans an arc of the turn that widens towards the centre, and a conic's corner under a
/// card is often seen only there: one was placed 0.0025 of the turn off, 1.65 at 212 px, from
/// the cells within 100 px of the centre below the card (browser seed 2 #26). As the seam and
/// the hard stops are (`refinedSeam`, `withHardStops`), each corner is placed by the cells
/// along its ray, compared with the model averaged over their pixels.
extension ShapeFitter {
    /// `p` with each corner (a knot strictly between its neighbours) moved, by at most a
    /// quarter of the way to either neighbour and a hundredth of the turn, to where the cells
    /// along its ray (`cells` among them, at least four) are explained best, when they are
    /// explained better than where it was. Its colour stays: the ramps either side pivot.
    /// Only a corner whose ray the overlays hide for the most part: where most of it is seen,
    /// the bins place it from its cells far out, which span the turn finely (placing every
    /// corner cost half as much again on a 1640 × 2360 conic, for nothing).
    /// `clean`: the cells beyond a shadow's reach of every overlay; the others count by their
    /// chromaticity when darker than the model (`chromatic`), as for the centre.
    func withPlacedCorners(_ g: Geometry, profile p: PiecewiseProfile, cells: [Bool], clean: [Bool]) -> PiecewiseProfile {
        var q = p
        for i in q.knots.indices.dropFirst().dropLast() where q.knots[i - 1] < q.knots[i] && q.knots[i] < q.knots[i + 1] {
            if let placed = placedCorner(g, profile: q, knot: i, cells: cells, clean: clean) { q = placed }
        }
        return q
    }

    private func placedCorner(_ g: Geometry, profile p: PiecewiseProfile, knot i: Int, cells: [Bool], clean: [Bool]) -> PiecewiseProfile? {
        let t0 = p.knots[i]
        let reach = min(0.01, (t0 - p.knots[i - 1]) / 4, (p.knots[i + 1] - t0) / 4)
        let drawn = self.band(g, alongRayAt: g.start + t0 * 360), seen = drawn.filter { cells[$0] }
        guard seen.count >= 4 && seen.count * 2 < drawn.count else { return nil }
        let ray = RayPixels(cells: seen, around: g, points: grid.forEachPixel)
        func moved(_ x: Double) -> PiecewiseProfile {
            var q = p
            q.knots[i] = x
            return q
        }
        func cost(_ x: Double) -> Double {
            let q = moved(x)
            return ray.cost({ Self.extended(q, $0) }) { k, m in
                let res = grid.color(k) - m
                return clean[k] ? res : Self.chromatic((.zero, .zero, res), cell: grid.color(k)).res
            }
        }
        let x = GoldenSection.minimum(t0 - reach, t0 + reach, tolerance: 1e-5, cost)
        return cost(x) < cost(t0) ? moved(x) : nil
    }
}
