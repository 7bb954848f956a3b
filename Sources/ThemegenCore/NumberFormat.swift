/// Fixed-decimal number text for generated code and JSON. Own code rather than
/// `String(format:)`, so no locale can change the decimal point and `-0` never appears.
package enum NumberFormat {
    /// `x` with exactly `decimals` digits after the point, rounded half away from zero:
    /// `fixed(0.5, 4)` is `"0.5000"`.
    package static func fixed(_ x: Double, _ decimals: Int) -> String {
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

    /// `x` to at most `decimals` digits after the point, without trailing zeros: `30`, `0.5`,
    /// `2.2`. For messages, like `%g`, without `String(format:)` (full Foundation).
    package static func trimmed(_ x: Double, _ decimals: Int = 6) -> String {
        var t = fixed(x, decimals)
        guard t.contains(".") else { return t }
        while t.hasSuffix("0") { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
        return t == "-0" ? "0" : t
    }

    /// The 4-decimal form every component, position and point uses.
    package static func four(_ x: Double) -> String { fixed(x, 4) }

    /// The shortest text that reads back as `x` rounded to `decimals` places: `tidy(0.5, 4)` is
    /// `"0.5"`, `tidy(1, 4)` is `"1"`, `tidy(0.123456, 4)` is `"0.1235"`. Generated code uses it
    /// (4 decimals for colours and linear stop positions, 6 for radial and angular geometry,
    /// as in the JSON) so literals carry no padding zeros.
    package static func tidy(_ x: Double, _ decimals: Int = 4) -> String {
        var text = fixed(x, decimals)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A CSS angle: an integer when it is one (`180`), else 2 decimals (`135.50`).
    package static func angle(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return r == r.rounded() ? fixed(r, 0) : fixed(r, 2)
    }
}
