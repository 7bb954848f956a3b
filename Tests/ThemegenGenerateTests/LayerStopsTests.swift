import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenGenerate
import ThemegenFixtures

/// Core Animation (and SwiftUI) interpolate unpremultiplied; the model, like CSS, premultiplied.
/// The stops the Swift and Objective-C templates give them must draw the model within ΔE2000
/// mean 0.5 and max 1.5, composited over white and over black.
final class LayerStopsTests: XCTestCase {
    func stop(_ hex: UInt32, _ alpha: Double, _ position: Double) -> GradientStop {
        GradientStop(color: TemplateFixtures.rgb(hex, alpha: alpha), position: position)
    }

    /// Premultiplied interpolation (the model) or straight (Core Animation) at `t`.
    func draw(_ stops: [GradientStop], at t: Double, premultiplied: Bool) -> RGBA {
        if t <= stops[0].position { return stops[0].color }
        for i in 1..<stops.count where t <= stops[i].position {
            let a = stops[i - 1], b = stops[i]
            let span = b.position - a.position
            let u = span > 0 ? (t - a.position) / span : 1
            let alpha = a.color.alpha + (b.color.alpha - a.color.alpha) * u
            func channel(_ x: Double, _ y: Double) -> Double {
                guard premultiplied else { return x + (y - x) * u }
                return alpha > 0 ? (x * a.color.alpha + (y * b.color.alpha - x * a.color.alpha) * u) / alpha : x
            }
            return RGBA(red: channel(a.color.red, b.color.red), green: channel(a.color.green, b.color.green),
                        blue: channel(a.color.blue, b.color.blue), alpha: alpha)
        }
        return stops[stops.count - 1].color
    }

    func lab(_ c: RGBA, over background: Double) -> Lab {
        let v = { (x: Double) in x * c.alpha + background * (1 - c.alpha) }
        return Lab(rgb: Vec3(v(c.red), v(c.green), v(c.blue)), in: .sRGB)
    }

    /// Mean and max ΔE2000 of `drawn` (straight) against the model, over white and black.
    func error(model: [GradientStop], drawn: [GradientStop]) -> (mean: Double, max: Double) {
        var sum = 0.0, worst = 0.0, n = 0.0
        for i in 0...2000 {
            let t = Double(i) / 2000
            let want = draw(model, at: t, premultiplied: true), got = draw(drawn, at: t, premultiplied: false)
            for bg in [0.0, 1.0] {
                let d = DeltaE2000.difference(lab(want, over: bg), lab(got, over: bg))
                sum += d; worst = max(worst, d); n += 1
            }
        }
        return (sum / n, worst)
    }

    /// As the templates print them: 4 decimals.
    func printed(_ stops: [GradientStop]) -> [GradientStop] {
        let r = { (x: Double) in (x * 10000).rounded() / 10000 }
        return stops.map { GradientStop(color: RGBA(red: r($0.color.red), green: r($0.color.green), blue: r($0.color.blue),
                                                    alpha: r($0.color.alpha)), position: r($0.position)) }
    }

    func testTranslucentGradientsDrawTheModel() {
        let cases: [[GradientStop]] = [
            [stop(0xFFFFFF, 1, 0), stop(0x000000, 0, 1)],                          // white to UIColor.clear
            [stop(0xFF0000, 0, 0), stop(0x0000FF, 1, 1)],                          // clear red to blue
            [stop(0x000000, 0.8, 0), stop(0xFFFFFF, 0.05, 1)],                     // scrim
            [stop(0xFF0000, 200.0 / 255, 0), stop(0x0000FF, 200.0 / 255, 1)],      // uniform alpha
            [stop(0xFFFFFF, 0, 0), stop(0xFF0000, 0.8, 0.6), stop(0x0000FF, 0.2, 1)],
            [stop(0xFF0000, 1, 0), stop(0x00FF00, 0, 0.5), stop(0x0000FF, 1, 1)],  // clear stop between colours
            [stop(0xF9D423, 0.9, 0.1), stop(0xFF4E50, 0.3, 0.4), stop(0xFC913A, 1, 0.7), stop(0x2C73D2, 0.5, 0.9)],
        ]
        for (i, model) in cases.enumerated() {
            let compensated = LayerStops.compensated(model)
            let e = error(model: model, drawn: printed(compensated))
            XCTAssertLessThan(e.mean, 0.5, "case \(i): mean ΔE \(e.mean)")
            XCTAssertLessThan(e.max, 1.5, "case \(i): max ΔE \(e.max)")
            XCTAssertLessThan(e.max, 0.5, "case \(i): max ΔE \(e.max) (compensation aims well under the promise)")
        }
        // Without compensation, white to clear goes through grey: the test can fail.
        let plain = error(model: cases[0], drawn: cases[0])
        XCTAssertGreaterThan(plain.max, 5)
        // A clear stop between two colours becomes two stops at one position.
        XCTAssertEqual(LayerStops.compensated(cases[5]).map(\.position), [0, 0.5, 0.5, 1])
    }

    func testOpaqueAndUniformAlphaGradientsAreLeftAlone() {
        let opaque = [stop(0x355C7D, 1, 0), stop(0x6C5B7B, 1, 0.5), stop(0xC06C84, 1, 1)]
        XCTAssertEqual(LayerStops.compensated(opaque), opaque)
        let uniform = [stop(0xFF0000, 0.5, 0), stop(0x0000FF, 0.5, 1)]
        XCTAssertEqual(LayerStops.compensated(uniform), uniform)
    }
}
