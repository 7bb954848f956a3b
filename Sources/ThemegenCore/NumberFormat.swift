/// Fixed-decimal number text for generated code and JSON. Own code rather than
/// `String(format:)`, so no locale can change the decimal point and `-0` never appears.
public enum NumberFormat {
    /// `x` with exactly `decimals` digits after the point, rounded half away from zero:
    /// `fixed(0.5, 4)` is `"0.5000"`.
    public static func fixed(_ x: Double, _ decimals: Int) -> String {
        precondition(decimals >= 0 && decimals <= 9)
        guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(x) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e18 else { return "\(x)" }
        let units = Int64(scaled)
        let whole = units / scale
        let fraction = units % scale
        var text = (x < 0 && units != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }

    /// The 4-decimal form every component, position and point uses.
    public static func four(_ x: Double) -> String { fixed(x, 4) }

    /// A CSS angle: an integer when it is one (`180`), else 2 decimals (`135.50`).
    public static func angle(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return r == r.rounded() ? fixed(r, 0) : fixed(r, 2)
    }
}
