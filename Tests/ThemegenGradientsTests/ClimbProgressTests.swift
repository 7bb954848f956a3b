import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport
import ThemegenCore

/// The stop rule of the greedy knot climb: generalised cross-validation over the bins' values.
final class ClimbProgressTests: XCTestCase {
    static func bins(_ count: Int, alpha: Double = 255, weight: (Int) -> Double = { _ in 1 }) -> ProfileBins {
        ProfileBins(t: (0..<count).map { Double($0) / Double(count - 1) },
                    color: (0..<count).map { Color4(Double($0), 100, 50, alpha) },
                    weight: (0..<count).map(weight), space: .sRGB)
    }

    /// 100 equal opaque bins are 300 values and a knot costs 6: three knots in a row that do not
    /// lower SSE / (1 − 6k/300)² below its best stall the climb; one that does starts the count anew.
    func testThreeKnotsWithoutGainStallTheClimb() {
        var p = ClimbProgress(bins: Self.bins(100))
        XCTAssertEqual(p.values, 300, accuracy: 1e-9)
        XCTAssertEqual(p.parametersPerKnot, 6)
        XCTAssertFalse(p.stalled(knots: 2, sse: 1000))   // 1000 / 0.96² = 1085.1, the best
        XCTAssertFalse(p.stalled(knots: 3, sse: 900))    // 900 / 0.94² = 1018.6, the best
        XCTAssertFalse(p.stalled(knots: 4, sse: 890))    // 890 / 0.92² = 1051.5: no gain, 1
        XCTAssertFalse(p.stalled(knots: 5, sse: 880))    // 1086.4: 2
        XCTAssertFalse(p.stalled(knots: 6, sse: 700))    // 700 / 0.88² = 903.9: a real stop, anew
        XCTAssertFalse(p.stalled(knots: 7, sse: 690))    // 690 / 0.86² = 932.9: 1
        XCTAssertFalse(p.stalled(knots: 8, sse: 680))    // 680 / 0.84² = 963.7: 2
        XCTAssertTrue(p.stalled(knots: 9, sse: 670))     // 670 / 0.82² = 996.4: 3, stalled
    }

    /// Each knot of a steep many-stop gradient takes off far more than its share: no stall.
    func testSteadyGainsNeverStall() {
        var p = ClimbProgress(bins: Self.bins(100))
        var sse = 5000.0
        for k in 2...16 {
            XCTAssertFalse(p.stalled(knots: k, sse: sse), "\(k) knots")
            sse *= 0.7
        }
    }

    /// A translucent artboard gives 4 values a bin and a knot costs 7; bins of unequal weight are
    /// worth fewer equal ones, (Σw)² / Σw²; where the values are too few to judge the parameters,
    /// the climb never stalls (it runs to the cap as before).
    func testValuesFollowChannelsAndWeights() {
        let translucent = ClimbProgress(bins: Self.bins(100, alpha: 200))
        XCTAssertEqual(translucent.values, 400, accuracy: 1e-9)
        XCTAssertEqual(translucent.parametersPerKnot, 7)
        // Half the bins weigh 3, half 1: (200)² / (50·9 + 50) = 80 bins, 240 values.
        let uneven = ClimbProgress(bins: Self.bins(100, weight: { $0 < 50 ? 3 : 1 }))
        XCTAssertEqual(uneven.values, 240, accuracy: 1e-9)
        var few = ClimbProgress(bins: Self.bins(10))   // 30 values
        XCTAssertFalse(few.stalled(knots: 2, sse: 100))
        XCTAssertFalse(few.stalled(knots: 3, sse: 100))
        XCTAssertFalse(few.stalled(knots: 4, sse: 100))
        XCTAssertFalse(few.stalled(knots: 5, sse: 100))   // 1 − 30/30 = 0: not judged
        XCTAssertFalse(few.stalled(knots: 5, sse: 100))
        XCTAssertFalse(few.stalled(knots: 5, sse: 100))
    }

    /// Where the climb costs most, at full iPhone and iPad sizes, 14 to 16 vivid stops (a steep
    /// ramp every 0.06 to 0.07 of the line) each take off far more than their share: the climb
    /// never stalls short of them, and every stop comes back at its place, the box within mean
    /// ΔE2000 0.5. (The max is not asserted: at two of these steep kinks it is 1.74 and 2.05,
    /// with or without the stall rule; that miss is still open.)
    func testManySteepStopsAtFullSizeKeepEveryStop() {
        // Two of the four sizes the rule was checked on (the others: 15 stops at 1125×2436, seed
        // 30, and 16 at 1080×1920, seed 31), to keep the debug suite inside CI's time.
        for (seed, n, (w, h)) in [(UInt64(29), 14, (1170, 2532)), (UInt64(32), 16, (768, 1024))] {
            var rng = SeededRandom(seed: seed)
            let stops = (0..<n).map { s -> (String, Double) in
                (HexColor.format(RGBA(red: Double(rng.int(0, 255)) / 255, green: Double(rng.int(0, 255)) / 255,
                                      blue: Double(rng.int(0, 255)) / 255)), Double(s) / Double(n - 1))
            }
            let g = GradientTestSupport.gradient(Double(rng.int(90, 269)), stops)
            let r = GradientRenderer(width: w, height: h, gradient: g, dither: true)
            let f = GradientTestSupport.fit(r)
            let name = "\(n) stops at \(w)×\(h), \(g.angle)°"
            XCTAssertNil(f.problem, name)
            let q = GradientTestSupport.accuracy(g, f.gradient, width: w, height: h)
            XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, name)
            XCTAssertEqual(f.stops.count, n, "\(name): \(f.stops.map { "\(HexColor.format($0.color))@\($0.position)" })")
            if f.stops.count == n {
                for (a, b) in zip(f.stops, g.stops) { XCTAssertEqual(a.position, b.position, accuracy: 0.01, name) }
            }
        }
    }
}
