import ThemegenCore
import ThemegenImage

/// The slicing of one image of an imageset, in that image's own pixels, as `Contents.json`
/// writes it.
public struct ScaledSlicing: Sendable, Hashable {
    public var scale: Int
    public var resizingMode: ResizingMode
    public var centerMode: CenterMode
    /// round(points · scale), half up.
    public var insets: PixelInsets
    /// The stretched middle band's width and height, or 1 where that band is uniform.
    public var centerWidth: Int
    public var centerHeight: Int
    /// Whether the middle band is still uniform along each stretched axis at this scale.
    public var uniform: Bool

    /// Derives the per-scale insets for `image` (the image at `scale`) and checks its band.
    public init(_ slicing: Slicing, scale: Int, image: Image) {
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
    public static func pixels(_ points: Double, _ scale: Int) -> Int {
        Int((points * Double(scale) + 0.5).rounded(.down))
    }
}
