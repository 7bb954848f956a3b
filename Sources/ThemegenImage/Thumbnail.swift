import ThemegenCore

/// A small encoded copy of an artboard for the preview. The theme pass makes it from the rows
/// it reads for the fit, so the preview never decodes an artboard again.
package struct Thumbnail: Sendable, Equatable {
    /// The PNG: in memory, or in the run's spool (a run keeps hundreds until it writes them).
    package var png: FileContent
    package var width: Int
    package var height: Int

    package init(png: FileContent, width: Int, height: Int) {
        self.png = png; self.width = width; self.height = height
    }

    /// Encodes a downscaled image, quickly rather than smallest, into `spool` when given;
    /// `name` goes into error messages.
    package init(image: Image, name: String, spool: Spool? = nil) throws {
        let bytes = try PNGEncoder.encode(image, name: name, effort: .quick)
        self.init(png: try spool.map { .spooled(try $0.store(bytes, shownAs: name)) } ?? .bytes(bytes),
                  width: image.width, height: image.height)
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
