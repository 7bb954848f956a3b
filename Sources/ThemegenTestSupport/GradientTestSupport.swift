import Foundation
import ThemegenImage
import ThemegenGradients

/// Helpers shared by the gradient tests: authored gradients and the accuracy measure.
package enum GradientTestSupport {
    package static func hex(_ s: String) -> RGBA { HexColor.parse(s)! }

    package static func gradient(_ angle: Double, _ stops: [(String, Double)]) -> LinearGradient {
        LinearGradient(angle: angle, stops: stops.map { GradientStop(color: hex($0.0), position: $0.1) })
    }

    /// ΔE2000 between two gradients drawn over the whole W×H box (unquantised), sampled at every
    /// `step`-th pixel centre in both directions, always including the last row and column.
    /// Translucent gradients are compared composited over black and over white (the worse).
    package static func accuracy(_ a: LinearGradient, _ b: LinearGradient, width: Int, height: Int,
                         space: RGBSpace = .sRGB, step: Int = 3) -> FitQuality {
        let la = a.line(width: width, height: height), lb = b.line(width: width, height: height)
        var xs = Array(stride(from: 0, to: width, by: step)); if xs.last != width - 1 { xs.append(width - 1) }
        var ys = Array(stride(from: 0, to: height, by: step)); if ys.last != height - 1 { ys.append(height - 1) }
        var sum = 0.0, worst = 0.0, n = 0.0
        for y in ys {
            for x in xs {
                let ca = a.color(x: x, y: y, line: la), cb = b.color(x: x, y: y, line: lb)
                func over(_ c: RGBA, _ bg: Double) -> Lab {
                    Lab(rgb: Vec3(c.red * c.alpha + bg * (1 - c.alpha), c.green * c.alpha + bg * (1 - c.alpha), c.blue * c.alpha + bg * (1 - c.alpha)), in: space)
                }
                var e = DeltaE2000.difference(over(ca, 0), over(cb, 0))
                if ca.alpha < 1 || cb.alpha < 1 { e = max(e, DeltaE2000.difference(over(ca, 1), over(cb, 1))) }
                sum += e; worst = max(worst, e); n += 1
            }
        }
        return FitQuality(meanDeltaE: sum / n, maxDeltaE: worst)
    }

    /// The same for gradients of any shape (translucent ones composited over black and over
    /// white, the worse). For an angular gradient the max leaves out the disc of 10 px around
    /// its centre and the 2 px band along its seam when the first and last colours differ (the
    /// issue's measure), and along each hard stop's ray; for a radial one, the 2 px either side
    /// of each hard stop's ellipse (as the browser check does: renderers differ along a hard
    /// edge); the mean is over every pixel.
    package static func accuracy(_ a: GradientModel, _ b: GradientModel, width: Int, height: Int,
                         space: RGBSpace = .sRGB, step: Int = 3) -> FitQuality {
        let ca = a.coordinates(width: width, height: height), cb = b.coordinates(width: width, height: height)
        var xs = Array(stride(from: 0, to: width, by: step)); if xs.last != width - 1 { xs.append(width - 1) }
        var ys = Array(stride(from: 0, to: height, by: step)); if ys.last != height - 1 { ys.append(height - 1) }
        var excluded: (Double, Double, Double, Bool)? = nil
        var edges: [(ux: Double, uy: Double)] = []
        if case let .angular(c, start) = a.shape {
            excluded = (c.x * Double(width), c.y * Double(height), start, a.stops.first?.color != a.stops.last?.color)
            for (s, t) in zip(a.stops, a.stops.dropFirst()) where s.position == t.position {
                let r = (start + s.position * 360) * Double.pi / 180
                edges.append((sin(r), -cos(r)))
            }
        }
        var rings: [Double] = []
        if case .radial = a.shape { rings = a.hardStops }
        var sum = 0.0, worst = 0.0, n = 0.0
        for y in ys {
            for x in xs {
                let pa = a.color(x: x, y: y, coordinates: ca), pb = b.color(x: x, y: y, coordinates: cb)
                func over(_ c: RGBA, _ bg: Double) -> Lab {
                    Lab(rgb: Vec3(c.red * c.alpha + bg * (1 - c.alpha), c.green * c.alpha + bg * (1 - c.alpha), c.blue * c.alpha + bg * (1 - c.alpha)), in: space)
                }
                var e = DeltaE2000.difference(over(pa, 0), over(pb, 0))
                if pa.alpha < 1 || pb.alpha < 1 { e = max(e, DeltaE2000.difference(over(pa, 1), over(pb, 1))) }
                sum += e; n += 1
                if let (cx, cy, start, seamed) = excluded {
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    if dx * dx + dy * dy < 100 { continue }
                    let r = start * Double.pi / 180, ux = sin(r), uy = -cos(r)
                    if seamed && dx * ux + dy * uy > 0 && abs(dx * uy - dy * ux) < 2 { continue }
                    if edges.contains(where: { dx * $0.ux + dy * $0.uy > 0 && abs(dx * $0.uy - dy * $0.ux) <= 2 }) { continue }
                }
                if !rings.isEmpty {
                    // Within 2 px of a ring, by the parameter's rate of change here.
                    let px = Double(x) + 0.5, py = Double(y) + 0.5, t = ca.position(x: px, y: py)
                    let gx = ca.position(x: px + 0.5, y: py) - ca.position(x: px - 0.5, y: py)
                    let gy = ca.position(x: px, y: py + 0.5) - ca.position(x: px, y: py - 0.5)
                    let perPixel = (gx * gx + gy * gy).squareRoot()
                    if rings.contains(where: { abs(t - $0) <= 2 * perPixel }) { continue }
                }
                worst = max(worst, e)
            }
        }
        return FitQuality(meanDeltaE: sum / n, maxDeltaE: worst)
    }

    /// A radial or angular artboard with the authored stops.
    package static func radial(_ w: Int, _ h: Int, center: (Double, Double), radius: (Double, Double), _ stops: [(String, Double)],
                       dither: Bool = true, grain: Int = 0, overlays: [GradientRenderer.Overlay] = []) -> GradientRenderer {
        GradientRenderer(width: w, height: h, gradient: gradient(180, stops), dither: dither, grain: grain, overlays: overlays,
                         shape: .radial(center: UnitPoint(x: center.0, y: center.1), radius: UnitPoint(x: radius.0, y: radius.1)))
    }

    package static func angular(_ w: Int, _ h: Int, center: (Double, Double), start: Double, _ stops: [(String, Double)],
                        dither: Bool = true, grain: Int = 0, overlays: [GradientRenderer.Overlay] = []) -> GradientRenderer {
        GradientRenderer(width: w, height: h, gradient: gradient(180, stops), dither: dither, grain: grain, overlays: overlays,
                         shape: .angular(center: UnitPoint(x: center.0, y: center.1), startAngle: start))
    }

    package static func fit(_ r: GradientRenderer) -> GradientFit {
        var acc = GradientAccumulator(width: r.width, height: r.height)
        acc.add(r.render())
        return acc.fit(options: .init(space: RGBSpace(r.colorSpace) ?? .sRGB))
    }
}
