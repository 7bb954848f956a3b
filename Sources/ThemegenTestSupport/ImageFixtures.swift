import ThemegenImage

/// In-memory images for the image, slicing and CLI tests.
package enum SlicingFixtures {
    /// An 8-bit image whose pixel (x, y) is `f(x, y)`.
    package static func image(_ w: Int, _ h: Int, colorSpace: ColorSpace = .sRGB,
                      _ f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Image {
        var a = [UInt8](); a.reserveCapacity(w * h * 4)
        for y in 0..<h { for x in 0..<w { let p = f(x, y); a += [p.0, p.1, p.2, p.3] } }
        return Image(width: w, height: h, colorSpace: colorSpace, pixels: .rgba8(a))
    }

    package static func rgba8(_ image: Image) -> [UInt8] {
        guard case .rgba8(let a) = image.pixels else { fatalError("expected 8-bit") }
        return a
    }

    package static func pixel(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(rgba8(image)[i..<(i + 4)])
    }
}
