import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// A theme to preview, with the source of its artboard thumbnail.
public struct PreviewTheme: Sendable {
    public var theme: Theme
    /// The decoded artboard, when the caller has it. Without it the thumbnail is read from
    /// `theme.file` one row at a time.
    public var artboard: Image?

    public init(theme: Theme, artboard: Image? = nil) {
        self.theme = theme; self.artboard = artboard
    }
}

/// One planned output of an asset at one scale: the exact PNG bytes the catalog gets.
public struct PreviewAssetImage: Sendable, Equatable {
    public var scale: Int
    public var png: [UInt8]
    public init(scale: Int, png: [UInt8]) { self.scale = scale; self.png = png }
}

/// An asset to preview with its outputs (the slicer's `SlicedAsset` maps onto this directly).
public struct PreviewAsset: Sendable, Equatable {
    public var asset: Asset
    /// Ascending scale.
    public var images: [PreviewAssetImage]
    public init(asset: Asset, images: [PreviewAssetImage]) {
        self.asset = asset; self.images = images.sorted { $0.scale < $1.scale }
    }
}
