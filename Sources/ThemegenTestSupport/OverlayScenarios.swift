import Foundation
import ThemegenImage
import ThemegenGradients

/// Artboards with the overlays real exports carry: white cards with soft shadows on pastel
/// gradients, list rows, frosted panels, text, icons; and gradients with many, hard or
/// translucent stops. Shared by the fitter tests and the theme tests.
package enum OverlayScenarios {
    package typealias S = GradientTestSupport

    /// A card with its soft drop shadow (the shadow first, so the card covers it).
    package static func card(_ r: PixelRect, color: String = "#FFFFFF", radius: Int = 24, blur: Double = 16, opacity: Double = 0.18, offsetY: Int = 8) -> [GradientRenderer.Overlay] {
        [.shadow(r, cornerRadius: radius, blur: blur, opacity: opacity, offsetY: offsetY),
         .rect(r, color: S.hex(color), cornerRadius: radius)]
    }

    /// A grouped list: rows of `color` with a line of dark text and a round icon each.
    package static func listRows(x: Int, y: Int, width: Int, rows: Int, rowHeight: Int = 56, gap: Int = 1,
                         color: RGBA = RGBA(red: 1, green: 1, blue: 1), seed: UInt64 = 11) -> [GradientRenderer.Overlay] {
        var out: [GradientRenderer.Overlay] = []
        for i in 0..<rows {
            let top = y + i * (rowHeight + gap)
            out.append(.rect(PixelRect(x: x, y: top, width: width, height: rowHeight), color: color, cornerRadius: 0))
            out.append(.icon(centerX: x + 28, centerY: top + rowHeight / 2, radius: 14, color: S.hex("#FF9500")))
            out.append(.text(PixelRect(x: x + 56, y: top + (rowHeight - 14) / 2, width: width / 2, height: 14), color: S.hex("#1C1C1E"), seed: seed + UInt64(i)))
        }
        return out
    }

    /// A frosted translucent panel: white at 35 % over the (already smooth) gradient, with a
    /// line of text on it.
    package static func frosted(_ r: PixelRect) -> [GradientRenderer.Overlay] {
        [.rect(r, color: RGBA(red: 1, green: 1, blue: 1, alpha: 0.35), cornerRadius: 20),
         .text(PixelRect(x: r.x + 20, y: r.y + 20, width: r.width - 40, height: 34), color: S.hex("#FFFFFF"), seed: 21)]
    }

    /// An onboarding screen: an illustration of discs (a large translucent white one, two small
    /// coloured ones), a title in white and a dark button near the bottom, laid out on a
    /// 1125-wide artboard and scaled to `w`; `shift` moves the illustration and title down.
    package static func onboarding(w: Int, h: Int, shift: Int = 0, seed: UInt64 = 8) -> [GradientRenderer.Overlay] {
        let scale = Double(w) / 1125
        func s(_ v: Int) -> Int { Int((Double(v) * scale).rounded()) }
        var white = S.hex("#FFFFFF")
        white.alpha = 0.85
        return [.icon(centerX: s(562), centerY: s(820 + shift), radius: s(260), color: white),
                .icon(centerX: s(700), centerY: s(700 + shift), radius: s(90), color: S.hex("#FF2D55")),
                .icon(centerX: s(430), centerY: s(930 + shift), radius: s(60), color: S.hex("#34C759")),
                .text(PixelRect(x: s(180), y: s(1300 + shift), width: s(765), height: s(120)), color: S.hex("#FFFFFF"), seed: seed),
                .rect(PixelRect(x: s(120), y: h - s(336), width: s(885), height: s(150)), color: S.hex("#1C1C1E"), cornerRadius: s(75))]
    }

    package static func statusBar(_ w: Int, _ h: Int = 44) -> GradientRenderer.Overlay { .bar(.top, thickness: h, color: S.hex("#F2F2F7")) }
    package static func tabBar(_ w: Int, _ h: Int = 83) -> GradientRenderer.Overlay { .bar(.bottom, thickness: h, color: RGBA(red: 0.98, green: 0.98, blue: 0.98, alpha: 0.94)) }

    package static func scenarios(w: Int = 375, h: Int = 812) -> [(String, GradientRenderer)] {
        [
            ("white card soft shadow pastel", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#FBC2EB", 0), ("#A6C1EE", 1)]), dither: true,
                                                              overlays: card(PixelRect(x: 24, y: 260, width: w - 48, height: 260)))),
            ("near-white cards pastel 150", GradientRenderer(width: w, height: h, gradient: S.gradient(150, [("#FDFCFB", 0), ("#E2D1C3", 1)]), dither: true,
                                                             overlays: [statusBar(w)] + card(PixelRect(x: 24, y: 120, width: w - 48, height: 100), color: "#FFFFFF")
                                                                 + card(PixelRect(x: 24, y: 420, width: w - 48, height: 80), color: "#FAFAFA"))),
            ("list rows", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#E0C3FC", 0), ("#8EC5FC", 1)]), dither: true,
                                           overlays: [statusBar(w)] + listRows(x: 16, y: 140, width: w - 32, rows: 6))),
            ("frosted panel", GradientRenderer(width: w, height: h, gradient: S.gradient(135, [("#667EEA", 0), ("#764BA2", 1)]), dither: true,
                                               overlays: frosted(PixelRect(x: 24, y: 300, width: w - 48, height: 220)))),
            // Status bar, a white card with its shadow, two list rows, a frosted panel and text:
            // about 30 % of the box, 45 % with the card's shadow and the rows' full width.
            ("four kinds 160", GradientRenderer(width: w, height: h, gradient: S.gradient(160, [("#FFDEE9", 0), ("#B5FFFC", 1)]), dither: true, grain: 2,
                                                overlays: [statusBar(w)] + card(PixelRect(x: 24, y: 100, width: w - 48, height: 90))
                                                    + listRows(x: 16, y: 300, width: w - 32, rows: 2) + frosted(PixelRect(x: 80, y: 480, width: 200, height: 80))
                                                    + [.text(PixelRect(x: 30, y: 680, width: 250, height: 30), color: S.hex("#333333"), seed: 4)])),
            ("7 stops 120", GradientRenderer(width: w, height: h, gradient: S.gradient(120, [("#FF0000", 0), ("#FF8000", 0.17), ("#FFFF00", 0.33), ("#00C000", 0.5), ("#0080FF", 0.67), ("#4000FF", 0.83), ("#8000FF", 1)]))),
            ("9 stops 180", GradientRenderer(width: w, height: h, gradient: S.gradient(180, [("#0D0D2B", 0), ("#2B1055", 0.1), ("#7597DE", 0.22), ("#F0C27B", 0.35), ("#FF9A8B", 0.48),
                                                                                          ("#FF6A88", 0.6), ("#C850C0", 0.72), ("#4158D0", 0.86), ("#0B0B45", 1)]), dither: true)),
            ("6 stops inset 200", GradientRenderer(width: w, height: h, gradient: S.gradient(200, [("#F9D423", 0.1), ("#FF4E50", 0.3), ("#FC913A", 0.45), ("#A8E063", 0.6), ("#56AB2F", 0.75), ("#134E5E", 0.9)]),
                                                   overlays: [statusBar(w)])),
            ("translucent 200 alpha", GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 180, stops: [
                GradientStop(color: RGBA(red: 1, green: 0, blue: 0, alpha: 200.0 / 255), position: 0),
                GradientStop(color: RGBA(red: 0, green: 0, blue: 1, alpha: 200.0 / 255), position: 1)]))),
            ("scrim fade 160", GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 160, stops: [
                GradientStop(color: RGBA(red: 0, green: 0, blue: 0, alpha: 0), position: 0.2),
                GradientStop(color: RGBA(red: 0.05, green: 0.05, blue: 0.2, alpha: 0.8), position: 1)]))),
            ("white to clear 180", GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 180, stops: [
                GradientStop(color: RGBA(red: 1, green: 1, blue: 1, alpha: 1), position: 0),
                GradientStop(color: RGBA(red: 1, green: 1, blue: 1, alpha: 0), position: 1)]))),
        ]
    }

    /// Radial and angular gradients under the same overlays, with the rectangles each authored
    /// overlay covers (what the fit must list among its overlays).
    package static func shapeScenarios(w: Int = 375, h: Int = 812) -> [(name: String, renderer: GradientRenderer, covered: [PixelRect])] {
        let cardRect = PixelRect(x: 24, y: 470, width: w - 48, height: 150)
        let panel = PixelRect(x: 40, y: 560, width: w - 80, height: 160)
        return [
            ("radial card soft shadow", S.radial(w, h, center: (0.45, 0.3), radius: (0.95, 0.5), [("#FBC2EB", 0), ("#A6C1EE", 1)],
                                                 overlays: [statusBar(w)] + card(cardRect)),
             [PixelRect(x: 0, y: 0, width: w, height: 44), cardRect]),
            ("radial list rows", S.radial(w, h, center: (0.6, 0.25), radius: (1.1, 0.6), [("#E0C3FC", 0), ("#8EC5FC", 0.6), ("#4FACFE", 1)],
                                          overlays: [statusBar(w)] + listRows(x: 16, y: 420, width: w - 32, rows: 4)),
             [PixelRect(x: 16, y: 420, width: w - 32, height: 4 * 57 - 1)]),
            ("radial frosted panel grain", S.radial(w, h, center: (0.3, 0.35), radius: (1.0, 0.55), [("#667EEA", 0), ("#764BA2", 1)], grain: 2,
                                                    overlays: frosted(panel)),
             [panel]),
            ("conic seamless frosted panel grain", S.angular(w, h, center: (0.45, 0.35), start: 0, [("#12C2E9", 0), ("#C471ED", 0.5), ("#12C2E9", 1)], grain: 2,
                                                             overlays: frosted(panel)),
             [panel]),
            // A seam (first colour ≠ last) with a card and its shadow below the centre: the
            // shadow's edges pull the first estimate of the centre, and the seam must be found
            // again once the centre has settled (issue 17).
            ("conic seam 60 card soft shadow", S.angular(w, h, center: (0.5, 0.45), start: 60, [("#FF512F", 0), ("#F09819", 0.5), ("#6A3093", 1)],
                                                         overlays: card(cardRect)),
             [cardRect]),
            // A card above the centre, across the seam: its soft shadow lies between the centre
            // and the card on the rays either side of the seam, and must not bend the stops
            // there into extra ones (issue 17).
            // (Before, 18 stops and max ΔE 4; the centre lies within the shadow's reach.)
            ("conic seam 0 card above the centre", S.angular(w, h, center: (0.5, 0.55), start: 0, [("#FF512F", 0), ("#F09819", 0.5), ("#6A3093", 1)],
                                                             overlays: card(PixelRect(x: 24, y: 250, width: w - 48, height: 160))),
             [PixelRect(x: 24, y: 250, width: w - 48, height: 160)]),
            // The same at a 20° seam (before: 16 stops and max ΔE 50).
            ("conic seam 20 card above the centre", S.angular(w, h, center: (0.5, 0.6), start: 20, [("#FF512F", 0), ("#F09819", 0.5), ("#6A3093", 1)],
                                                              overlays: card(PixelRect(x: 24, y: 300, width: w - 48, height: 150))),
             [PixelRect(x: 24, y: 300, width: w - 48, height: 150)]),
            // A seam running under a translucent tab bar.
            ("conic seam 160 tab bar", S.angular(w, h, center: (0.5, 0.6), start: 160, [("#FF512F", 0), ("#F09819", 0.5), ("#6A3093", 1)],
                                                 overlays: [tabBar(w)]),
             [PixelRect(x: 0, y: h - 83, width: w, height: 83)]),
        ]
    }
}
