import CPNGBridge
import ThemegenCore

/// Decodes whole PNGs into `Image`s (RGBA, raw samples, 16-bit kept).
public enum PNGDecoder {
    public static func decode(path: String, maxPixels: Int = PNGLimits.defaultMaxPixels) throws -> Image {
        try decode(PNGRowReader(path: path, maxPixels: maxPixels))
    }

    public static func decode(data: [UInt8], name: String, maxPixels: Int = PNGLimits.defaultMaxPixels) throws -> Image {
        try decode(PNGRowReader(data: data, name: name, maxPixels: maxPixels))
    }

    static func decode(_ reader: PNGRowReader) throws -> Image {
        let w = reader.header.width, h = reader.header.height
        let pixels: Image.Pixels
        if reader.rowBitDepth == 16 {
            var a = [UInt16](repeating: 0, count: w * h * 4)
            try a.withUnsafeMutableBytes { try reader.readRows(into: $0.baseAddress!, count: h) }
            pixels = .rgba16(a)
        } else {
            var a = [UInt8](repeating: 0, count: w * h * 4)
            try a.withUnsafeMutableBytes { try reader.readRows(into: $0.baseAddress!, count: h) }
            pixels = .rgba8(a)
        }
        try reader.finish()
        return Image(width: w, height: h, colorSpace: reader.colorSpace, pixels: pixels)
    }
}
