import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// File and anchor names for the preview's images, made from model names.
///
/// ASCII only (`a-z`, `0-9`, `-`), so the names need no URL encoding, survive every file
/// system, and are the same on every machine. Clashes get `-2`, `-3`… in input order.
struct PreviewFileNames {
    private var taken: Set<String> = []

    /// `Ocean Blue` → `ocean-blue`; a name with no ASCII letters or digits → `fallback`.
    static func slug(_ name: String, fallback: String) -> String {
        var out = ""
        var pendingDash = false
        for u in name.unicodeScalars {
            let v = u.value
            let isLetter = (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39)
            let isUpper = v >= 0x41 && v <= 0x5A
            if isLetter || isUpper {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(isUpper ? Unicode.Scalar(v + 0x20)! : u)
            } else {
                pendingDash = true
            }
        }
        return out.isEmpty ? fallback : out
    }

    /// A slug not handed out before by this instance.
    mutating func unique(_ name: String, fallback: String) -> String {
        let base = PreviewFileNames.slug(name, fallback: fallback)
        var candidate = base
        var n = 2
        while taken.contains(candidate) {
            candidate = "\(base)-\(n)"
            n += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
