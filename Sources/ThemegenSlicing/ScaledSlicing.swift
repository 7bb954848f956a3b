import ThemegenImage

/// The slicing of one image of an imageset, in that image's own pixels, as `Contents.json`
/// writes it.
package struct ScaledSlicing: Sendable, Hashable {
    package var scale: Int
    package var resizingMode: ResizingMode
    package var centerMode: CenterMode
    /// round(points · scale), half up.
    package var insets: PixelInsets
    /// The stretched middle band's width and height, or 1 where that band is uniform.
    package var centerWidth: Int
    package var centerHeight: Int
    /// Whether the middle band is still uniform along each stretched axis at this scale.
    package var uniform: Bool

    /// Derives the per-scale insets for `image` (the image at `scale`) and checks its band.
    package init(_ slicing: Slicing, scale: Int, image: Image) {
        self.scale = scale
        resizingMode = slicing.resizingMode
        centerMode = slicing.centerMode
        let c = slicing.capInsets
        insets = PixelInsets(top: Self.pixels(c.top, scale), left: Self.pixels(c.left, scale),
                             bottom: Self.pixels(c.bottom, scale), right: Self.pixels(c.right, scale))
        let bandW = image.width - insets.left - insets.right
        let bandH = image.height - insets.top - insets.bottom
        let horizontal = resizingMode != .threePartVertical
        let vertical = resizingMode != .threePartHorizontal
        let uniformX = !horizontal || (bandW > 0 && BandUniformity.columnsIdentical(image, insets.left..<(insets.left + bandW)))
        let uniformY = !vertical || (bandH > 0 && BandUniformity.rowsIdentical(image, insets.top..<(insets.top + bandH)))
        uniform = uniformX && uniformY
        centerWidth = uniformX ? 1 : max(bandW, 0)
        centerHeight = uniformY ? 1 : max(bandH, 0)
    }

    /// Cap insets in points to whole pixels at `scale`: round half up.
    /// Clamped to 0…2³¹, so no value (configs are checked, but not every caller's) traps.
    package static func pixels(_ points: Double, _ scale: Int) -> Int {
        let v = (points * Double(scale) + 0.5).rounded(.down)
        guard v.isFinite else { return v > 0 ? Int(Int32.max) : 0 }
        return Int(min(max(v, 0), Double(Int32.max)))
    }
}
