import Foundation
import XCTest
import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenGradients
import ThemegenTestSupport
import ThemegenTestKit

final class ThemeExtractorTests: XCTestCase {
    typealias S = GradientTestSupport

    /// The diagnostics an extraction reports (twice: the sink, and the text to read).
    func makeConsole() -> (CapturedDiagnostics, CapturedDiagnostics) {
        let d = CapturedDiagnostics()
        return (d, d)
    }

    var dir: String = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "themegen-themes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    @discardableResult
    func write(_ name: String, _ image: Image) throws -> String {
        let path = dir + "/" + name
        try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func sunset(_ w: Int, _ h: Int, space: ColorSpace = .sRGB) -> GradientRenderer {
        GradientRenderer(width: w, height: h, gradient: S.gradient(160, [("#FF512F", 0), ("#F09819", 0.6), ("#FFE259", 1)]),
                         colorSpace: space, dither: true, overlays: [.bar(.top, thickness: 44 * w / 375, color: S.hex("#000000"))])
    }

    func testScaleVariantsFoldToTheLargestAndNamesComeFromFiles() throws {
        try write("Sunset.png", sunset(125, 271).render())
        try write("Sunset@3x.png", sunset(375, 812).render())
        try write("Ocean Blue@2x.png", GradientRenderer(width: 250, height: 541, gradient: S.gradient(180, [("#2193B0", 0), ("#6DD5ED", 1)])).render())
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted().map { dir + "/" + $0 }
        let (console, err) = makeConsole()
        let themes = ThemeExtractor.extract(files: files, options: ThemeOptions(baseDirectory: dir), console: console)
        XCTAssertEqual(err.text, "")
        XCTAssertEqual(themes.map(\.name), ["Ocean Blue", "Sunset"])
        XCTAssertEqual(themes.map(\.identifier), ["oceanBlue", "sunset"])
        XCTAssertEqual(themes.map(\.file), ["Ocean Blue@2x.png", "Sunset@3x.png"])
        XCTAssertEqual(themes.map(\.width), [250, 375])
        XCTAssertEqual(themes[0].angle, 180)
        XCTAssertEqual(themes[0].stops.map { HexColor.format($0.color) }, ["#2193B0", "#6DD5ED"])
        XCTAssertEqual(themes[1].overlays.first, PixelRect(x: 0, y: 0, width: 375, height: 48))
        XCTAssertEqual(themes[1].themeColor, themes[1].stops.last!.color)
        let q = S.accuracy(sunset(375, 812).gradient, LinearGradient(angle: themes[1].angle, stops: themes[1].stops), width: 375, height: 812)
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5)
    }

    /// A P3-tagged export gives P3 stops (the numbers as authored in P3); an untagged one sRGB.
    func testDisplayP3TaggingRoundTrips() throws {
        let p3 = try write("Vivid@3x.png", GradientRenderer(width: 375, height: 812, gradient: S.gradient(180, [("#FF2D55", 0), ("#5856D6", 1)]),
                                                             colorSpace: .displayP3, dither: true).render())
        let (console, err) = makeConsole()
        let theme = ThemeExtractor.extract(files: [p3], options: ThemeOptions(), console: console)[0]
        XCTAssertEqual(err.text, "")
        XCTAssertEqual(theme.colorSpace, .displayP3)
        XCTAssertEqual(theme.stops.map { HexColor.format($0.color) }, ["#FF2D55", "#5856D6"])

        // sRGB text and theme colours (config, --text-color) are given in the theme's P3 numbers.
        let red = S.hex("#FF0000")
        let (console1, _) = makeConsole()
        let withText = ThemeExtractor.extract(files: [p3], options: ThemeOptions(
            textColors: [TextColorCheck(name: "alert", color: red, dark: red, large: true)],
            themeColors: ["Vivid": red]), console: console1)[0]
        let p3Red = red.converted(from: .sRGB, to: .displayP3)
        XCTAssertEqual(p3Red.red, 0.9175, accuracy: 0.0005)
        XCTAssertEqual(p3Red.green, 0.2003, accuracy: 0.0005)
        XCTAssertEqual(withText.textColors[0].color, p3Red)
        XCTAssertEqual(withText.textColors[0].dark, p3Red)
        XCTAssertEqual(withText.themeColor, p3Red)

        // Asked for sRGB: converted (and said so), the same colours in sRGB numbers.
        let (console2, err2) = makeConsole()
        let srgb = ThemeExtractor.extract(files: [p3], options: ThemeOptions(convertToSRGB: true), console: console2)[0]
        XCTAssertEqual(srgb.colorSpace, .sRGB)
        XCTAssertTrue(err2.text.contains("Display P3 colours converted to sRGB"), err2.text)
        let expected = S.hex("#5856D6").converted(from: .displayP3, to: .sRGB)
        XCTAssertEqual(srgb.stops[1].color.red, expected.red, accuracy: 0.004)
        XCTAssertEqual(srgb.stops[1].color.blue, expected.blue, accuracy: 0.004)
    }

