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
