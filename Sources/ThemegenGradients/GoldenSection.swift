/// Golden-section search for the least of a cost that falls then rises over an interval.
enum GoldenSection {
    /// The x in [a, b], to within `tolerance`, where `cost` is least (ties keep the left probe).
    static func minimum(_ a: Double, _ b: Double, tolerance: Double, _ cost: (Double) -> Double) -> Double {
        let phi = (5.0.squareRoot() - 1) / 2
        var a = a, b = b
        var x1 = b - phi * (b - a), x2 = a + phi * (b - a)
        var f1 = cost(x1), f2 = cost(x2)
        while b - a > tolerance {
            if f1 <= f2 { b = x2; x2 = x1; f2 = f1; x1 = b - phi * (b - a); f1 = cost(x1) }
            else { a = x1; x1 = x2; f1 = f2; x2 = a + phi * (b - a); f2 = cost(x2) }
        }
        return f1 <= f2 ? x1 : x2
    }

    /// For a cost that is a step function of x (pixel centres fall on one side of a hard stop
    /// or the other): the least found by `minimum` over [a, b], widened to the whole step of
    /// equal cost a `pixel` either way, and the middle of that step, kept within `bounds`.
    static func middleOfBestStep(_ a: Double, _ b: Double, pixel: Double, tolerance: Double,
                                 within bounds: ClosedRange<Double>, _ cost: (Double) -> Double) -> Double {
        let x = minimum(a, b, tolerance: tolerance, cost)
        let fx = cost(x)
        func edge(_ direction: Double) -> Double {
            var inside = x, outside = x + direction * pixel
            if cost(outside) <= fx { return x }
            while abs(outside - inside) > tolerance {
                let mid = (inside + outside) / 2
                if cost(mid) <= fx { inside = mid } else { outside = mid }
            }
            return inside
        }
        return (max(bounds.lowerBound, edge(-1)) + min(bounds.upperBound, edge(1))) / 2
    }
}
