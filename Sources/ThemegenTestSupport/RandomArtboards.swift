import Foundation
import ThemegenImage
import ThemegenGradients

/// Seeded random linear artboards drawn the way issue 15's acceptance set is described:
/// published-looking gradients of 2 to 9 stops (some inset, some held, some near-duplicate), at
/// any angle, at iPhone and iPad sizes from 375×812 to 1170×2532, half of them under the screen
/// furniture of `OverlayScenarios` (bars, cards with soft shadows, white cards on pastels, list
/// rows, frosted panels, onboarding art, text, icons) and some with grain. The same seed draws
/// the same artboards everywhere.
package enum RandomArtboards {
    package struct Artboard: Sendable {
        package var index: Int
        package var renderer: GradientRenderer
        /// The kinds of overlay drawn, for the report ("card", "rows", ...).
        package var kinds: [String]
        /// What each overlay covers, a card's box grown by its shadow (2σ around, its offset down).
        package var drawn: [PixelRect]
        /// The fewest stops the authored gradient can come back with: near-duplicate stops
        /// (the same colour within 3 levels, at most 0.02 apart, or a held pair at an end) may
        /// merge, and stops on the line between their neighbours may go.
        package var fewestStops: Int
    }

    /// iPhone and iPad artboard sizes, @1x to @3x, within 375×812…1170×2532.
    static let sizes: [(Int, Int)] = [(375, 812), (390, 844), (414, 896), (428, 926), (768, 1024), (820, 1180), (750, 1334),
                                      (828, 1792), (1024, 1366), (1080, 1920), (1125, 2436), (1170, 2532)]
    static let commonAngles: [Double] = [0, 45, 90, 120, 135, 150, 160, 180, 200, 210, 225, 270, 315]

    package static func artboard(_ index: Int, seed: UInt64 = 1) -> Artboard {
        var rng = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
        func chance(_ p: Double) -> Bool { unit() < p }
        let (w, h) = sizes[rng.int(0, sizes.count - 1)]
        let angle = chance(0.5) ? commonAngles[rng.int(0, commonAngles.count - 1)] : Double(rng.int(0, 359))

        // Colours from one palette per artboard, as collections tend to have.
        let palette = rng.int(0, 3)
        func color() -> RGBA {
            switch palette {
            case 0: return RGBA(red: uniform(0.63, 1), green: uniform(0.63, 1), blue: uniform(0.63, 1))        // pastel
            case 1: return hsv(uniform(0, 1), uniform(0.5, 1), uniform(0.6, 1))                                 // vivid
            case 2: return hsv(uniform(0, 1), uniform(0.3, 1), uniform(0.05, 0.45))                            // dark
            default: return RGBA(red: unit(), green: unit(), blue: unit())
            }
        }
        // Positions at least 0.06 apart, ends at 0 and 1 or inset.
        let count = rng.int(2, 9)
        let first = chance(0.25) ? uniform(0.05, 0.25) : 0, last = chance(0.25) ? uniform(0.75, 0.95) : 1
        var positions: [Double] = []
        let minGap = 0.06
        if count == 2 { positions = [first, last] } else {
            var attempt = 0
            repeat {
                positions = [first] + (0..<(count - 2)).map { _ in uniform(first, last) }.sorted() + [last]
                attempt += 1
            } while attempt < 100 && zip(positions, positions.dropFirst()).contains { $1 - $0 < minGap }
            if attempt >= 100 { positions = (0..<count).map { first + (last - first) * Double($0) / Double(count - 1) } }
        }
        var stops = positions.map { GradientStop(color: color(), position: ($0 * 1000).rounded() / 1000) }
        // A held colour: two neighbours almost alike (a flat stretch).
        var heldEnd = false
        if count >= 3 && chance(0.15) {
            let i = rng.int(1, count - 1)
            var c = stops[i - 1].color
            c.red = min(1, max(0, c.red + uniform(-0.01, 0.01))); c.green = min(1, max(0, c.green + uniform(-0.01, 0.01)))
            stops[i].color = c
            // At an end, the pair (the same colour within 3 levels, as a near-duplicate) is one
            // flat stretch from the box's end, wherever the end stop sits: it may merge into its
            // neighbour. Accuracy is still scored against both.
            heldEnd = i == 1 || i == count - 1
        }
        // A near-duplicate stop (may merge).
        var fewest = stops.count - (heldEnd ? 1 : 0)
        if count <= 8 && chance(0.12) {
            let i = rng.int(0, count - 1)
            var c = stops[i].color
            c.blue = min(1, max(0, c.blue + Double(rng.int(-3, 3)) / 255))
            let p = min(1, stops[i].position + uniform(0.004, 0.02))
            if i + 1 >= stops.count || stops[i + 1].position > p + 0.01 {
                stops.insert(GradientStop(color: c, position: (p * 1000).rounded() / 1000), at: i + 1)
                fewest -= 1
            }
        }
        // Stops on the line between their neighbours (within ΔE 0.1) may go too.
        for i in 1..<max(1, stops.count - 1) {
            let a = stops[i - 1], b = stops[i + 1], s = stops[i]
            let f = b.position > a.position ? (s.position - a.position) / (b.position - a.position) : 0.5
            let m = RGBA(red: a.color.red + (b.color.red - a.color.red) * f, green: a.color.green + (b.color.green - a.color.green) * f,
                         blue: a.color.blue + (b.color.blue - a.color.blue) * f)
            if DeltaE2000.difference(Lab(rgb: Vec3(m.red, m.green, m.blue), in: .sRGB),
                                     Lab(rgb: Vec3(s.color.red, s.color.green, s.color.blue), in: .sRGB)) < 0.1 { fewest -= 1 }
        }
        let gradient = LinearGradient(angle: angle, stops: stops)

        var overlays: [GradientRenderer.Overlay] = [], kinds: [String] = [], drawn: [PixelRect] = []
        let grain = chance(0.2) ? rng.int(1, 3) : 0
        if grain > 0 { kinds.append("grain\(grain)") }
        if chance(0.5) {
            let scale = Double(w) / 375
            func s(_ v: Double) -> Int { Int((v * scale).rounded()) }
            var used = 0.0
            func fits(_ r: PixelRect) -> Bool { used + Double(r.width * r.height) <= 0.38 * Double(w * h) }
            func add(_ kind: String, _ o: [GradientRenderer.Overlay], _ boxes: [PixelRect]) {
                overlays += o; kinds.append(kind); drawn += boxes
                used += boxes.reduce(0.0) { $0 + Double($1.width * $1.height) }
            }
            var top = 0, bottom = h
            if chance(0.5) {
                let t = s(chance(0.5) ? 44 : 47)
                let dark = chance(0.3)
                add("status", [.bar(.top, thickness: t, color: dark ? GradientTestSupport.hex("#0E0E12") : GradientTestSupport.hex("#F2F2F7"))],
                    [PixelRect(x: 0, y: 0, width: w, height: t)])
                top = t
            }
            if chance(0.4) {
                let t = s(chance(0.5) ? 83 : 49)
                add("tab", [.bar(.bottom, thickness: t, color: RGBA(red: 0.98, green: 0.98, blue: 0.98, alpha: chance(0.5) ? 0.94 : 1))],
                    [PixelRect(x: 0, y: h - t, width: w, height: t)])
                bottom = h - t
            }
            // One to three of the larger things, stacked down the screen.
            var y = top + s(uniform(16, 80))
            for _ in 0..<rng.int(1, 3) {
                guard y < bottom - s(60) else { break }
                switch rng.int(0, 4) {
                case 0, 1:
                    let ch = s(uniform(70, 260)), margin = s(uniform(16, 32))
                    let r = PixelRect(x: margin, y: y, width: w - 2 * margin, height: min(ch, bottom - y - s(20)))
                    let blur = uniform(4, 16) * scale, offset = s(uniform(2, 8))
                    let g = Int((2 * blur).rounded(.up))
                    let grown = PixelRect(x: r.x - g, y: r.y - g, width: r.width + 2 * g, height: r.height + 2 * g + offset)
                    guard r.height > s(40) && fits(grown) else { break }
                    let white = chance(0.6)
                    var o = OverlayScenarios.card(r, color: white ? (chance(0.5) ? "#FFFFFF" : "#FAFAFA") : "#1C1C1E", radius: s(uniform(8, 24)),
                                                  blur: blur, opacity: uniform(0.1, 0.3), offsetY: offset)
                    if chance(0.7) {
                        o.append(.text(PixelRect(x: r.x + s(20), y: r.y + s(20), width: r.width - s(40), height: min(r.height - s(40), s(60))),
                                       color: GradientTestSupport.hex(white ? "#3A3A3C" : "#FFFFFF"), seed: rng.next()))
                    }
                    add(white ? "white card" : "dark card", o, [grown])
                    y = grown.y + grown.height + s(uniform(8, 40))
                case 2:
                    let rows = rng.int(2, 6), rowHeight = s(uniform(44, 60))
                    let r = PixelRect(x: s(16), y: y, width: w - s(32), height: rows * (rowHeight + 1))
                    guard r.y + r.height < bottom && fits(r) else { break }
                    add("rows", OverlayScenarios.listRows(x: r.x, y: y, width: r.width, rows: rows, rowHeight: rowHeight, seed: rng.next()), [r])
                    y = r.y + r.height + s(uniform(8, 40))
                case 3:
                    let r = PixelRect(x: s(uniform(16, 80)), y: y, width: w - 2 * s(uniform(16, 80)), height: s(uniform(80, 220)))
                    guard r.y + r.height < bottom && fits(r) else { break }
                    add("frosted", OverlayScenarios.frosted(r), [r])
                    y = r.y + r.height + s(uniform(8, 40))
                default:
                    // Onboarding art: discs, a title and a button, anywhere on a 375-wide layout.
                    let shift = rng.int(-60, 80)
                    let o = OverlayScenarios.onboarding(w: w, h: h, shift: shift * 3, seed: rng.next())
                    let k = Double(w) / 1125
                    func z(_ v: Int) -> Int { Int((Double(v) * k).rounded()) }
                    let art = PixelRect(x: z(180), y: z(820 + 3 * shift - 261), width: z(765), height: z(1420 - 559))
                    let button = PixelRect(x: z(120), y: h - z(336), width: z(885), height: z(150))
                    guard fits(art) && fits(button) else { break }
                    add("onboarding", o, [art, button])
                    y = bottom
                }
            }
            if chance(0.4) {
                let r = PixelRect(x: s(24), y: min(bottom - s(60), y), width: w - s(48), height: s(40))
                if r.y > top && fits(r) {
                    add("text", [.text(r, color: GradientTestSupport.hex(chance(0.5) ? "#FFFFFF" : "#1C1C1E"), seed: rng.next())], [r])
                }
            }
            if chance(0.3) {
                let cy = bottom - s(40), radius = s(14)
                let icons = (0..<4).map { GradientRenderer.Overlay.icon(centerX: s(Double(60 + 85 * $0)), centerY: cy, radius: radius, color: GradientTestSupport.hex("#FF9500")) }
                add("icons", icons, [PixelRect(x: s(60) - radius - 1, y: cy - radius - 1, width: s(255) + 2 * radius + 2, height: 2 * radius + 2)])
            }
        }
        let renderer = GradientRenderer(width: w, height: h, gradient: gradient, dither: chance(0.8), grain: grain, overlays: overlays,
                                        seed: UInt64(index) &+ 1)
        return Artboard(index: index, renderer: renderer, kinds: kinds, drawn: drawn, fewestStops: fewest)
    }

    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> RGBA {
        let i = Int(h * 6) % 6, f = h * 6 - Double(Int(h * 6))
        let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
        let (r, g, b) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        return RGBA(red: r, green: g, blue: b)
    }

    /// ΔE2000 between two gradients over the pixels of the box outside `excluded`, sampled every
    /// `step` pixels each way (the last row and column included).
    package static func accuracy(_ a: LinearGradient, _ b: LinearGradient, width: Int, height: Int, excluding excluded: [PixelRect], step: Int) -> FitQuality {
        let la = a.line(width: width, height: height), lb = b.line(width: width, height: height)
        var xs = Array(stride(from: 0, to: width, by: step)); if xs.last != width - 1 { xs.append(width - 1) }
        var ys = Array(stride(from: 0, to: height, by: step)); if ys.last != height - 1 { ys.append(height - 1) }
        var sum = 0.0, worst = 0.0, n = 0.0
        for y in ys {
            let rowRects = excluded.filter { y >= $0.y && y < $0.y + $0.height }
            for x in xs {
                if rowRects.contains(where: { x >= $0.x && x < $0.x + $0.width }) { continue }
                let ca = a.color(x: x, y: y, line: la), cb = b.color(x: x, y: y, line: lb)
                let e = DeltaE2000.difference(Lab(rgb: Vec3(ca.red, ca.green, ca.blue), in: .sRGB), Lab(rgb: Vec3(cb.red, cb.green, cb.blue), in: .sRGB))
                sum += e; worst = max(worst, e); n += 1
            }
        }
        return FitQuality(meanDeltaE: n > 0 ? sum / n : 0, maxDeltaE: worst)
    }
}
