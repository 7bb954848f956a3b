/// A decoded image: RGBA samples, not premultiplied, rows packed (stride = 4 · width).
///
/// 8-bit sources stay 8-bit; 16-bit sources keep their 16 bits so that sampling and
/// resizing work from the full precision. Hot loops switch on `pixels` once, outside
/// the loop, and then run over the typed array.
package struct Image: Sendable, Equatable {
    package enum Pixels: Sendable, Equatable {
        case rgba8([UInt8])
        case rgba16([UInt16])
    }

    package var width: Int
    package var height: Int
    package var colorSpace: ColorSpace
    package var pixels: Pixels

    package init(width: Int, height: Int, colorSpace: ColorSpace = .sRGB, pixels: Pixels) {
        precondition(width >= 0 && height >= 0)
        switch pixels {
        case .rgba8(let a): precondition(a.count == width * height * 4, "RGBA8 buffer size")
        case .rgba16(let a): precondition(a.count == width * height * 4, "RGBA16 buffer size")
        }
        self.width = width
        self.height = height
        self.colorSpace = colorSpace
        self.pixels = pixels
    }

    /// An 8-bit image filled with one colour.
    package init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8), colorSpace: ColorSpace = .sRGB) {
        var a = [UInt8](repeating: 0, count: width * height * 4)
        var i = 0
        while i < a.count {
            a[i] = fill.0; a[i + 1] = fill.1; a[i + 2] = fill.2; a[i + 3] = fill.3
            i += 4
        }
        self.init(width: width, height: height, colorSpace: colorSpace, pixels: .rgba8(a))
    }

    package var bitDepth: Int {
        if case .rgba16 = pixels { return 16 }
        return 8
    }

    /// One sample scaled to 0…1. For tests and one-off reads, not for per-pixel loops.
    package func component(x: Int, y: Int, channel: Int) -> Double {
        let i = (y * width + x) * 4 + channel
        switch pixels {
        case .rgba8(let a): return Double(a[i]) / 255
        case .rgba16(let a): return Double(a[i]) / 65535
        }
    }

    /// The image reduced to 8 bits per sample, rounding each sample once.
    package func to8Bit() -> Image {
        switch pixels {
        case .rgba8: return self
        case .rgba16(let a):
            // round(v · 255 / 65535) exactly, in integers.
            let b = a.map { UInt8((UInt32($0) * 255 + 32767) / 65535) }
            return Image(width: width, height: height, colorSpace: colorSpace, pixels: .rgba8(b))
        }
    }
}
