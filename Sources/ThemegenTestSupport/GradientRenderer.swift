import Foundation
import ThemegenGradients
import ThemegenImage

/// Draws CSS linear, radial and conic gradients into images the way browsers do, plus the things real exports
/// put over them (bars, cards, text, icons, dither, grain). Used for test artboards with known
/// stops and by the preview/exports generator.
package struct GradientRenderer: Sendable {
    package enum Edge: Sendable, Hashable { case top, bottom, left, right }

    package enum Overlay: Sendable, Hashable {
        /// A solid bar along an edge (status bar, tab bar, home indicator strip).
        case bar(Edge, thickness: Int, color: RGBA)
        /// A solid (optionally rounded) rectangle such as a card or button.
        case rect(PixelRect, color: RGBA, cornerRadius: Int)
        /// Glyph-like strokes filling a block of lines, like a paragraph of text.
        case text(PixelRect, color: RGBA, seed: UInt64)
        /// An antialiased filled circle, like an icon.
        case icon(centerX: Int, centerY: Int, radius: Int, color: RGBA)
        /// A soft drop shadow of a rounded rectangle (drawn before the card that casts it):
        /// black at `opacity` inside, fading out with a Gaussian blur of `blur` px (σ),
        /// moved down by `offsetY`.
        case shadow(PixelRect, cornerRadius: Int, blur: Double, opacity: Double, offsetY: Int)
    }

    package var width: Int
    package var height: Int
    package var gradient: LinearGradient
    package var colorSpace: ColorSpace
    /// ±1 LSB random dither on every channel.
    package var dither: Bool
    /// Monochrome grain of ±`grain` levels (8-bit scale), added after the overlays.
    package var grain: Int
    package var overlays: [Overlay]
    package var seed: UInt64
    /// Linear (along `gradient.angle`), or the radial or angular geometry the stops follow.
    package var shape: GradientShape

    package init(width: Int, height: Int, gradient: LinearGradient, colorSpace: ColorSpace = .sRGB,
                dither: Bool = false, grain: Int = 0, overlays: [Overlay] = [], seed: UInt64 = 1,
                shape: GradientShape = .linear) {
        self.width = width; self.height = height; self.gradient = gradient; self.colorSpace = colorSpace
        self.dither = dither; self.grain = grain; self.overlays = overlays; self.seed = seed; self.shape = shape
    }

    /// The gradient drawn under the overlays.
    package var model: GradientModel { GradientModel(shape: shape, angle: gradient.angle, stops: gradient.stops) }

    /// The whole artboard as an 8-bit RGBA image (opaque unless the gradient has alpha).
    package func render() -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                renderRow(y: y, into: UnsafeMutableBufferPointer(rebasing: p[(y * width * 4)..<((y + 1) * width * 4)]))
            }
        }
        return Image(width: width, height: height, colorSpace: colorSpace, pixels: .rgba8(pixels))
    }

    /// One RGBA8 row (4·width bytes). Rows are independent (the noise is seeded per row), so a
    /// caller can stream them without holding the image. Drawing happens in premultiplied
    /// values (CSS gradients interpolate them; overlays composite "over" on them).
    package func renderRow(y: Int, into row: UnsafeMutableBufferPointer<UInt8>) {
        precondition(row.count >= width * 4)
        let coordinates = model.coordinates(width: width, height: height)
        var buf = [Double](repeating: 0, count: width * 4)
        let py = Double(y) + 0.5
        for x in 0..<width {
            let c = gradient.premultipliedColor(at: coordinates.position(x: Double(x) + 0.5, y: py))
            buf[x * 4] = c.red * 255; buf[x * 4 + 1] = c.green * 255; buf[x * 4 + 2] = c.blue * 255; buf[x * 4 + 3] = c.alpha * 255
        }
        for overlay in overlays { draw(overlay, y: y, into: &buf) }
        var rng = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(y) &* 0x9E37_79B9)
        for x in 0..<width {
            let g = grain > 0 ? Double(rng.int(-grain, grain)) : 0
            let alpha = buf[x * 4 + 3]
            let a8 = min(255, max(0, alpha.rounded()))
            for ch in 0..<3 {
                // Stored unpremultiplied, as PNG holds it; exact for opaque pixels.
                let c = alpha >= 255 ? buf[x * 4 + ch] : alpha > 0 ? buf[x * 4 + ch] * 255 / alpha : 0
                var v = (c + g).rounded()
                if dither { v += Double(rng.int(-1, 1)) }
                row[x * 4 + ch] = a8 == 0 ? 0 : UInt8(min(255, max(0, v)))
            }
            row[x * 4 + 3] = UInt8(a8)
        }
    }

    private func draw(_ overlay: Overlay, y: Int, into buf: inout [Double]) {
        func put(_ x: Int, _ c: RGBA, _ coverage: Double) {
            let a = coverage * c.alpha
            for (ch, v) in [c.red, c.green, c.blue].enumerated() {
                buf[x * 4 + ch] = buf[x * 4 + ch] * (1 - a) + v * 255 * a
            }
            // Written so that an opaque pixel stays exactly 255.
            buf[x * 4 + 3] += (255 - buf[x * 4 + 3]) * a
        }
        switch overlay {
        case let .bar(edge, thickness, color):
            switch edge {
            case .top: if y < thickness { for x in 0..<width { put(x, color, 1) } }
            case .bottom: if y >= height - thickness { for x in 0..<width { put(x, color, 1) } }
            case .left: for x in 0..<min(width, thickness) { put(x, color, 1) }
            case .right: for x in max(0, width - thickness)..<width { put(x, color, 1) }
            }
        case let .rect(r, color, radius):
            guard y >= r.y, y < r.y + r.height else { return }
            for x in max(0, r.x)..<min(width, r.x + r.width) {
                // Corner rounding by distance to the inset corner centre.
                let cx = Double(min(max(x, r.x + radius), r.x + r.width - 1 - radius))
                let cy = Double(min(max(y, r.y + radius), r.y + r.height - 1 - radius))
                let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
                let coverage = min(1, max(0, Double(radius) + 0.5 - d))
                if coverage > 0 { put(x, color, coverage) }
            }
        case let .text(r, color, textSeed):
            guard y >= r.y, y < r.y + r.height else { return }
            let lineHeight = 20, glyphHeight = 14, glyphWidth = 9
            let ly = (y - r.y) % lineHeight
            guard ly < glyphHeight else { return }
            let lineIndex = (y - r.y) / lineHeight
            for x in max(0, r.x)..<min(width, r.x + r.width) {
                let gx = (x - r.x) % glyphWidth
                let glyph = (x - r.x) / glyphWidth
                var g = SeededRandom(seed: textSeed &+ UInt64(lineIndex) &* 1_000_003 &+ UInt64(glyph))
                let bits = g.next()
                if bits & 0xF == 0 { continue }     // a space
                var on = false
                if gx < 2 && bits & 0x10 != 0 { on = true }                // left stem
                if gx >= 5 && gx < 7 && bits & 0x20 != 0 { on = true }     // right stem
                if gx < 7 && ly < 2 && bits & 0x40 != 0 { on = true }      // top bar
                if gx < 7 && ly >= 6 && ly < 8 && bits & 0x80 != 0 { on = true }   // middle bar
                if gx < 7 && ly >= 12 && bits & 0x100 != 0 { on = true }   // bottom bar
                if on { put(x, color, 1) }
            }
        case let .icon(cx, cy, radius, color):
            let dy = Double(y) + 0.5 - Double(cy)
            guard abs(dy) <= Double(radius) + 1 else { return }
            for x in max(0, cx - radius - 1)..<min(width, cx + radius + 2) {
                let dx = Double(x) + 0.5 - Double(cx)
                let coverage = min(1, max(0, Double(radius) + 0.5 - (dx * dx + dy * dy).squareRoot()))
                if coverage > 0 { put(x, color, coverage) }
            }
        case let .shadow(r, radius, blur, opacity, offsetY):
            let reach = Int((3 * blur).rounded(.up)) + 1
            let top = r.y + offsetY
            guard y >= top - reach, y < top + r.height + reach else { return }
            let black = RGBA(red: 0, green: 0, blue: 0)
            for x in max(0, r.x - reach)..<min(width, r.x + r.width + reach) {
                // Signed distance to the rounded rectangle, then the Gaussian's edge profile.
                let qx = abs(Double(x) + 0.5 - (Double(r.x) + Double(r.width) / 2)) - (Double(r.width) / 2 - Double(radius))
                let qy = abs(Double(y) + 0.5 - (Double(top) + Double(r.height) / 2)) - (Double(r.height) / 2 - Double(radius))
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let d = outside + min(max(qx, qy), 0) - Double(radius)
                let coverage = blur > 0 ? 0.5 * erfc(d / (blur * 2.0.squareRoot())) : (d <= 0 ? 1 : 0)
                if coverage > 1e-4 { put(x, black, coverage * opacity) }
            }
        }
    }
}