    func testSixteenBitExportFitsLikeEightBit() throws {
        let r = GradientRenderer(width: 375, height: 812, gradient: S.gradient(135, [("#12C2E9", 0), ("#C471ED", 0.5), ("#F64F59", 1)]))
        let img8 = r.render()
        guard case .rgba8(let a) = img8.pixels else { return XCTFail() }
        // 16-bit samples that are not exact 8-bit values, so the encoder keeps 16 bits.
        let img16 = Image(width: 375, height: 812, pixels: .rgba16(a.enumerated().map { i, v in i % 4 == 3 ? 65535 : UInt16(v) * 257 + (v < 255 ? 100 : 0) }))
        let p16 = try write("Deep.png", img16)
        let (console, _) = makeConsole()
        let theme = ThemeExtractor.extract(files: [p16], options: ThemeOptions(), console: console)[0]
        XCTAssertEqual(theme.angle, 135)
        let q = S.accuracy(r.gradient, LinearGradient(angle: theme.angle, stops: theme.stops), width: 375, height: 812)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5)
    }

    /// A four-corner mesh blend (red across, blue down, green only where both are high) is
    /// none of the three types.
    func testPoorFitIsAnInputErrorUnlessAllowed() throws {
        let w = 200, h = 400
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let u = Double(x) / Double(w - 1), v = Double(y) / Double(h - 1)
                let i = (y * w + x) * 4
                px[i] = UInt8((255 * u).rounded()); px[i + 1] = UInt8((255 * u * v).rounded()); px[i + 2] = UInt8((255 * v).rounded())
            }
        }
        let mesh = try write("Mesh.png", Image(width: w, height: h, pixels: .rgba8(px)))
        let (console, err) = makeConsole()
        XCTAssertEqual(ThemeExtractor.extract(files: [mesh], options: ThemeOptions(baseDirectory: dir), console: console).count, 0)
        XCTAssertEqual(console.worstErrorKind, .input)
        XCTAssertTrue(err.text.hasPrefix("error: Mesh.png: not a linear, radial or angular gradient: the best fit ("), err.text)
        XCTAssertTrue(err.text.contains(") is off by ΔE2000 "), err.text)
        XCTAssertTrue(err.text.contains("--allow-poor-fit"))

        let (console2, err2) = makeConsole()
        XCTAssertEqual(ThemeExtractor.extract(files: [mesh], options: ThemeOptions(allowPoorFit: true, baseDirectory: dir), console: console2).count, 1)
        XCTAssertNil(console2.worstErrorKind)
        XCTAssertTrue(err2.text.contains("warning: Mesh.png: not a linear, radial or angular gradient"), err2.text)
    }

    /// The circle that used to be rejected as "not a linear gradient" is a radial theme now:
    /// red to blue from the centre to 220 px, blue beyond.
    func testRadialArtboardBecomesARadialTheme() throws {
        let w = 200, h = 400
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x) + 0.5 - 100, dy = Double(y) + 0.5 - 200
                let d = min(1, (dx * dx + dy * dy).squareRoot() / 220)
                let i = (y * w + x) * 4
                px[i] = UInt8((255 * (1 - d)).rounded()); px[i + 1] = 30; px[i + 2] = UInt8((255 * d).rounded())
            }
        }
        let radial = try write("Radial.png", Image(width: w, height: h, pixels: .rgba8(px)))
        let (console, err) = makeConsole()
        let themes = ThemeExtractor.extract(files: [radial], options: ThemeOptions(baseDirectory: dir), console: console)
        XCTAssertEqual(err.text, "")
        guard themes.count == 1, case let .radial(center, radius) = themes[0].shape else { return XCTFail("\(themes)") }
        XCTAssertEqual(center.x, 0.5, accuracy: 0.005)
        XCTAssertEqual(center.y, 0.5, accuracy: 0.005)
        XCTAssertEqual(radius.x, 220.0 / 200, accuracy: 0.01 * 220 / 200)
        XCTAssertEqual(radius.y, 220.0 / 400, accuracy: 0.01 * 220 / 400)
        XCTAssertEqual(themes[0].stops.map(\.position), [0, 1])
        for (stop, hex) in zip(themes[0].stops, ["#FF1E00", "#001EFF"]) {
            let a = stop.color, b = HexColor.parse(hex)!
            XCTAssertLessThanOrEqual(DeltaE2000.difference(Lab(rgb: Vec3(a.red, a.green, a.blue), in: .sRGB), Lab(rgb: Vec3(b.red, b.green, b.blue), in: .sRGB)), 1, hex)
        }
    }

    func testFlatFillIsAOneStopTheme() throws {
        let p = try write("Plain@3x.png", Image(width: 120, height: 240, fill: (0x33, 0x66, 0x99, 255)))
        let (console, _) = makeConsole()
        let t = ThemeExtractor.extract(files: [p], options: ThemeOptions(), console: console)[0]
        XCTAssertEqual(t.stops.count, 1)
        XCTAssertEqual(HexColor.format(t.stops[0].color), "#336699")
        XCTAssertEqual(t.fit.maxDeltaE, 0, accuracy: 1e-9)
    }

    func testTextColourContrastWarnings() throws {
        // A light gradient: white text fails (warns), near-black passes; large text has 3:1.
        let p = try write("Light.png", GradientRenderer(width: 200, height: 400, gradient: S.gradient(180, [("#FFFFFF", 0), ("#767676", 1)])).render())
        let specs = [try TextColorCheck.parse("title=#FFFFFF"), try TextColorCheck.parse("body=#000000"),
                     try TextColorCheck.parse("caption=#949494,large")]
        let (console, err) = makeConsole()
        let t = ThemeExtractor.extract(files: [p], options: ThemeOptions(textColors: specs, baseDirectory: dir), console: console)[0]
        XCTAssertEqual(t.textColors.map(\.name), ["title", "body", "caption"])
        XCTAssertEqual(t.textColors[0].contrast, 1, accuracy: 0.01)               // against the white end
        XCTAssertEqual(t.textColors[1].contrast, WCAG.contrastRatio(S.hex("#000000"), S.hex("#767676")), accuracy: 0.02)
        XCTAssertTrue(t.textColors[2].large)
        let warnings = err.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(warnings.count, 2, err.text)
        XCTAssertTrue(warnings[0].hasPrefix("warning: Light.png: theme 'Light': text colour 'title' has a contrast of 1.00:1 at worst on the gradient, below 4.5:1"), warnings[0])
        XCTAssertTrue(warnings[1].contains("text colour 'caption' has a contrast of "), warnings[1])
        XCTAssertTrue(warnings[1].hasSuffix("below 3:1 for large text"), warnings[1])
        XCTAssertThrowsError(try TextColorCheck.parse("title"))
        XCTAssertThrowsError(try TextColorCheck.parse("title=#12"))
    }

    func testUnreadableFileIsReportedAndOthersStillProcessed() throws {
        let bad = dir + "/Broken.png"
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: bad))
        let good = try write("Good.png", GradientRenderer(width: 100, height: 200, gradient: S.gradient(180, [("#000000", 0), ("#FFFFFF", 1)])).render())
        let (console, err) = makeConsole()
        let themes = ThemeExtractor.extract(files: [bad, good], options: ThemeOptions(), console: console)
        XCTAssertEqual(themes.map(\.name), ["Good"])
        XCTAssertTrue(err.text.contains("Broken.png"), err.text)
        XCTAssertNotNil(console.worstErrorKind)
    }

    /// A translucent artboard gives stops with alpha, never a black theme.
    func testTranslucentArtboardGivesStopsWithAlpha() throws {
        let g = LinearGradient(angle: 180, stops: [GradientStop(color: RGBA(red: 1, green: 0, blue: 0, alpha: 200.0 / 255), position: 0),
                                                   GradientStop(color: RGBA(red: 0, green: 0, blue: 1, alpha: 200.0 / 255), position: 1)])
        let path = try write("Scrim.png", GradientRenderer(width: 375, height: 812, gradient: g).render())
        let (console, err) = makeConsole()
        let themes = ThemeExtractor.extract(files: [path], options: ThemeOptions(baseDirectory: dir), console: console)
        XCTAssertEqual(err.text, "")
        XCTAssertEqual(themes.first?.stops.map { HexColor.format($0.color) }, ["#FF0000", "#0000FF"])
        for stop in themes.first?.stops ?? [] { XCTAssertEqual(stop.color.alpha, 200.0 / 255, accuracy: 0.01) }
    }

    func fitted(_ space: ColorSpace) -> ThemeExtractor.FittedFile {
        let r = GradientRenderer(width: 100, height: 200, gradient: S.gradient(180, [("#204060", 0), ("#C08040", 1)]), colorSpace: space)
        return ThemeExtractor.FittedFile(file: "Art/Dusk@3x.png", width: 100, height: 200, colorSpace: space, fit: S.fit(r))
    }

    func testOtherProfileIsAnErrorUnlessTakenAsSRGB() {
        let (console, err) = makeConsole()
        XCTAssertThrowsError(try ThemeExtractor.makeTheme(fitted(.other("Adobe RGB (1998)")), options: ThemeOptions(), console: console)) { e in
            XCTAssertEqual((e as? FileError)?.kind, .input)
            XCTAssertTrue("\(e)".hasPrefix("Art/Dusk@3x.png: colour profile 'Adobe RGB (1998)' is neither sRGB nor Display P3"), "\(e)")
        }
        XCTAssertEqual(err.text, "")

        let (console2, err2) = makeConsole()
        let t = try? ThemeExtractor.makeTheme(fitted(.other("Adobe RGB (1998)")), options: ThemeOptions(convertToSRGB: true), console: console2)
        XCTAssertEqual(t?.colorSpace, .sRGB)
        XCTAssertEqual(t?.stops.map { HexColor.format($0.color) }, ["#204060", "#C08040"])
        XCTAssertTrue(err2.text.contains("warning: Art/Dusk@3x.png: colour profile 'Adobe RGB (1998)' is neither sRGB nor Display P3; its values are taken as sRGB"), err2.text)
    }

    func testThemeColourDefaultsToLastStopAndCanBeOverridden() throws {
        let (console, _) = makeConsole()
        let t = try ThemeExtractor.makeTheme(fitted(.sRGB), options: ThemeOptions(), console: console)
        XCTAssertEqual(t.name, "Dusk")
        XCTAssertEqual(t.file, "Art/Dusk@3x.png")
        XCTAssertEqual(HexColor.format(t.themeColor), "#C08040")
        let accent = S.hex("#FF00AA")
        let o = try ThemeExtractor.makeTheme(fitted(.sRGB), options: ThemeOptions(themeColors: ["Dusk": accent]), console: console)
        XCTAssertEqual(o.themeColor, accent)

        // Per-theme text colours come after the global ones and replace one of the same name.
        let global = [TextColorCheck(name: "title", color: S.hex("#FFFFFF")), TextColorCheck(name: "body", color: S.hex("#EEEEEE"))]
        let mine = [TextColorCheck(name: "body", color: S.hex("#000000"), dark: S.hex("#FFFFFF")), TextColorCheck(name: "caption", color: S.hex("#111111"), large: true)]
        let c = try ThemeExtractor.makeTheme(fitted(.sRGB), options: ThemeOptions(textColors: global, themeTextColors: ["Dusk": mine]), console: console)
        XCTAssertEqual(c.textColors.map(\.name), ["title", "body", "caption"])
        XCTAssertEqual(c.textColors[1].color, S.hex("#000000"))
        XCTAssertEqual(c.textColors[1].dark, S.hex("#FFFFFF"))
        XCTAssertTrue(c.textColors[2].large)
    }

    func testThemeNames() {
        XCTAssertEqual(ThemeName.parse(fileName: "Ocean Blue@3x.png").name, "Ocean Blue")
        XCTAssertEqual(ThemeName.parse(fileName: "Ocean Blue@3x.png").scale, 3)
        XCTAssertEqual(ThemeName.parse(fileName: "a@b.png").name, "a@b")
        XCTAssertEqual(ThemeName.largestVariants(["d/A.png", "d/A@3x.png", "d/A@2x.png", "e/A.png"]), ["d/A@3x.png", "e/A.png"])
    }

    /// The benchmark corpus (`../shared/bench/make_corpus.py`, written to /tmp/bench-corpus):
    /// vertical dithered gradients, some under a 132 px status bar. Its ground truth is the top
    /// and bottom pixel; where there is no bar those are the stop colours ±1 dither (+ rounding).
    func testBenchCorpusThemes() throws {
        let tsv = "/tmp/bench-corpus/themes.tsv"
        guard let text = try? String(contentsOfFile: tsv, encoding: .utf8) else {
            throw XCTSkip("generate it with: python3 ../shared/bench/make_corpus.py /tmp/bench-corpus --only themes")
        }
        let rows = text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        let files = rows.map { "/tmp/bench-corpus/themes/\($0[0]).png" }
        let (console, err) = makeConsole()
        let themes = ThemeExtractor.extract(files: files, options: ThemeOptions(), console: console)
        XCTAssertEqual(err.text, "")
        XCTAssertEqual(themes.count, rows.count)
        for (t, row) in zip(themes, rows) {
            let top = row[1].split(separator: " ").map { Double($0)! }, bottom = row[2].split(separator: " ").map { Double($0)! }
            let authored = row[3].hasPrefix("3stop") ? 3 : 2
            XCTAssertEqual(t.angle, 180, t.name)
            XCTAssertLessThanOrEqual(t.stops.count, authored + 1, t.name)
            XCTAssertGreaterThanOrEqual(t.stops.count, authored, t.name)
            XCTAssertLessThan(t.fit.maxDeltaE, 1.5, t.name)
            let last = t.stops.last!.color
            for (c, v) in zip([last.red, last.green, last.blue], bottom) { XCTAssertEqual(c * 255, v, accuracy: 2.5, t.name) }
            if row[3].contains("statusbar") {
                XCTAssertEqual(t.overlays.first, PixelRect(x: 0, y: 0, width: 1125, height: 144), t.name)
            } else {
                XCTAssertEqual(t.overlays, [], t.name)
                let first = t.stops[0].color
                for (c, v) in zip([first.red, first.green, first.blue], top) { XCTAssertEqual(c * 255, v, accuracy: 2.5, t.name) }
            }
        }
    }
}
