import ThemegenCore
import ThemegenImage

/// One image of a sliced asset, ready for the catalog: its size, the PNG bytes to write, the
/// slicing in this scale's pixels, and the 8-bit pixels when the slicer was asked to keep them.
public struct ScaledImage: Sendable, Equatable {
    public var scale: Int
    public var width: Int
    public var height: Int
    /// Kept only with `SliceOptions.keepImages`: a run over large backgrounds would otherwise
    /// hold every decoded image at once.
    public var image: Image?
    public var png: [UInt8]
    public var slicing: ScaledSlicing?
    public init(scale: Int, image: Image, png: [UInt8], slicing: ScaledSlicing? = nil, keepImage: Bool = true) {
        self.scale = scale; width = image.width; height = image.height
        self.image = keepImage ? image : nil
        self.png = png; self.slicing = slicing
    }
}

/// An asset and the images the slicer made for it.
public struct SlicedAsset: Sendable, Equatable {
    public var asset: Asset
    /// Ascending scale; slots without a source are absent.
    public var images: [ScaledImage]
    public init(asset: Asset, images: [ScaledImage]) { self.asset = asset; self.images = images }
}
