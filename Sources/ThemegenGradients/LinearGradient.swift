#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ThemegenImage

/// A CSS `linear-gradient(angle, stops…)` laid over a W×H box.
///
/// Colours are non-premultiplied encoded values (0…1) in whatever space the owner says; they
/// are interpolated linearly in premultiplied encoded values, as browsers do for sRGB gradients.
package struct LinearGradient: Sendable, Hashable {
    /// CSS degrees: 0 points up, 90 right, 180 down.
    package var angle: Double
    /// Sorted by position; positions may lie outside 0…1.
    package var stops: [GradientStop]

    package init(angle: Double, stops: [GradientStop]) {
        self.angle = angle
        self.stops = stops
    }

    /// The CSS gradient line for a box: through its centre, along the angle, long enough that
    /// the corners' perpendiculars meet its ends.
    package struct Line: Sendable, Hashable {
        package var dx: Double, dy: Double
        package var length: Double
        package var centerX: Double, centerY: Double

        package init(angle: Double, width: Double, height: Double) {
            let a = angle * Double.pi / 180
            var s = sin(a), c = cos(a)
            // Exact axes for exact angles: sin(π) is 1.2e-16, not 0.
            if abs(s) < 1e-15 { s = 0 }
            if abs(c) < 1e-15 { c = 0 }
            dx = s; dy = -c
            length = abs(width * s) + abs(height * c)
            centerX = width / 2; centerY = height / 2
        }

        /// Position (0 at the start, 1 at the end) of a point in box coordinates, y down.
        @inline(__always)
        package func t(x: Double, y: Double) -> Double {
            length == 0 ? 0 : ((x - centerX) * dx + (y - centerY) * dy) / length + 0.5
        }

        package func startPoint(width: Double, height: Double) -> UnitPoint {
            UnitPoint(x: (centerX - dx * length / 2) / width, y: (centerY - dy * length / 2) / height)
        }

        package func endPoint(width: Double, height: Double) -> UnitPoint {
            UnitPoint(x: (centerX + dx * length / 2) / width, y: (centerY + dy * length / 2) / height)
        }
    }

    package func line(width: Int, height: Int) -> Line {
        Line(angle: angle, width: Double(width), height: Double(height))
    }

    /// The colour at position `t` on the gradient line: first/last stop colour beyond the ends,
    /// interpolated between neighbouring stops in premultiplied values (as CSS does), so a
    /// stop's colour counts by its alpha; for opaque stops that is plain linear interpolation.
    @inline(__always)
    package func color(at t: Double) -> RGBA {
        let p = premultipliedColor(at: t)
        guard p.alpha > 0 else { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        if p.alpha == 1 { return p }
        return RGBA(red: p.red / p.alpha, green: p.green / p.alpha, blue: p.blue / p.alpha, alpha: p.alpha)
    }

    /// The colour at `t` with red, green and blue multiplied by alpha: what the gradient draws
    /// over black, and linear between stops.
    @inline(__always)
    package func premultipliedColor(at t: Double) -> RGBA {
        @inline(__always) func pre(_ c: RGBA) -> RGBA {
            RGBA(red: c.red * c.alpha, green: c.green * c.alpha, blue: c.blue * c.alpha, alpha: c.alpha)
        }
        guard let first = stops.first else { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        if t <= first.position || stops.count == 1 { return pre(first.color) }
        var i = 1
        while i < stops.count {
            let b = stops[i]
            if t < b.position {
                let a = stops[i - 1]
                let span = b.position - a.position
                let f = span > 0 ? (t - a.position) / span : 1
                let pa = pre(a.color), pb = pre(b.color)
                return RGBA(red: pa.red + (pb.red - pa.red) * f,
                            green: pa.green + (pb.green - pa.green) * f,
                            blue: pa.blue + (pb.blue - pa.blue) * f,
                            alpha: pa.alpha + (pb.alpha - pa.alpha) * f)
            }
            i += 1
        }
        return pre(stops[stops.count - 1].color)
    }

    /// The colour at the centre of pixel (x, y) of a W×H box.
    package func color(x: Int, y: Int, line: Line) -> RGBA {
        color(at: line.t(x: Double(x) + 0.5, y: Double(y) + 0.5))
    }
}

extension LinearGradient {
    /// `premultipliedColor(at:)` on the 8-bit scale the cells hold, as the fits compare it.
    @inline(__always)
    func premultiplied255(at t: Double) -> Color4 {
        let c = premultipliedColor(at: t)
        return Color4(c.red, c.green, c.blue, c.alpha) * 255
    }
}
