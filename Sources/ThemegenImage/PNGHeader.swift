import CPNGBridge
import ThemegenCore

/// What a PNG's IHDR (and tRNS) says about it.
public struct PNGHeader: Sendable, Hashable {
    public enum ColorType: Int, Sendable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        /// The spelling used in `inspect` output.
        public var name: String {
            switch self {
            case .gray: return "gray"
            case .rgb: return "rgb"
            case .palette: return "palette"
            case .grayAlpha: return "gray-alpha"
            case .rgba: return "rgba"
            }
        }
    }

    public var width: Int
    public var height: Int
    /// As stored: 1, 2, 4, 8 or 16.
    public var bitDepth: Int
    public var colorType: ColorType
    public var interlaced: Bool
    /// An alpha channel or a tRNS chunk.
    public var hasAlpha: Bool
}

public enum PNGLimits {
    /// Images with more pixels than this are refused before anything is allocated, so a
    /// hostile header cannot exhaust memory. 100 megapixels covers any artboard
    /// (an iPad Pro 12.9" @2x artboard is 5.6 MP); `--max-pixels` raises it.
    public static let defaultMaxPixels = 100_000_000
}
