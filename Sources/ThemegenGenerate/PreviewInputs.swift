import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// A theme to preview, with its artboard's thumbnail (made by the theme pass from the rows it
/// fitted, so the preview never decodes an artboard).
package struct PreviewTheme: Sendable {
    package var theme: Theme
    package var thumbnail: Thumbnail

    package init(theme: Theme, thumbnail: Thumbnail) {
        self.theme = theme; self.thumbnail = thumbnail
    }

    /// From a decoded artboard, which must be the one the theme was fitted on.
    package init(theme: Theme, artboard: Image) throws {
        // Overlays and the gradient's box are in the theme's artboard pixels; another image
        // would put them in the wrong place.
        guard artboard.width == theme.width, artboard.height == theme.height else {
            throw FileError(theme.file, "the artboard is \(artboard.width)×\(artboard.height) but the theme was fitted on \(theme.width)×\(theme.height) (was the file replaced after the theme was fitted?)")
        }
        let size = BoxDownscaler.fittingSize(width: artboard.width, height: artboard.height,
                                             maxWidth: PreviewLayout.thumbnailSize.maxWidth, maxHeight: PreviewLayout.thumbnailSize.maxHeight)
        let image = BoxDownscaler.downscale(artboard, width: size.width, height: size.height)
        self.init(theme: theme, thumbnail: try Thumbnail(image: image, name: theme.file))
    }
}

/// An artboard that did not become a theme: the page shows it with its error, so a preview of
/// a run with a rejected artboard does not look complete.
package struct PreviewFailure: Sendable, Equatable {
    package var file: String
    package var message: String
    /// Nil when the file could not be decoded.
    package var thumbnail: Thumbnail?

    package init(file: String, message: String, thumbnail: Thumbnail?) {
        self.file = file; self.message = message; self.thumbnail = thumbnail
    }
}

/// One planned output of an asset at one scale: the exact PNG bytes the catalog gets.
package struct PreviewAssetImage: Sendable, Equatable {
    package var scale: Int
    package var png: [UInt8]
    /// Where the run writes these bytes into an asset catalog, from the output root; the page
    /// then links to that file instead of keeping a copy. Nil: the page keeps a copy.
    package var catalogPath: String?
    package init(scale: Int, png: [UInt8], catalogPath: String? = nil) {
        self.scale = scale; self.png = png; self.catalogPath = catalogPath
    }
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
