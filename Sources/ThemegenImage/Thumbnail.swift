/// A small encoded copy of an artboard for the preview. The theme pass makes it from the rows
/// it reads for the fit, so the preview never decodes an artboard again.
package struct Thumbnail: Sendable, Equatable {
    package var png: [UInt8]
    package var width: Int
    package var height: Int

    package init(png: [UInt8], width: Int, height: Int) {
        self.png = png; self.width = width; self.height = height
    }

    /// Encodes a downscaled image, quickly rather than smallest; `name` goes into error messages.
    package init(image: Image, name: String) throws {
        self.init(png: try PNGEncoder.encode(image, name: name, effort: .quick), width: image.width, height: image.height)
    }
}

/// The box a thumbnail must fit in, keeping the source's aspect ratio.
package struct ThumbnailSize: Sendable, Equatable {
    package var maxWidth: Int
    package var maxHeight: Int

    package init(maxWidth: Int, maxHeight: Int) {
        self.maxWidth = maxWidth; self.maxHeight = maxHeight
    }

    /// A downscaler that turns a `width`×`height` source into a thumbnail fitting this box.
    package func downscaler(sourceWidth: Int, sourceHeight: Int, colorSpace: ColorSpace) -> BoxDownscaler {
        let size = BoxDownscaler.fittingSize(width: sourceWidth, height: sourceHeight, maxWidth: maxWidth, maxHeight: maxHeight)
        return BoxDownscaler(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: size.width, height: size.height,
                             colorSpace: colorSpace)
    }
}
