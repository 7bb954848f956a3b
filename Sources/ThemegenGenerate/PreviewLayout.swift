import ThemegenCore
import ThemegenImage
import ThemegenSlicing

/// Sizes and positions on the preview page, in CSS pixels (= points), computed here so the
/// template only places numbers and the page is the same on every machine.
enum PreviewLayout {
    /// The artboard thumbnail and the CSS gradient are each shown within this box.
    static let panelMaxWidth = 200
    static let panelMaxHeight = 360
    /// Thumbnails are stored at 1.5× their display size: sharp enough on a Retina screen,
    /// small enough that a page of many themes stays light.
    /// What the theme pass is asked to make for each artboard.
    static let thumbnailSize = ThumbnailSize(maxWidth: 300, maxHeight: 540)

    /// The zoomed views of an asset aim at this many CSS pixels on the longer side.
    static let zoomTarget = 240
    static let zoomMax = 24
    /// The wider of the two stretched 9-slice demos is never wider than this.
    static let stretchMax = 320

    static func panelSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let s = min(Double(panelMaxWidth) / Double(width), Double(panelMaxHeight) / Double(height))
        return (max(1, Int((Double(width) * s).rounded())), max(1, Int((Double(height) * s).rounded())))
    }

    /// A whole zoom factor; a multiple of 6 when that is possible, so that the pixels of the
    /// 1x, 2x and 3x images all land on whole CSS pixels.
    static func zoom(pointWidth: Int, pointHeight: Int) -> Int {
        let side = max(1, pointWidth, pointHeight)
        let z = max(1, min(zoomMax, zoomTarget / side))
        return z >= 6 ? z / 6 * 6 : z
    }

    /// Up to 2 decimals without trailing zeros: `12`, `3.33`, `0.5`.
    static func trimmed(_ x: Double) -> String {
        var t = NumberFormat.fixed(x, 2)
        while t.hasSuffix("0") { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
        return t
    }

    /// `part` of `whole` as a CSS percentage with 4 decimals.
    static func percent(_ part: Double, of whole: Double) -> String {
        NumberFormat.fixed(whole == 0 ? 0 : part / whole * 100, 4) + "%"
    }

    /// Two sizes (in points) to draw a sliced asset at: wider (or taller, for a vertical
    /// 3-part) than its own, always leaving room for the caps.
    static func stretchSizes(pointWidth w: Int, pointHeight h: Int, slicing: Slicing) -> [(width: Int, height: Int)] {
        let caps = slicing.capInsets
        // Clamped: a conversion of an out-of-range Double traps.
        func whole(_ x: Double) -> Int { x.isFinite ? Int(min(max(x.rounded(.up), 0), 1_000_000)) : 1_000_000 }
        let minW = whole(caps.left + caps.right) + 8
        let minH = whole(caps.top + caps.bottom) + 8
        switch slicing.resizingMode {
        case .threePartVertical:
            let a = max(2 * h, minH), b = max(min(4 * h, stretchMax), a + 8)
            return [(w, a), (w, b)]
        case .threePartHorizontal:
            let a = max(2 * w, minW), b = max(min(4 * w, stretchMax), a + 8)
            return [(a, h), (b, h)]
        case .ninePart:
            let a = max(2 * w, minW), b = max(min(4 * w, stretchMax), a + 8)
            return [(a, h), (b, max(2 * h, minH))]
        }
    }
}
