import ThemegenImage

extension Image {
    /// The rectangle (x, y, width, height) of this image, in the same bit depth and colour space.
    package func cropped(x: Int, y: Int, width w: Int, height h: Int) -> Image {
        precondition(x >= 0 && y >= 0 && w >= 0 && h >= 0 && x + w <= width && y + h <= height, "crop rectangle")
        switch pixels {
        case .rgba8(let a): return Image(width: w, height: h, colorSpace: colorSpace, pixels: .rgba8(Self.crop(a, width, x, y, w, h)))
        case .rgba16(let a): return Image(width: w, height: h, colorSpace: colorSpace, pixels: .rgba16(Self.crop(a, width, x, y, w, h)))
        }
    }

    /// This image in a transparent canvas of `width` × `height`, at the top-left.
    package func padded(width w: Int, height h: Int) -> Image {
        precondition(w >= width && h >= height, "pad size")
        switch pixels {
        case .rgba8(let a): return Image(width: w, height: h, colorSpace: colorSpace, pixels: .rgba8(Self.pad(a, width, height, w, h)))
        case .rgba16(let a): return Image(width: w, height: h, colorSpace: colorSpace, pixels: .rgba16(Self.pad(a, width, height, w, h)))
        }
    }

    private static func crop<T: FixedWidthInteger>(_ a: [T], _ stride: Int, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [T] {
        var out = [T](); out.reserveCapacity(w * h * 4)
        for row in y..<(y + h) {
            let s = (row * stride + x) * 4
            out.append(contentsOf: a[s..<(s + w * 4)])
        }
        return out
    }

    private static func pad<T: FixedWidthInteger>(_ a: [T], _ sw: Int, _ sh: Int, _ w: Int, _ h: Int) -> [T] {
        var out = [T](repeating: 0, count: w * h * 4)
        for row in 0..<sh {
            out.replaceSubrange((row * w * 4)..<((row * w + sw) * 4), with: a[(row * sw * 4)..<((row + 1) * sw * 4)])
        }
        return out
    }
}
