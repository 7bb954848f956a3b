/// Whether configured cap insets fit an image: the caps on each stretched axis must leave a
/// band (of zero or more points) between them. Caps larger than the image would reach
/// `Contents.json` as insets Xcode cannot apply.
package enum CapsFit {
    /// Why `caps` do not fit an image of `pointWidth`×`pointHeight` points, or nil.
    package static func problem(_ caps: CapInsets, pointWidth: Int, pointHeight: Int) -> String? {
        func n(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)" }
        if caps.left + caps.right > Double(pointWidth) {
            return "(left \(n(caps.left)) + right \(n(caps.right)) points) are wider than the image (\(pointWidth) points)"
        }
        if caps.top + caps.bottom > Double(pointHeight) {
            return "(top \(n(caps.top)) + bottom \(n(caps.bottom)) points) are taller than the image (\(pointHeight) points)"
        }
        return nil
    }
}
