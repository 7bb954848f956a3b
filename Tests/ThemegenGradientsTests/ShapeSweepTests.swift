import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport

/// The randomised acceptance sweep of issue 17 (opt-in: it draws artboards up to iPad size and
/// takes minutes, so the default `swift test` skips it):
///
///     THEMEGEN_SWEEP=60 swift test --filter ShapeSweepTests        # 60 artboards, seed 1
///     THEMEGEN_SWEEP=60 THEMEGEN_SWEEP_SEED=7 swift test --filter ShapeSweepTests
///
/// Seeded random radial (circles, ellipses, off-centre and off-box centres) and conic (with and
/// without a seam, off-centre) artboards with 2–8 stops, some inset, some translucent, at
/// iPhone and iPad sizes, half under the overlays of `OverlayScenarios`, plus linear controls.
/// Each is scored as the issue checks it: the type, the geometry in canonical form (centre
/// within 0.5 % of the box, radii within 1 %, start angle within 0.5°), the stop count as
/// authored (where every stop is in view), and the recovered model drawn over the whole box
/// within mean ΔE2000 0.5 and max 1.5 of the authored one (an angular max outside the 10-px
/// disc and the 2-px seam band). It prints one line per failure and the pass rate per kind,
/// and fails when any case fails.
final class ShapeSweepTests: XCTestCase {
    typealias S = GradientTestSupport

    struct Case {
        var name: String
        var renderer: GradientRenderer
        /// The authored model in canonical form.
        var expected: GradientModel
        /// Every stop lies in view (else the stop count and the radii are not scored).
        var stopsVisible: Bool
    }

    static let sizes = [(375, 812), (390, 844), (414, 896), (828, 1792), (1125, 2436), (1170, 2532), (1668, 2388), (2048, 2732)]

    struct Random {
        var g: SeededRandom
        mutating func unit() -> Double { Double(g.next() >> 11) / Double(1 << 53) }
        mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
        mutating func int(_ lo: Int, _ hi: Int) -> Int { g.int(lo, hi) }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
        mutating func color() -> RGBA { RGBA(red: unit(), green: unit(), blue: unit()) }
    }

    /// 2–8 stops, colours that differ clearly from their neighbours and from the straight line
    /// between them (so that each stop is there to be found), positions at least 0.07 apart.
    static func stops(_ n: Int, first: Double, last: Double, seamless: Bool, alpha: Bool, _ r: inout Random) -> [GradientStop] {
        var positions = [first]
        for i in 1..<(n - 1) {
            let even = first + (last - first) * Double(i) / Double(n - 1)
            positions.append(even + r.uniform(-0.25, 0.25) * (last - first) / Double(n - 1))
        }
        positions.append(last)
        var colors: [RGBA] = []
        func rgb(_ c: RGBA) -> SIMD3<Double> { SIMD3(c.red, c.green, c.blue) * 255 }
        for i in 0..<n {
            if seamless && i == n - 1 { colors.append(colors[0]); break }
            var c = r.color()
            for _ in 0..<200 {
                c = r.color()
                guard let p = colors.last else { break }
                let d = rgb(c) - rgb(p)
                guard (d * d).sum().squareRoot() > 90 else { continue }
                if colors.count >= 2 {
                    // The previous stop stands out from the line between its neighbours.
                    let a = rgb(colors[colors.count - 2]), f = (positions[i - 1] - positions[i - 2]) / (positions[i] - positions[i - 2])
                    let m = a + (rgb(c) - a) * f, e = rgb(p) - m
                    guard (e * e).sum().squareRoot() > 45 else { continue }
                }
                break
            }
            // Fully transparent only at an end: between two such stops nothing is drawn to
            // find (the same pixels with or without them).
            if alpha { c.alpha = (i == 0 || i == n - 1) && r.chance(0.3) ? 0 : r.uniform(0.45, 1) }
            colors.append(c)
        }
        if seamless { colors[n - 1] = colors[0] }
        return zip(colors, positions).map { GradientStop(color: $0, position: $1) }
    }

