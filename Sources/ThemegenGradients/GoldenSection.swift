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
}
