import ThemegenCore
import ThemegenImage

/// WCAG contrast of a text colour against a gradient.
package enum GradientContrast {
    /// The lowest WCAG 2.x ratio of `text` (sRGB) against any point of the gradient, whose
    /// colours are in `space`. Luminance is not linear along a segment in encoded values, so each
    /// segment is sampled finely (256 points) besides its ends.
    package static func worstRatio(text: RGBA, stops: [GradientStop], space: RGBSpace) -> Double {
        let lt = WCAG.luminance(text, in: .sRGB)
        guard !stops.isEmpty else { return 1 }
        let g = LinearGradient(angle: 180, stops: stops)
        var worst = Double.infinity
        let first = stops[0].position, last = stops[stops.count - 1].position
        let samples = 256 * max(1, stops.count - 1)
        for i in 0...samples {
            let t = first + (last - first) * Double(i) / Double(samples)
            worst = min(worst, WCAG.contrastRatio(luminance: lt, WCAG.luminance(g.color(at: t), in: space)))
        }
        for s in stops { worst = min(worst, WCAG.contrastRatio(luminance: lt, WCAG.luminance(s.color, in: space))) }
        return worst
    }
}

extension GradientContrast {
    /// The WCAG 2.x ratio text of this weight needs: 3:1 for large text, 4.5:1 otherwise.
    package static func needed(large: Bool) -> Double { large ? 3.0 : 4.5 }

    /// The warning for a text colour below `needed(large:)`, in light or dark appearance.
    package static func warning(file: String, theme: String, color: String, ratio: Double, large: Bool,
                                appearance: String = "", on gradient: String = "gradient") -> String {
        "\(file): theme '\(theme)': text colour '\(color)'\(appearance) has a contrast of \(NumberFormat.fixed(ratio, 2)):1 "
            + "at worst on the \(gradient), below \(NumberFormat.trimmed(needed(large: large))):1" + (large ? " for large text" : "")
    }
}
