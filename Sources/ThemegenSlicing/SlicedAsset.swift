import ThemegenImage

/// One image of a sliced asset, ready for the catalog: its size, the PNG bytes to write, the
/// slicing in this scale's pixels, and the 8-bit pixels when the slicer was asked to keep them.
package struct ScaledImage: Sendable, Equatable {
    package var scale: Int
    package var width: Int
    package var height: Int
    /// Kept only with `SliceOptions.keepImages`: a run over large backgrounds would otherwise
    /// hold every decoded image at once.
    package var image: Image?
    package var png: [UInt8]
    package var slicing: ScaledSlicing?
    package init(scale: Int, image: Image, png: [UInt8], slicing: ScaledSlicing? = nil, keepImage: Bool = true) {
        self.scale = scale; width = image.width; height = image.height
        self.image = keepImage ? image : nil
        self.png = png; self.slicing = slicing
    }
}

/// An asset and the images the slicer made for it.
package struct SlicedAsset: Sendable, Equatable {
    package var asset: Asset
    /// Ascending scale; slots without a source are absent.
    package var images: [ScaledImage]
    package init(asset: Asset, images: [ScaledImage]) { self.asset = asset; self.images = images }
}
