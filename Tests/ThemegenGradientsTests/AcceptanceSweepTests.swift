import XCTest
import Foundation
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport
import ThemegenCore

/// Issue 15's acceptance, on seeded random artboards (`RandomArtboards`): each within mean ΔE2000
/// 0.5 and max 1.5 of the authored gradient outside what is drawn on top, none rejected, and the
/// authored stop count in at least 95 %. Opt-in, since it draws and fits artboards up to
/// 1170×2532 for minutes:
///
///     THEMEGEN_SWEEP=1 swift test --filter AcceptanceSweepTests
///
/// `THEMEGEN_SWEEP_COUNT` (default 120) and `THEMEGEN_SWEEP_SEED` (default 1) choose the set;
/// `THEMEGEN_SWEEP_ONLY=3,17` runs only those artboards. Prints one line per artboard.
final class AcceptanceSweepTests: XCTestCase {
    struct Outcome {
        var line: String
        var accurate: Bool, accepted: Bool, countExact: Bool, countAllowed: Bool
    }

    func testRandomLinearArtboards() throws {
        let env = ProcessInfo.processInfo.environment
        guard env["THEMEGEN_SWEEP"] == "1" else { throw XCTSkip("set THEMEGEN_SWEEP=1 to run the acceptance sweep") }
        let count = Int(env["THEMEGEN_SWEEP_COUNT"] ?? "") ?? 120
        let seed = UInt64(env["THEMEGEN_SWEEP_SEED"] ?? "") ?? 1
        let only = (env["THEMEGEN_SWEEP_ONLY"] ?? "").split(separator: ",").compactMap { Int($0) }
        let indices = only.isEmpty ? Array(0..<count) : only
        let all = concurrentMap(indices.count) { i in
            let o = Self.run(RandomArtboards.artboard(indices[i], seed: seed))
            print(o.line)
            return o
        }
        func rate(_ f: (Outcome) -> Bool) -> String { "\(all.filter(f).count)/\(all.count)" }
        print("sweep seed \(seed): accurate \(rate { $0.accurate }), accepted \(rate { $0.accepted }), "
              + "authored count \(rate { $0.countExact }), count allowing merges \(rate { $0.countAllowed }), "
              + "all \(rate { $0.accurate && $0.accepted && $0.countAllowed })")
        for o in all where !(o.accurate && o.accepted && o.countAllowed) { print("FAIL " + o.line) }
        XCTAssertEqual(all.filter { !$0.accurate || !$0.accepted }.count, 0)
        XCTAssertGreaterThanOrEqual(Double(all.filter { $0.countAllowed }.count), 0.95 * Double(all.count))
    }

    static func run(_ a: RandomArtboards.Artboard) -> Outcome {
        let r = a.renderer
        let f = GradientTestSupport.fit(r)
        let step = max(3, r.width / 200)
        let outside = RandomArtboards.accuracy(r.gradient, f.gradient, width: r.width, height: r.height, excluding: a.drawn, step: step)
        let whole = GradientTestSupport.accuracy(r.gradient, f.gradient, width: r.width, height: r.height, step: step)
        let accurate = f.shape == .linear && outside.meanDeltaE <= 0.5 && outside.maxDeltaE <= 1.5
        let rejection = ThemeExtractor.rejection(f, limit: 3)
        let authored = r.gradient.stops.count
        let exact = f.stops.count == authored
        let allowed = f.stops.count <= authored && f.stops.count >= a.fewestStops
        func n(_ v: Double) -> String { String(format: "%.2f", v) }
        let stops = r.gradient.stops.map { "\(HexColor.format($0.color))@\(n($0.position))" }.joined(separator: " ")
        let got = f.stops.map { "\(HexColor.format($0.color))@\(n($0.position))" }.joined(separator: " ")
        let line = "#\(a.index) \(r.width)x\(r.height) \(Int(r.gradient.angle))° [\(a.kinds.joined(separator: ","))] "
            + "ΔE out \(n(outside.meanDeltaE))/\(n(outside.maxDeltaE)) box \(n(whole.meanDeltaE))/\(n(whole.maxDeltaE)) "
            + "fit \(n(f.quality.meanDeltaE))/\(n(f.quality.maxDeltaE)) stops \(f.stops.count)/\(authored)(\(a.fewestStops)) "
            + "angle \(n(f.angle)) shape \(f.shape.type)\(rejection.map { " REJECTED: " + $0 } ?? "")\n    authored \(stops)\n    fitted   \(got)"
        return Outcome(line: line, accurate: accurate, accepted: rejection == nil, countExact: exact, countAllowed: allowed)
    }
}

/// Sweep artboards that once failed, scored as the sweep scores them, in every `swift test`
/// (375×812, a few seconds each in a debug build). Seed 1:
/// - #80: a steep ramp along the left edge (#663F2F to #001B21 within 9 % of the line) beside
///   a dark card. The bins along the ramp spread by its own slope were dropped as shadowed, the
///   climb never saw the ramp, and the overlays found covered 94 % of the box (rejected).
/// - #107: 9 pastel stops under a status bar, two frosted panels and text: rejected with
///   overlays over 63 % of the box and 7 stops (the same changes fixed it).
/// - #91 (and seed 2 #93): 8 and 9 stops under onboarding art, rejected with the fit's max
///   ΔE 3.81 (4.56) from one smooth cell of the art's button, the gradient's colour there,
///   inside the reported overlay box: the quality now leaves out what the boxes cover.
/// Seed 2:
/// - #23: 9 stops at 135° with list rows, a frosted panel and icons (1080×1920). The start of
///   the gradient line (the top-left corner, beside the list rows) has few cells away from
///   the overlays; its run of stretches off the far cells' profile began before the first far
///   cells but ran on past where they start, so it was held to the long run a stretch between
///   far cells needs and left out; the overlays grew over 53 % of the box (rejected). Seed 1
///   #19 (1125×2436, 161°, a tab bar under the last stop) failed the same way at the far end.
final class AcceptanceSweepCaseTests: XCTestCase {
    func testCasesThatOnceFailed() {
        for (index, seed) in [(80, UInt64(1)), (107, 1), (91, 1), (93, 2), (23, 2)] {
            let o = AcceptanceSweepTests.run(RandomArtboards.artboard(index, seed: seed))
            XCTAssertTrue(o.accurate, o.line)
            XCTAssertTrue(o.accepted, o.line)
            XCTAssertTrue(o.countExact, o.line)
        }
    }

    /// Seed 1 #109: 9 stops under list rows and onboarding art. Two cells inside the
    /// reported overlay boxes (a list row's rim, the button's anti-aliased corner) passed the
    /// residual tests and were measured: fit max ΔE 3.57, rejected, though the recovered
    /// gradient is within 1.27 of the authored one. (It still comes back with 10 stops: an
    /// extra one at a steep kink, a known gap.)
    func testCellsInsideOverlayBoxesAreNotMeasured() {
        let a = RandomArtboards.artboard(109, seed: 1)
        let o = AcceptanceSweepTests.run(a)
        XCTAssertTrue(o.accurate, o.line)
        XCTAssertTrue(o.accepted, o.line)
        let f = GradientTestSupport.fit(a.renderer)
        XCTAssertLessThanOrEqual(f.quality.maxDeltaE, 1.5, o.line)
        XCTAssertEqual(f.overlays.count, 3, o.line)
    }
}
