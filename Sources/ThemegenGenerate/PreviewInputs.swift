import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// A theme to preview, with the source of its artboard thumbnail.
package struct PreviewTheme: Sendable {
    package var theme: Theme
    /// The decoded artboard, when the caller has it. Without it the thumbnail is read from
    /// `theme.file` one row at a time.
    package var artboard: Image?

    package init(theme: Theme, artboard: Image? = nil) {
        self.theme = theme; self.artboard = artboard
    }
}

/// One planned output of an asset at one scale: the exact PNG bytes the catalog gets.
package struct PreviewAssetImage: Sendable, Equatable {
    package var scale: Int
    package var png: [UInt8]
    package init(scale: Int, png: [UInt8]) { self.scale = scale; self.png = png }
}

/// An asset to preview with its outputs (the slicer's `SlicedAsset` maps onto this directly).
package struct PreviewAsset: Sendable, Equatable {
    package var asset: Asset
    /// Ascending scale.
    package var images: [PreviewAssetImage]
    package init(asset: Asset, images: [PreviewAssetImage]) {
        self.asset = asset; self.images = images.sorted { $0.scale < $1.scale }
    }
}