    /// Overlays from `OverlayScenarios`, laid out in points and scaled to the artboard.
    static func overlays(w: Int, h: Int, centre: (Double, Double)?, _ r: inout Random) -> ([GradientRenderer.Overlay], Int) {
        let u = w >= 1500 ? 2 : w >= 1000 ? 3 : w >= 700 ? 2 : 1
        func p(_ v: Int) -> Int { v * u }
        let pw = w / u, ph = h / u
        var out: [GradientRenderer.Overlay] = []
        var grain = 0
        func card(_ y: Int, _ height: Int) -> [GradientRenderer.Overlay] {
            OverlayScenarios.card(PixelRect(x: p(24), y: p(y), width: w - p(48), height: p(height)), radius: p(16), blur: Double(p(12)), opacity: 0.18, offsetY: p(6))
        }
        switch r.int(0, 4) {
        case 0:
            // A card with its soft shadow, often just above an angular or radial centre.
            var y = r.int(100, ph - 300)
            if let c = centre, r.chance(0.6) { y = max(60, min(ph - 250, Int(c.1 * Double(ph)) - r.int(40, 200))) }
            out = [OverlayScenarios.statusBar(w, p(44))] + card(y, r.int(80, 180))
        case 1:
            out = [OverlayScenarios.statusBar(w, p(44))] + OverlayScenarios.listRows(x: p(16), y: p(r.int(120, ph - 400)), width: w - p(32), rows: r.int(2, 5),
                                                                                   rowHeight: p(56), gap: u, seed: r.g.next())
        case 2:
            let y = p(r.int(120, ph - 300))
            out = OverlayScenarios.frosted(PixelRect(x: p(40), y: y, width: w - p(80), height: p(160)))
            grain = 2
        case 3:
            out = [OverlayScenarios.statusBar(w, p(44))] + card(r.int(100, ph - 400), 100)
                + [.text(PixelRect(x: p(30), y: p(ph - 220), width: p(pw - 60), height: p(40)), color: S.hex("#333333"), seed: r.g.next()),
                   OverlayScenarios.tabBar(w, p(83))]
        default:
            out = [OverlayScenarios.statusBar(w, p(44))] + card(r.int(80, 200), 90)
                + OverlayScenarios.listRows(x: p(16), y: p(r.int(320, ph - 380)), width: w - p(32), rows: 2, rowHeight: p(56), gap: u, seed: r.g.next())
            grain = 2
        }
        return (out, grain)
    }

