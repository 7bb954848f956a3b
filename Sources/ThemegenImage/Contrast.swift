/// WCAG 2.x relative luminance and contrast ratio.
package enum WCAG {
    /// Relative luminance of an encoded colour in `space` (WCAG 2.x defines it for sRGB; for
    /// Display P3 the same formula runs through P3's own primaries, i.e. CIE Y).
    package static func luminance(_ c: RGBA, in space: RGBSpace = .sRGB) -> Double {
        // WCAG 2.x's published threshold is 0.03928 (from an older sRGB draft); the two curves
        // differ by less than 1e-7 there, so the shared transfer function is used.
        let m = space.toXYZ.r1
        return m.x * TransferFunction.toLinear(c.red) + m.y * TransferFunction.toLinear(c.green)
            + m.z * TransferFunction.toLinear(c.blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05) with L1 the lighter; 1…21.
    package static func contrastRatio(_ a: RGBA, _ b: RGBA, in space: RGBSpace = .sRGB) -> Double {
        contrastRatio(luminance: luminance(a, in: space), luminance(b, in: space))
    }

    package static func contrastRatio(luminance la: Double, _ lb: Double) -> Double {
        (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
