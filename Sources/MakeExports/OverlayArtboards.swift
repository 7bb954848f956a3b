import Foundation
import ThemegenGradients
import ThemegenImage
import ThemegenTestSupport

/// Linear artboards with screen furniture on top, for `make bench` (the overlays row of the
/// real-artboards issue): 20 iPhone-sized dithered gradients, each drawn twice, under
/// `overlays/` with what real exports put over a gradient (status and tab bars, a white card
/// with a soft shadow, list rows, a frosted panel, icons, text; their bounding boxes cover at
/// most 40% of the box together) and under `plain/` without, so the bench can price the overlays. Not part of `Exports/`.
enum OverlayArtboards {
    static let width = 1125, height = 2436

    static let palettes: [(Double, [(UInt32, Double)])] = [
        (180, [(0xFFECD2, 0), (0xFCB69F, 1)]),
        (160, [(0xA1C4FD, 0), (0xC2E9FB, 1)]),
        (135, [(0x84FAB0, 0), (0x8FD3F4, 1)]),
        (200, [(0x355C7D, 0), (0x6C5B7B, 0.5), (0xC06C84, 1)]),
        (180, [(0x0B3D91, 0), (0x4FC3F7, 1)]),
        (120, [(0xFBC2EB, 0), (0xA6C1EE, 1)]),
        (180, [(0xF9D423, 0.15), (0xFF4E50, 0.4), (0xFC913A, 0.7), (0xF5E663, 0.85)]),
        (170, [(0x2B5876, 0), (0x4E4376, 1)]),
        (190, [(0xFDFCFB, 0), (0xE2D1C3, 1)]),
        (150, [(0x12C2E9, 0), (0xC471ED, 0.5), (0xF64F59, 1)]),
    ]

    /// (file name, the artboard with overlays, the same gradient plain), drawn one at a time.
    static func each(_ body: (String, Image, Image) throws -> Void) rethrows {
        for i in 0..<20 {
            let (angle, stops) = palettes[i % palettes.count]
            let g = SampleThemes.gradient(angle, stops)
            func art(_ overlays: [GradientRenderer.Overlay]) -> Image {
                GradientRenderer(width: width, height: height, gradient: g, dither: true, overlays: overlays,
                                 seed: UInt64(100 + i)).render()
            }
            let name = String(format: "overlay-%02d.png", i)
            try body(name, art(layout(i)), art([]))
        }
    }

    static func rgb(_ hex: UInt32, _ alpha: Double = 1) -> RGBA {
        var c = SampleThemes.rgb(hex)
        c.alpha = alpha
        return c
    }

    /// One of five screens, moved a little with the index so no two artboards are alike.
    static func layout(_ i: Int) -> [GradientRenderer.Overlay] {
        let shift = (i / 5) * 37
        let status: GradientRenderer.Overlay = .bar(.top, thickness: 141, color: rgb(i % 2 == 0 ? 0x0E0E12 : 0xF7F7F8))
        func card(_ y: Int, _ h: Int) -> [GradientRenderer.Overlay] {
            let r = PixelRect(x: 96, y: y, width: 933, height: h)
            return [.shadow(r, cornerRadius: 48, blur: 18, opacity: 0.22, offsetY: 12),
                    .rect(r, color: rgb(0xFFFFFF), cornerRadius: 48),
                    .text(PixelRect(x: 168, y: y + 90, width: 700, height: min(260, h - 140)), color: rgb(0x3A3A3C), seed: UInt64(i))]
        }
        switch i % 5 {
        case 0:  // a white card with a soft shadow on the gradient, under a status bar
            return [status] + card(760 + shift, 780)
        case 1:  // a list: four rows, each with an icon and a line of text, and a tab bar
            var rows: [GradientRenderer.Overlay] = [status, .bar(.bottom, thickness: 200, color: rgb(0xF7F7F8))]
            for k in 0..<4 {
                let y = 420 + shift + k * 168
                rows += [.rect(PixelRect(x: 72, y: y, width: 981, height: 132), color: rgb(0xFFFFFF, 0.92), cornerRadius: 24),
                         .icon(centerX: 150, centerY: y + 66, radius: 36, color: rgb(0x007AFF)),
                         .text(PixelRect(x: 220, y: y + 50, width: 600, height: 34), color: rgb(0x1C1C1E), seed: UInt64(i * 10 + k))]
            }
            return rows
        case 2:  // a frosted bottom sheet with text
            return [status,
                    .rect(PixelRect(x: 0, y: 1500 + shift, width: width, height: 936 - shift), color: rgb(0xFFFFFF, 0.55), cornerRadius: 60),
                    .text(PixelRect(x: 96, y: 1620 + shift, width: 900, height: 300), color: rgb(0x1C1C1E), seed: UInt64(i))]
        case 3:  // onboarding: an illustration of discs, a title, a button
            return [.icon(centerX: 562, centerY: 820 + shift, radius: 260, color: rgb(0xFFFFFF, 0.85)),
                    .icon(centerX: 700, centerY: 700 + shift, radius: 90, color: rgb(0xFF2D55)),
                    .icon(centerX: 430, centerY: 930 + shift, radius: 60, color: rgb(0x34C759)),
                    .text(PixelRect(x: 180, y: 1300 + shift, width: 765, height: 120), color: rgb(0xFFFFFF), seed: UInt64(i)),
                    .rect(PixelRect(x: 120, y: 2100, width: 885, height: 150), color: rgb(0x1C1C1E), cornerRadius: 75)]
        default:  // four kinds together: a bar, a card with its shadow and text, list rows, icons
            var all: [GradientRenderer.Overlay] = [status]
            all += card(300 + shift, 420)
            for k in 0..<2 {
                let y = 1000 + shift + k * 168
                all += [.rect(PixelRect(x: 72, y: y, width: 981, height: 132), color: rgb(0xFFFFFF), cornerRadius: 24),
                        .icon(centerX: 150, centerY: y + 66, radius: 36, color: rgb(0xFF9500))]
            }
            return all
        }
    }
}
