/// What a PNG's IHDR (and tRNS) says about it.
package struct PNGHeader: Sendable, Hashable {
    package enum ColorType: Int, Sendable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        /// The spelling used in `inspect` output.
        package var name: String {
            switch self {
            case .gray: return "gray"
            case .rgb: return "rgb"
            case .palette: return "palette"
            case .grayAlpha: return "gray-alpha"
            case .rgba: return "rgba"
            }
        }
    }

    package var width: Int
    package var height: Int
    /// As stored: 1, 2, 4, 8 or 16.
    package var bitDepth: Int
    package var colorType: ColorType
    package var interlaced: Bool
    /// An alpha channel or a tRNS chunk.
    package var hasAlpha: Bool
}

package enum PNGLimits {
    /// Images with more pixels than this are refused before anything is allocated, so a
    /// hostile header cannot exhaust memory. 100 megapixels covers any artboard
    /// (an iPad Pro 12.9" @2x artboard is 5.6 MP); `--max-pixels` raises it.
    package static let defaultMaxPixels = 100_000_000
    // The bridge's fixed limits (Sources/CPNGBridge/tg_png.c), for messages and docs/png.md.
    /// Interlaced images are decoded whole before their first row is delivered.
    package static let maxInterlacedPixels = 16 * 1024 * 1024
    /// The largest ancillary chunk (an ICC profile) read into memory; larger is an error.
    package static let maxChunkBytes = 16 * 1024 * 1024
    /// Width and height, each.
    package static let maxSide = 1_000_000
}
