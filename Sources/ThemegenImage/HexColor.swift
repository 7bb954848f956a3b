/// `#RRGGBB` text for colours, and parsing of the same.
package enum HexColor {
    /// `#RRGGBB` (or `#RRGGBBAA` with `alpha`) of the colour's components, clamped to 0…1 and
    /// rounded to 8 bits, upper case.
    package static func format(_ c: RGBA, alpha: Bool = false) -> String {
        func byte(_ v: Double) -> Int { Int((min(1, max(0, v)) * 255).rounded()) }
        let digits: [Character] = Array("0123456789ABCDEF")
        var s = "#"
        for v in [byte(c.red), byte(c.green), byte(c.blue)] + (alpha ? [byte(c.alpha)] : []) {
            s.append(digits[v >> 4]); s.append(digits[v & 15])
        }
        return s
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` optional); nil when malformed.
    package static func parse(_ text: String) -> RGBA? {
        var s = Substring(text)
        if s.hasPrefix("#") { s = s.dropFirst() }
        var values: [Double] = []
        let chars = Array(s)
        switch chars.count {
        case 3:
            for ch in chars {
                guard let v = ch.hexDigitValue else { return nil }
                values.append(Double(v * 17) / 255)
            }
        case 6, 8:
            var i = 0
            while i < chars.count {
                guard let hi = chars[i].hexDigitValue, let lo = chars[i + 1].hexDigitValue else { return nil }
                values.append(Double(hi * 16 + lo) / 255)
                i += 2
            }
        default:
            return nil
        }
        return RGBA(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }
}
