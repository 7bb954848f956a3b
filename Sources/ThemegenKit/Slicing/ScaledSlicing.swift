/// The slicing of one image of an imageset, in that image's own pixels, as `Contents.json`
/// writes it.
public struct ScaledSlicing: Sendable, Hashable {
    public var scale: Int
    public var resizingMode: ResizingMode
    public var centerMode: CenterMode
    /// round(points · scale), half up.
    public var insets: PixelInsets
    /// The stretched middle band's width and height, or 1 where that band is uniform.
    public var centerWidth: Int
    public var centerHeight: Int
    /// Whether the middle band is still uniform along each stretched axis at this scale.
    public var uniform: Bool

    /// Derives the per-scale insets for `image` (the image at `scale`) and checks its band.
    public init(_ slicing: Slicing, scale: Int, image: Image) {
        self.scale = scale
        resizingMode = slicing.resizingMode
        centerMode = slicing.centerMode
        let c = slicing.capInsets
        insets = PixelInsets(top: Self.pixels(c.top, scale), left: Self.pixels(c.left, scale),
                             bottom: Self.pixels(c.bottom, scale), right: Self.pixels(c.right, scale))
        let bandW = image.width - insets.left - insets.right
        let bandH = image.height - insets.top - insets.bottom
        let horizontal = resizingMode != .threePartVertical
        let vertical = resizingMode != .threePartHorizontal
        let uniformX = !horizontal || (bandW > 0 && BandUniformity.columnsIdentical(image, insets.left..<(insets.left + bandW)))
        let uniformY = !vertical || (bandH > 0 && BandUniformity.rowsIdentical(image, insets.top..<(insets.top + bandH)))
        uniform = uniformX && uniformY
        centerWidth = uniformX ? 1 : max(bandW, 0)
        centerHeight = uniformY ? 1 : max(bandH, 0)
    }

    /// Cap insets in points to whole pixels at `scale`: round half up.
    public static func pixels(_ points: Double, _ scale: Int) -> Int {
        Int((points * Double(scale) + 0.5).rounded(.down))
    }
}

/// Whether a band of an image repeats one column (or row) exactly.
enum BandUniformity {
    static func columnsIdentical(_ image: Image, _ band: Range<Int>) -> Bool {
        guard band.count > 1 else { return true }
        switch image.pixels {
        case .rgba8(let a): return columns(a, image.width, image.height, band)
        case .rgba16(let a): return columns(a, image.width, image.height, band)
        }
    }

    static func rowsIdentical(_ image: Image, _ band: Range<Int>) -> Bool {
        guard band.count > 1 else { return true }
        switch image.pixels {
        case .rgba8(let a): return rows(a, image.width, band)
        case .rgba16(let a): return rows(a, image.width, band)
        }
    }

    private static func columns<T: Equatable>(_ a: [T], _ w: Int, _ h: Int, _ band: Range<Int>) -> Bool {
        a.withUnsafeBufferPointer { p in
            for y in 0..<h {
                let row = y * w * 4, first = row + band.lowerBound * 4
                for x in band.dropFirst() {
                    let i = row + x * 4
                    if p[i] != p[first] || p[i + 1] != p[first + 1] || p[i + 2] != p[first + 2] || p[i + 3] != p[first + 3] {
                        return false
                    }
                }
            }
            return true
        }
    }

    private static func rows<T: Equatable>(_ a: [T], _ w: Int, _ band: Range<Int>) -> Bool {
        a.withUnsafeBufferPointer { p in
            let n = w * 4, first = band.lowerBound * n
            for y in band.dropFirst() {
                let r = y * n
                for i in 0..<n where p[r + i] != p[first + i] { return false }
            }
            return true
        }
    }
}
