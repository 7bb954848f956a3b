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

/// Which of Sketch's three gradient fills a theme is, with the geometry that only radial and
/// angular gradients have (a linear gradient's geometry is its `angle`).
///
/// Coordinates are unit coordinates of the artboard's box, y down, as CSS and SwiftUI use:
/// - radial: `radius` holds the ellipse's semi-axes as fractions of the box's width and height
///   (axis-aligned); stop position 0 is the centre, 1 the ellipse: CSS
///   `radial-gradient(ellipse Rx Ry at Cx Cy, …)` with `Rx = radius.x·W`, `Cx = center.x·W`.
/// - angular: `startAngle` in CSS degrees (0 up, clockwise); positions are fractions of the
///   full turn from it: CSS `conic-gradient(from A at Cx Cy, …)`.
package enum GradientShape: Sendable, Hashable {
    case linear
    case radial(center: UnitPoint, radius: UnitPoint)
    case angular(center: UnitPoint, startAngle: Double)

    /// The model's `type` key: `linear`, `radial` or `angular`.
    package var type: String {
        switch self {
        case .linear: return "linear"
        case .radial: return "radial"
        case .angular: return "angular"
        }
    }
}

/// A gradient of any shape over a W×H box: the stops of a linear one lie along the CSS gradient
/// line of `angle`, those of the others along the radial or angular coordinate of `shape`.
package struct GradientModel: Sendable, Hashable {
    package var shape: GradientShape
    /// CSS degrees; used by linear gradients only.
    package var angle: Double
    package var stops: [GradientStop]

    package init(shape: GradientShape, angle: Double = 180, stops: [GradientStop]) {
        self.shape = shape; self.angle = angle; self.stops = stops
    }

    package init(_ linear: LinearGradient) {
        self.init(shape: .linear, angle: linear.angle, stops: linear.stops)
    }

    /// The positions of the hard stops: two stops at one position, the colour jumping there.
    package var hardStops: [Double] {
        zip(stops, stops.dropFirst()).filter { $0.position == $1.position }.map(\.0.position)
    }

    /// How to find a point's stop position in one W×H box (computed once per box).
    package struct Coordinates: Sendable {
        enum Kind: Sendable { case linear(LinearGradient.Line), radial(cx: Double, cy: Double, irx: Double, iry: Double), angular(cx: Double, cy: Double, start: Double) }
        let kind: Kind

        package init(shape: GradientShape, angle: Double, width: Int, height: Int) {
            let w = Double(width), h = Double(height)
            switch shape {
            case .linear:
                kind = .linear(LinearGradient.Line(angle: angle, width: w, height: h))
            case let .radial(c, r):
                kind = .radial(cx: c.x * w, cy: c.y * h, irx: r.x > 0 ? 1 / (r.x * w) : .infinity, iry: r.y > 0 ? 1 / (r.y * h) : .infinity)
            case let .angular(c, a):
                kind = .angular(cx: c.x * w, cy: c.y * h, start: a)
            }
        }

        /// The stop position of the point (x, y) in box pixels, y down.
        @inline(__always)
        package func position(x: Double, y: Double) -> Double {
            switch kind {
            case .linear(let line):
                return line.t(x: x, y: y)
            case let .radial(cx, cy, irx, iry):
                let u = (x - cx) * irx, v = (y - cy) * iry
                return (u * u + v * v).squareRoot()
            case let .angular(cx, cy, start):
                return Self.turn(dx: x - cx, dy: y - cy, from: start)
            }
        }

        /// The fraction of a full turn, clockwise from `start` (CSS degrees, 0 up), of the
        /// direction (dx, dy) in y-down pixels: 0 ≤ result < 1.
        @inline(__always)
        static func turn(dx: Double, dy: Double, from start: Double) -> Double {
            // x − ⌊x⌋ is exactly what fmod(x, 1), plus 1 when negative, gives for the |x| < 2
            // an angle less a start can reach (but 0 where fmod gave −0), at a fraction of
            // fmod's cost.
            let x = (atan2(dx, -dy) * 180 / Double.pi - start) / 360
            let f = x - x.rounded(.down)
            return f >= 1 ? 0 : f
        }
    }

    package func coordinates(width: Int, height: Int) -> Coordinates {
        Coordinates(shape: shape, angle: angle, width: width, height: height)
    }

    /// The colour at the centre of pixel (x, y).
    package func color(x: Int, y: Int, coordinates: Coordinates) -> RGBA {
        LinearGradient(angle: angle, stops: stops).color(at: coordinates.position(x: Double(x) + 0.5, y: Double(y) + 0.5))
    }
}
