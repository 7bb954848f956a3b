import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenSlicing
@testable import ThemegenGenerate
import ThemegenTestSupport
import ThemegenFixtures
import ThemegenTestKit

/// Renders the preview of the fixture set and looks at it in headless Chromium: the CSS
/// gradients must draw the recovered stops, and every image must load.
final class PreviewBrowserTests: XCTestCase {
    static let windowWidth = 1280

    func testPreviewRendersInChromium() throws {
        let chromium = try Self.findChromium()
        let dir = URL(fileURLWithPath: makeTemporaryFolder(self))
        // The bundled exports through the real theme extractor and slicer.
        let console = CapturedDiagnostics()
        let themes = PreviewFixtures.bundledThemes(console: console)
        XCTAssertEqual(themes.map(\.theme.name), ["Aurora", "Lagoon P3", "Midnight", "Sunset"])
        XCTAssertEqual(themes.map(\.theme.angle), [135, 180, 180, 180])
        XCTAssertFalse(themes[2].theme.overlays.isEmpty, "Midnight's bar and text")
        let assets = try PreviewSources.sliced([SharedCorpus.repoRoot.appendingPathComponent("Exports/Assets").path], console: console)
        XCTAssertEqual(console.errorCount, 0, console.text)
        XCTAssertEqual(assets.map(\.asset.name), ["Button", "Card", "Check", "Close", "Plus", "Star"])
        XCTAssertEqual(assets.first?.asset.slicing?.capInsets, CapInsets(top: 12, left: 12, bottom: 12, right: 12), "the 9-patch's caps")
        let files = try PreviewBuilder.plan(themes: themes, assets: assets)
        try PreviewFixtures.write(files, under: dir)
        let page = dir.appendingPathComponent("Generated/Preview/index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        let imageTags = html.components(separatedBy: "<img ").count - 1
        let outputs = assets.reduce(0) { $0 + $1.images.count }
        let templates = assets.filter { $0.asset.renderingIntent == .template }.count
        XCTAssertEqual(imageTags, themes.count + 2 * outputs + templates, "thumbnails, each output at point size and zoomed, tinted templates")
        XCTAssertEqual(outputs, 18)

        // One run gives both the DOM after the load event and the screenshot; a second run
        // only when the page turned out taller than the window.
        var height = 6000
        var run = try Self.render(chromium, page: page, height: height, dark: false)
        let pageHeight = Int(Self.attribute("data-page-height", in: run.dom).first ?? "") ?? 0
        XCTAssertGreaterThan(pageHeight, 500)
        if pageHeight > height {
            height = pageHeight
            run = try Self.render(chromium, page: page, height: height, dark: false)
        }
        print("preview screenshot: \(run.screenshot.path)")

        // Every image loaded.
        let widths = Self.attribute("data-natural-width", in: run.dom)
        XCTAssertEqual(widths.count, imageTags, "the page's script recorded every image")
        XCTAssertTrue(widths.allSatisfy { (Int($0) ?? 0) > 0 }, "images that did not load: \(widths)")
        XCTAssertEqual(Self.attribute("data-failed", in: run.dom), ["0"])

        // The swatch of each sRGB vertical theme starts and ends on its first and last stop.
        let shot = try PNGDecoder.decode(path: run.screenshot.path).to8Bit()
        XCTAssertEqual(shot.width, Self.windowWidth)
        XCTAssertEqual(shot.height, height)
        let boxes = Self.swatchBoxes(in: run.dom)
        XCTAssertEqual(boxes.count, themes.count)
        var checked = 0
        for theme in themes.map(\.theme) where theme.colorSpace == .sRGB && theme.angle == 180 {
            guard let box = boxes["theme-" + PreviewFileNames.slug(theme.name, fallback: "")] else {
                XCTFail("no swatch box for \(theme.name)"); continue
            }
            let x = Int(box.x + box.width / 2)
            let top = Int(box.y.rounded(.up)), bottom = Int((box.y + box.height).rounded(.down)) - 1
            XCTAssertGreaterThan(box.height, 100)
            assertPixel(shot, x, top, near: theme.stops.first!.color, "\(theme.name) top")
            assertPixel(shot, x, bottom, near: theme.stops.last!.color, "\(theme.name) bottom")
            checked += 1
        }
        XCTAssertEqual(checked, 2, "Midnight, Sunset")
    }

    /// The dark appearance at phone width: dark background, nothing wider than the screen,
    /// every image loaded. Headless Chromium's window is at least 500 px wide, so the page is
    /// shown in a 375 px iframe of a small harness page, which copies what the page's script
    /// recorded into its own DOM.
    func testPreviewOnAPhoneInDarkMode() throws {
        let chromium = try Self.findChromium()
        let dir = URL(fileURLWithPath: makeTemporaryFolder(self))
        try PreviewFixtures.write(try PreviewBuilder.plan(themes: PreviewFixtures.previewThemes(), assets: try PreviewFixtures.previewAssets()), under: dir)
        let harness = dir.appendingPathComponent("Generated/Preview/phone.html")
        try """
            <!doctype html><body style="margin: 0; background: #777"><iframe id="f" src="index.html" style="border: 0; width: 375px; height: 2900px"></iframe>
            <script>f.onload = function () {
              var d = f.contentDocument, r = d.getElementById('image-report');
              document.body.setAttribute('data-phone-width', d.documentElement.scrollWidth);
              document.body.setAttribute('data-phone-client-width', d.documentElement.clientWidth);
              document.body.setAttribute('data-phone-failed', r.getAttribute('data-failed'));
              document.body.setAttribute('data-phone-images', r.getAttribute('data-images'));
            };</script>
            """.write(to: harness, atomically: true, encoding: .utf8)
        let run = try Self.render(chromium, page: harness, width: 500, height: 3000, dark: true, extra: ["--allow-file-access-from-files"])
        print("preview screenshot (dark, phone): \(run.screenshot.path)")
        let shot = try PNGDecoder.decode(path: run.screenshot.path).to8Bit()
        // The page background in the corner is the dark one (#101012), not the light one.
        XCTAssertEqual([0, 1, 2].map { Int(shot.component(x: 2, y: 2, channel: $0) * 255 + 0.5) }, [0x10, 0x10, 0x12])
        // No horizontal scrolling on a 375 px screen: the page is no wider than the frame less its
        // vertical scrollbar, if the browser draws one (Chromium 156 does, in headless mode too).
        let clientWidth = try XCTUnwrap(Self.attribute("data-phone-client-width", in: run.dom).first.flatMap { Int($0) })
        XCTAssertGreaterThanOrEqual(clientWidth, 360)
        XCTAssertEqual(Self.attribute("data-phone-width", in: run.dom), [String(clientWidth)], "no horizontal scrolling on a 375 px screen")
        XCTAssertEqual(Self.attribute("data-phone-failed", in: run.dom), ["0"])
        XCTAssertEqual(Self.attribute("data-phone-images", in: run.dom), ["35"])
    }

    /// Radial and angular themes, recovered from rendered artboards, are drawn by the page's
    /// CSS (`radial-gradient`, `conic-gradient`) as the artboard: every sampled point of the
    /// on-page swatch is within ΔE2000 1.5 of the authored gradient there (away from the conic
    /// centre and seam, where rays converge and renderers differ), and the type is labelled.
    func testRadialAndAngularSwatchesMatchTheArtboards() throws {
        let chromium = try Self.findChromium()
        let w = 375, h = 812
        let renderers = [
            GradientTestSupport.radial(w, h, center: (0.3, 0.25), radius: (0.9, 0.5), [("#12C2E9", 0), ("#C471ED", 0.5), ("#F64F59", 1)]),
            GradientTestSupport.angular(w, h, center: (0.5, 0.45), start: 30, [("#FC466B", 0), ("#3F5EFB", 0.5), ("#38EF7D", 1)]),
        ]
        var inputs: [PreviewTheme] = []
        for (i, r) in renderers.enumerated() {
            let image = r.render()
            var acc = GradientAccumulator(width: w, height: h)
            acc.add(image)
            let f = acc.fit()
            XCTAssertEqual(f.shape.type, r.shape.type)
            let name = ["Glow", "Ring"][i]
            inputs.append(try PreviewTheme(theme: Theme(name: name, identifier: name.lowercased(), file: "\(name).png", width: w, height: h,
                                                    colorSpace: .sRGB, angle: f.angle, startPoint: f.startPoint, endPoint: f.endPoint,
                                                    stops: f.stops, themeColor: f.stops.last!.color, fit: f.quality, shape: f.shape),
                                       artboard: image))
        }
        let dir = URL(fileURLWithPath: makeTemporaryFolder(self))
        try PreviewFixtures.write(try PreviewBuilder.plan(themes: inputs, assets: []), under: dir)
        let page = dir.appendingPathComponent("Generated/Preview/index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(html.contains("radial-gradient(ellipse "), "the radial swatch's CSS")
        XCTAssertTrue(html.contains("conic-gradient(from "), "the conic swatch's CSS")
        XCTAssertTrue(html.contains(">radial</span>") && html.contains(">angular</span>"), "each theme's type is labelled")
        let run = try Self.render(chromium, page: page, height: 3000, dark: false)
        let shot = try PNGDecoder.decode(path: run.screenshot.path).to8Bit()
        let boxes = Self.swatchBoxes(in: run.dom)
        for (i, r) in renderers.enumerated() {
            guard let box = boxes["theme-" + ["glow", "ring"][i]] else { XCTFail("no swatch box"); continue }
            let coordinates = r.model.coordinates(width: w, height: h)
            var worst = 0.0, checked = 0
            for a in 1..<12 {
                for b in 1..<12 {
                    let u = Double(a) / 12, v = Double(b) / 12
                    let x = Int(box.x + u * box.width), y = Int(box.y + v * box.height)
                    // The artboard point the screenshot pixel's centre shows.
                    let ax = (Double(x) + 0.5 - box.x) / box.width * Double(w), ay = (Double(y) + 0.5 - box.y) / box.height * Double(h)
                    if case let .angular(c, start) = r.shape {
                        let dx = ax - c.x * Double(w), dy = ay - c.y * Double(h)
                        if (dx * dx + dy * dy).squareRoot() < 40 { continue }
                        let turn = GradientModel.Coordinates.turn(dx: dx, dy: dy, from: start)
                        if min(turn, 1 - turn) * 360 < 4 { continue }
                    }
                    let want = r.gradient.color(at: coordinates.position(x: ax, y: ay))
                    let got = Vec3(shot.component(x: x, y: y, channel: 0), shot.component(x: x, y: y, channel: 1), shot.component(x: x, y: y, channel: 2))
                    let e = DeltaE2000.difference(Lab(rgb: got, in: .sRGB), Lab(rgb: Vec3(want.red, want.green, want.blue), in: .sRGB))
                    worst = max(worst, e); checked += 1
                }
            }
            XCTAssertGreaterThan(checked, 100)
            XCTAssertLessThanOrEqual(worst, 1.5, r.shape.type)
        }
    }

    // MARK: - Helpers

    func assertPixel(_ image: Image, _ x: Int, _ y: Int, near c: RGBA, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let got = (0..<3).map { Int((image.component(x: x, y: y, channel: $0) * 255).rounded()) }
        let want = [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
        let worst = zip(got, want).map { abs($0 - $1) }.max()!
        XCTAssertLessThanOrEqual(worst, 2, "\(what) at (\(x), \(y)): got \(got), want \(want)", file: file, line: line)
    }

    static func findChromium() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        let message = "chromium is not installed; the preview's browser test needs it (.ci/run installs Debian's chromium)"
        if ProcessInfo.processInfo.environment["CI"] == "true" { throw BrowserError(message: message) }
        throw XCTSkip(message)
    }

    struct BrowserError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    struct Run { var dom: String; var screenshot: URL }

    static func render(_ chromium: String, page: URL, width: Int = windowWidth, height: Int, dark: Bool,
                       extra: [String] = []) throws -> Run {
        let shot = page.deletingLastPathComponent().appendingPathComponent(dark ? "screenshot-dark.png" : "screenshot.png")
        try? FileManager.default.removeItem(at: shot)
        let profile = page.deletingLastPathComponent().appendingPathComponent(".chromium-profile")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--force-color-profile=srgb", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--no-first-run", "--user-data-dir=\(profile.path)",
            "--blink-settings=preferredColorScheme=\(dark ? 0 : 1)",
            "--window-size=\(width),\(height)", "--screenshot=\(shot.path)", "--dump-dom",
        ] + extra + [page.absoluteString]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let timeout = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: timeout)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        timeout.cancel()
        let dom = String(decoding: data, as: UTF8.self)
        guard p.terminationStatus == 0, FileManager.default.fileExists(atPath: shot.path) else {
            throw BrowserError(message: "\(chromium) exited with status \(p.terminationStatus) without writing \(shot.path)")
        }
        return Run(dom: dom, screenshot: shot)
    }

    /// Every value of `name="…"` in `text`, in order.
    static func attribute(_ name: String, in text: String) -> [String] {
        var values: [String] = []
        var rest = text[...]
        let key = name + "=\""
        while let r = rest.range(of: key) {
            let after = rest[r.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            values.append(String(after[..<end]))
            rest = after[end...]
        }
        return values
    }

    /// The swatch boxes the page's script recorded, by theme anchor.
    static func swatchBoxes(in dom: String) -> [String: (x: Double, y: Double, width: Double, height: Double)] {
        var result: [String: (Double, Double, Double, Double)] = [:]
        for tag in dom.components(separatedBy: "<div ").dropFirst() {
            let head = String(tag.prefix { $0 != ">" })
            guard head.contains("swatch"), let anchor = attribute("data-theme", in: head).first,
                  let box = attribute("data-box", in: head).first else { continue }
            let n = box.split(separator: " ").compactMap { Double($0) }
            guard n.count == 4 else { continue }
            result[anchor] = (n[0], n[1], n[2], n[3])
        }
        return result
    }
}