    static func makeCase(_ index: Int, seed: UInt64) -> Case {
        var r = Random(g: SeededRandom(seed: seed &* 1_000_003 &+ UInt64(index)))
        let (w, h) = sizes[r.int(0, sizes.count - 1)]
        let kind = index % 5 == 4 ? 2 : index % 2    // 0 radial, 1 angular, 2 linear
        let n = r.int(2, 8)
        let alpha = r.chance(0.2)
        let withOverlays = r.chance(0.5) && !alpha
        let aspect = Double(h) / Double(w)
        switch kind {
        case 0:
            let offBox = r.chance(0.25)
            var cx = r.uniform(0.2, 0.8), cy = r.uniform(0.15, 0.85)
            if offBox {
                if r.chance(0.5) { cx = r.chance(0.5) ? r.uniform(-0.3, -0.02) : r.uniform(1.02, 1.3) }
                else { cy = r.chance(0.5) ? r.uniform(-0.25, -0.02) : r.uniform(1.02, 1.25) }
            }
            let circle = r.chance(0.3)
            let rx = r.uniform(0.5, offBox ? 1.8 : 1.2)
            let ry = circle ? rx / aspect : rx / aspect * r.uniform(0.6, 2.2)
            let first = r.chance(0.3) ? r.uniform(0.05, 0.25) : 0
            let last = r.chance(0.3) ? r.uniform(0.7, 0.95) : 1
            let s = stops(n, first: first, last: last, seamless: false, alpha: alpha, &r)
            let (ov, grain) = withOverlays ? overlays(w: w, h: h, centre: (cx, cy), &r) : ([], 0)
            let renderer = GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 180, stops: s), dither: true, grain: grain, overlays: ov,
                                             seed: UInt64(index + 1), shape: .radial(center: UnitPoint(x: cx, y: cy), radius: UnitPoint(x: rx, y: ry)))
            // Canonical: the last stop on the ellipse.
            let expected = GradientModel(shape: .radial(center: UnitPoint(x: cx, y: cy), radius: UnitPoint(x: rx * last, y: ry * last)),
                                         stops: s.map { GradientStop(color: $0.color, position: $0.position / last) })
            // The box's range of t (0 at the centre, 1 on the authored ellipse).
            func t(_ x: Double, _ y: Double) -> Double { (pow((x - cx) / rx, 2) + pow((y - cy) / ry * 1, 2)).squareRoot() }
            let tmax = [t(0, 0), t(1, 0), t(0, 1), t(1, 1)].max()!
            let tmin = t(max(0, min(1, cx)), max(0, min(1, cy)))
            let visible = tmin < max(0.001, first - 0.03) && tmax > last + 0.05
            return Case(name: "#\(index) radial \(w)x\(h) c(\(f2(cx)),\(f2(cy))) r(\(f2(rx)),\(f2(ry))) \(n) stops\(first > 0 ? " inset" : "")\(last < 1 ? " inset-end" : "")\(alpha ? " translucent" : "")\(withOverlays ? " overlays" : "")",
                        renderer: renderer, expected: expected, stopsVisible: visible)
        case 1:
            let cx = r.uniform(0.2, 0.8), cy = r.uniform(0.2, 0.8)
            let seamless = r.chance(0.4) && n >= 3
            let start = (r.uniform(0, 360) * 10).rounded() / 10
            let last = !seamless && r.chance(0.3) ? r.uniform(0.75, 0.95) : 1
            let first = !seamless && r.chance(0.3) ? r.uniform(0.04, 0.2) : 0
            let s = stops(n, first: first, last: last, seamless: seamless, alpha: alpha, &r)
            let (ov, grain) = withOverlays ? overlays(w: w, h: h, centre: (cx, cy), &r) : ([], 0)
            let renderer = GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: 180, stops: s), dither: true, grain: grain, overlays: ov,
                                             seed: UInt64(index + 1), shape: .angular(center: UnitPoint(x: cx, y: cy), startAngle: start))
            var expected = renderer.model
            if seamless {
                // Canonical: the turn starts at the stop with the smallest CSS angle.
                let angles = s.dropLast().map { ($0.position * 360 + start).truncatingRemainder(dividingBy: 360) }
                let a = angles.map { $0 > 359.5 ? $0 - 360 : $0 }.min()!
                let i = angles.firstIndex { abs(($0 > 359.5 ? $0 - 360 : $0) - a) < 1e-9 }!
                var rotated: [GradientStop] = []
                for j in 0..<(s.count - 1) {
                    let st = s[(i + j) % (s.count - 1)]
                    var pos = st.position - s[i].position; if pos < 0 { pos += 1 }
                    rotated.append(GradientStop(color: st.color, position: pos))
                }
                rotated.append(GradientStop(color: s[i].color, position: 1))
                expected = GradientModel(shape: .angular(center: UnitPoint(x: cx, y: cy), startAngle: max(0, a)), stops: rotated)
            } else {
                // Canonical: a flat start gets its stop at 0; past the last stop its colour
                // carries on to the end of the turn, with no stop at 1.
                var st = s
                if first > 0 { st.insert(GradientStop(color: s[0].color, position: 0), at: 0) }
                expected.stops = st
            }
            return Case(name: "#\(index) conic \(w)x\(h) c(\(f2(cx)),\(f2(cy))) from \(start) \(n) stops\(seamless ? " seamless" : "")\(first > 0 || last < 1 ? " inset" : "")\(alpha ? " translucent" : "")\(withOverlays ? " overlays" : "")",
                        renderer: renderer, expected: expected, stopsVisible: true)
        default:
            let angle = (r.uniform(0, 360)).rounded()
            let m = min(n, 5)
            let s = stops(m, first: 0, last: 1, seamless: false, alpha: alpha, &r)
            let (ov, grain) = withOverlays ? overlays(w: w, h: h, centre: nil, &r) : ([], 0)
            let renderer = GradientRenderer(width: w, height: h, gradient: LinearGradient(angle: angle, stops: s), dither: true, grain: grain, overlays: ov, seed: UInt64(index + 1))
            return Case(name: "#\(index) linear \(w)x\(h) \(angle)° \(m) stops\(alpha ? " translucent" : "")\(withOverlays ? " overlays" : "")",
                        renderer: renderer, expected: renderer.model, stopsVisible: false)
        }
    }

    static func f2(_ x: Double) -> String { String(format: "%.2f", x) }

    /// What is wrong with the fit of one case (empty when it passes).
    static func score(_ c: Case) -> [String] {
        let r = c.renderer
        let f = S.fit(r)
        var problems: [String] = []
        let step = max(3, Int((Double(r.width * r.height) / 60_000).squareRoot()))
        let q = S.accuracy(c.expected, f.model, width: r.width, height: r.height, step: step)
        if q.meanDeltaE > 0.5 || q.maxDeltaE > 1.5 { problems.append("ΔE mean \(f2(q.meanDeltaE)) max \(f2(q.maxDeltaE))") }
        switch (c.expected.shape, f.shape) {
        case (.linear, .linear): break
        case let (.radial(ec, er), .radial(fc, fr)):
            if abs(fc.x - ec.x) > 0.005 || abs(fc.y - ec.y) > 0.005 { problems.append("centre (\(fc.x), \(fc.y))") }
            if c.stopsVisible && (abs(fr.x - er.x) > 0.01 * er.x || abs(fr.y - er.y) > 0.01 * er.y) { problems.append("radius (\(fr.x), \(fr.y)) vs (\(f2(er.x)), \(f2(er.y)))") }
        case let (.angular(ec, ea), .angular(fc, fa)):
            if abs(fc.x - ec.x) > 0.005 || abs(fc.y - ec.y) > 0.005 { problems.append("centre (\(fc.x), \(fc.y))") }
            // Without a seam any stop may start the turn (the same drawing): the nearest.
            let seamless = c.expected.stops.first?.color == c.expected.stops.last?.color
            let starts = seamless ? c.expected.stops.map { ea + $0.position * 360 } : [ea]
            let d = starts.map { s -> Double in var d = abs(fa - s).truncatingRemainder(dividingBy: 360); d = min(d, 360 - d); return d }.min()!
            if d > 0.5 { problems.append("start \(fa) vs \(ea)") }
        default:
            problems.append("type \(f.shape.type)")
        }
        if c.stopsVisible && f.stops.count != c.expected.stops.count {
            problems.append("\(f.stops.count) stops, authored \(c.expected.stops.count): \(f.stops.map { f2($0.position) }) vs \(c.expected.stops.map { f2($0.position) })")
        }
        if f.problem != nil { problems.append("problem \(String(describing: f.problem!))") }
        if !problems.isEmpty { problems.append("fitted \(f.shape), \(f.overlays.count) overlays") }
        return problems
    }

    /// Sweep cases that once failed, scored as the sweep scores them, in every `swift test`:
    /// seed 1 #10 (a 6-stop radial returned as a flat fill, mean ΔE 12), #11 (a 2-stop conic
    /// at iPad size with 14 stops and its seam snapped half a degree off, max ΔE 47), seed 2
    /// #22 (a 6-stop radial under overlays with two extra stops); seed 1 #3 (a 7-stop conic
    /// whose centre and seam lie under a frosted panel: the washed cells pulled both, max ΔE
    /// 2.68), seed 2 #0 (a radial from below the box, flat beyond its last stop over most of
    /// it: the dither's directions there outvoted the ramp's, and it came back angular, max
    /// ΔE 16.8), seed 1 #25 (a 2-stop conic under a frosted panel: one cell its edge crosses
    /// dragged the centre 5 px, max ΔE 41), seed 2 #16 (a circular glow from above the box,
    /// 39 px of its ramp in view: a far, flat ellipse explains that strip as well, and came
    /// back with its centre 2,400 px off and max ΔE 2.2), seed 2 #2 (a glow whose last stop
    /// lies 0.6 cells short of the status bar: run on to the hidden corner, it went 7% out,
    /// max ΔE 15).
    func testCasesThatOnceFailed() {
        for (index, seed) in [(10, UInt64(1)), (11, 1), (22, 2), (3, 1), (0, 2), (25, 1), (16, 2), (2, 2)] {
            let c = Self.makeCase(index, seed: seed)
            XCTAssertEqual(Self.score(c), [], c.name)
        }
    }

    func testAcceptanceSweep() throws {
        let env = ProcessInfo.processInfo.environment
        guard let count = env["THEMEGEN_SWEEP"].flatMap(Int.init), count > 0 else {
            throw XCTSkip("set THEMEGEN_SWEEP=N to draw and score N random artboards")
        }
        let seed = env["THEMEGEN_SWEEP_SEED"].flatMap(UInt64.init) ?? 1
        let only = env["THEMEGEN_SWEEP_ONLY"].map { $0.split(separator: ",").compactMap { Int($0) } }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var passed: [String: Int] = [:], total: [String: Int] = [:], failures: [String] = []
        }
        let results = Results()
        let indices = only ?? Array(0..<count)
        DispatchQueue.concurrentPerform(iterations: indices.count) { i in
            let c = Self.makeCase(indices[i], seed: seed)
            let kind = c.expected.shape.type
            let p = Self.score(c)
            results.lock.lock()
            results.total[kind, default: 0] += 1
            if p.isEmpty { results.passed[kind, default: 0] += 1 } else { results.failures.append("FAIL \(c.name): \(p.joined(separator: "; "))") }
            print(p.isEmpty ? "ok   \(c.name)" : "FAIL \(c.name): \(p.joined(separator: "; "))")
            results.lock.unlock()
        }
        let passed = results.passed, total = results.total, failures = results.failures
        for kind in ["radial", "angular", "linear"] where total[kind] != nil {
            print("sweep \(kind): \(passed[kind, default: 0])/\(total[kind]!) pass")
        }
        XCTAssertTrue(failures.isEmpty, failures.sorted().joined(separator: "\n"))
    }
}
