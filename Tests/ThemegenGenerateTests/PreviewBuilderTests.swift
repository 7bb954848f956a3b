import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenSlicing
@testable import ThemegenGenerate
import ThemegenGradients
import ThemegenFixtures
import ThemegenTestKit

final class PreviewBuilderTests: XCTestCase {
    func plan() throws -> [PlannedFile] {
        try PreviewBuilder.plan(themes: PreviewFixtures.previewThemes(), assets: try PreviewFixtures.previewAssets())
    }

    func html(_ files: [PlannedFile]) -> String {
        // The page is planned in memory, so reading it cannot fail; an empty page fails the caller's checks.
        String(decoding: (try? files.first { $0.path == "Generated/Preview/index.html" }!.read()) ?? [], as: UTF8.self)
    }

    func testPlansThePageWithItsImagesBeside() throws {
        let files = try plan()
        let scales = ["@1x", "@2x", "@3x"]
        let assets = ["button", "card", "icons-close", "icons-plus", "icons-star"].flatMap { n in scales.map { "Generated/Preview/images/assets/\(n)\($0).png" } }
        let themes = ["aurora-p3", "dusk-diagonal", "ocean-blue", "sunset"].map { "Generated/Preview/images/themes/\($0).png" }
        XCTAssertEqual(files.map(\.path), assets + themes + ["Generated/Preview/index.html"])
        XCTAssertEqual(files.last?.kind, .text)
        XCTAssertTrue(files.dropLast().allSatisfy { $0.kind == .png })

        // Asset outputs are the slicer's bytes, unchanged.
        let inputs = try PreviewFixtures.previewAssets()
        let star = inputs.first { $0.asset.name == "Star" }!
        for img in star.images {
            XCTAssertEqual(try files.first { $0.path == "Generated/Preview/images/assets/icons-star@\(img.scale)x.png" }?.read(), img.png)
        }

        // Thumbnails: the box-filtered artboard at the fitted size, in the artboard's space.
        let ocean = try PNGDecoder.decode(data: try files.first { $0.path.hasSuffix("themes/ocean-blue.png") }!.read(), name: "ocean")
        XCTAssertEqual([ocean.width, ocean.height], [249, 540])
        let full = PreviewFixtures.artboard(PreviewFixtures.themes[0])
        XCTAssertEqual(ocean, BoxDownscaler.downscale(full, width: 249, height: 540))
        let aurora = try PNGDecoder.decode(data: try files.first { $0.path.hasSuffix("themes/aurora-p3.png") }!.read(), name: "aurora")
        XCTAssertEqual([aurora.width, aurora.height], [300, 200])
        XCTAssertEqual(aurora.colorSpace, .displayP3)
    }

    func testSameInputsGiveTheSameBytes() throws {
        let a = try plan(), b = try plan()
        XCTAssertEqual(a, b)
        let page = html(a)
        for leak in ["/tmp", "/work", "/Users", "/home", NSTemporaryDirectory(), "file:", "http:", "https:", "2026"] {
            XCTAssertFalse(page.contains(leak), "the page contains \(leak)")
        }
    }

    func testThemeSection() throws {
        let page = html(try plan())
        XCTAssertTrue(page.contains(#"<article class="card theme" id="theme-ocean-blue">"#))
        XCTAssertTrue(page.contains(##"<a href="#theme-ocean-blue">Ocean Blue</a>"##))
        XCTAssertTrue(page.contains(#"<code class="ident">.oceanBlue</code>"#))
        XCTAssertTrue(page.contains(#"<img src="images/themes/ocean-blue.png" width="249" height="540" alt="Artboard Ocean Blue">"#))
        // The gradient, with the same aspect ratio as the artboard beside it.
        XCTAssertTrue(page.contains(#"<div class="panel swatch" data-theme="theme-ocean-blue" style="width: min(166px, calc(50vw - 40px)); aspect-ratio: 375 / 812; background-image: linear-gradient(180deg, #0B3D91 0.00%, #4FC3F7 100.00%)">"#))
        XCTAssertTrue(page.contains("linear-gradient(180deg, #FF5F6D 15.00%, #FFC371 50.00%, #8E2DE2 85.00%)"))
        XCTAssertTrue(page.contains("linear-gradient(135deg, #2B1055 0.00%, #D53369 60.00%, #F5A623 100.00%)"))
        XCTAssertTrue(page.contains("linear-gradient(160deg in display-p3, color(display-p3 0 0.898 0.6275) 0.00%, color(display-p3 0.4157 0 1) 100.00%)"))
        // P3 values of the P3 theme's stops.
        XCTAssertTrue(page.contains("<td><code>0 0.898 0.6275</code></td>"))
        // Overlays in percent of the artboard: 0,0 375×44 and 24,700 327×64 on 375×812.
        XCTAssertTrue(page.contains(#"style="left: 0.0000%; top: 0.0000%; width: 100.0000%; height: 5.4187%""#))
        XCTAssertTrue(page.contains(#"style="left: 6.4000%; top: 86.2069%; width: 87.2000%; height: 7.8818%""#))
        // Fit badges: 0.62 is good, 2.40 is poor.
        XCTAssertEqual(page.components(separatedBy: "good fit · ΔE max 0.62").count - 1, 3)
        XCTAssertEqual(page.components(separatedBy: "poor fit · ΔE max 2.40").count - 1, 1)
        XCTAssertTrue(page.contains("1 poor fit(s)"))
        // Contrast: 2.06 large and 1.71 body fail, 3.42 large passes, 3.42 body fails.
        XCTAssertTrue(page.contains(#"<td><code>2.06:1</code></td><td><span class="badge bad">fail &lt; 3.0</span></td>"#))
        XCTAssertTrue(page.contains(#"<td><code>3.42:1</code></td><td><span class="badge good">pass ≥ 3.0</span></td>"#))
        XCTAssertTrue(page.contains(#"<td><code>3.42:1</code></td><td><span class="badge bad">fail &lt; 4.5</span></td>"#))
        XCTAssertTrue(page.contains("3 text colour(s) below WCAG AA"))
        XCTAssertTrue(page.contains(#"<span class="sample large" style="color: #FFFFFF">title ⚠</span>"#))
        XCTAssertTrue(page.contains(#"<span class="dot" style="background: #FFC371"></span><code>#FFC371</code>"#), "Sunset's theme colour")
    }

    func testAssetSection() throws {
        let page = html(try plan())
        XCTAssertTrue(page.contains(#"<article class="card asset" id="asset-icons-star">"#))
        XCTAssertTrue(page.contains(##"<a href="#asset-icons-star">Icons/Star</a>"##))
        XCTAssertTrue(page.contains(#"<img src="images/assets/icons-star@2x.png" width="24" height="24" alt="Star @2x">"#))
        XCTAssertTrue(page.contains(#"<div class="frame checker zoomed" style="width: 144px; height: 144px"><img class="pixelated" src="images/assets/icons-star@1x.png""#))
        XCTAssertTrue(page.contains("rendering: template"))
        XCTAssertTrue(page.contains(#"<img class="tinted" src="images/assets/icons-close@3x.png""#))
        // The 9-slice: slices in @3x pixels, widths in points; a tiled centre repeats.
        XCTAssertTrue(page.contains("border-image: url(images/assets/button@3x.png) 36.00 36.00 36.00 36.00 fill / 12.00px 12.00px 12.00px 12.00px stretch"))
        XCTAssertTrue(page.contains("border-image: url(images/assets/card@3x.png) 54.00 54.00 60.00 54.00 fill / 18.00px 18.00px 20.00px 18.00px repeat"))
        XCTAssertTrue(page.contains(#"<div class="stretch" style="width: 200px; height: 44px;"#))
        XCTAssertTrue(page.contains(#"<div class="stretch" style="width: 320px; height: 88px;"#))
        // Cap guides over the zoomed images: Card is 120×80 pt with caps 18, 18, 20, 18.
        XCTAssertTrue(page.contains(#"<span class="region" style="left: 15.0000%; top: 22.5000%; width: 70.0000%; height: 52.5000%"></span><span class="guide v" style="left: 15.0000%"></span><span class="guide v" style="left: 85.0000%"></span><span class="guide h" style="top: 22.5000%"></span><span class="guide h" style="top: 75.0000%"></span>"#))
        let star = page.components(separatedBy: #"id="asset-icons-star""#)[1].components(separatedBy: "</article>")[0]
        XCTAssertFalse(star.contains("guide") || star.contains("stretch"), "no guides or stretching on an unsliced asset")
        XCTAssertTrue(star.contains("images/assets/icons-star@3x.png"))
    }

    func testThreePartAssetsGetGuidesOnOneAxisOnly() throws {
        let png = try PNGEncoder.encode(Image(width: 120, height: 18, fill: (200, 40, 40, 255)))
        let asset = Asset(name: "Track", identifier: "track", file: "Exports/Track@3x.png", pointWidth: 40, pointHeight: 6, scales: [3],
                          slicing: Slicing(capInsets: CapInsets(top: 0, left: 3, bottom: 0, right: 5), resizingMode: .threePartHorizontal))
        let page = html(try PreviewBuilder.plan(themes: [], assets: [PreviewAsset(asset: asset, images: [PreviewAssetImage(scale: 3, png: png)])]))
        XCTAssertTrue(page.contains(#"<span class="region" style="left: 7.5000%; top: 0%; width: 80.0000%; height: 100%"></span><span class="guide v" style="left: 7.5000%"></span><span class="guide v" style="left: 87.5000%"></span></div>"#))
        XCTAssertTrue(page.contains("border-image: url(images/assets/track@3x.png) 0.00 15.00 0.00 9.00 fill / 0.00px 5.00px 0.00px 3.00px stretch"))
        XCTAssertTrue(page.contains(#"<div class="stretch" style="width: 80px; height: 6px;"#))
        XCTAssertTrue(page.contains(#"<div class="stretch" style="width: 160px; height: 6px;"#))
        XCTAssertFalse(page.contains("<h2 class=\"section\">Themes</h2>"))
    }

    /// Names are escaped in the page and give ASCII file names that never clash.
    func testAwkwardNames() throws {
        let themes = try TemplateFixtures.awkwardThemes.map { t -> PreviewTheme in
            var small = t
            small.width = 30; small.height = 60; small.overlays = []
            return try PreviewTheme(theme: small, artboard: PreviewFixtures.artboard(small))
        }
        let files = try PreviewBuilder.plan(themes: themes, assets: [])
        let page = html(files)
        XCTAssertFalse(page.contains("<b>"))
        XCTAssertTrue(page.contains("Say &quot;Hi&quot; \\ */ &lt;b&gt;"))
        let names = files.map(\.path).filter { $0.contains("/themes/") }
        XCTAssertEqual(Set(names).count, themes.count)
        XCTAssertTrue(names.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII } }, "\(names)")
        XCTAssertTrue(names.contains("Generated/Preview/images/themes/theme.png"), "🎨 has no ASCII: \(names)")
        XCTAssertTrue(names.contains("Generated/Preview/images/themes/theme-2.png"), "日本の空 neither")
        XCTAssertTrue(names.contains("Generated/Preview/images/themes/cre-me-bru-le-e.png"), "\(names)")
    }

    /// An asset the run writes into a catalog is linked there, relative to the page and
    /// percent-encoded, and not copied beside the page.
    func testCatalogImagesAreLinkedNotCopied() throws {
        var star = try PreviewFixtures.previewAssets().first { $0.asset.name == "Star" }!
        star.asset.groups = ["Tab Bar #2"]
        star.asset.name = "Star (filled) 100%"
        let linked = PreviewAsset(asset: star.asset, images: star.images.map {
            PreviewAssetImage(scale: $0.scale, png: $0.png, catalogPath: CatalogPlanner.imagePath(catalog: "Generated/Assets.xcassets", asset: star.asset, scale: $0.scale))
        })
        let files = try PreviewBuilder.plan(themes: [], assets: [linked])
        XCTAssertEqual(files.map(\.path), ["Generated/Preview/index.html"])
        XCTAssertTrue(html(files).contains(#"src="../Assets.xcassets/Tab%20Bar%20%232/Star%20%28filled%29%20100%25.imageset/Star%20%28filled%29%20100%25@2x.png""#))
        XCTAssertEqual(PreviewLinks.relative(from: "", to: "A.xcassets/日.imageset/日.png"), "A.xcassets/%E6%97%A5.imageset/%E6%97%A5.png")
        XCTAssertEqual(PreviewLinks.relative(from: "Docs/Preview/Page", to: "Docs/A.xcassets/x.png"), "../../A.xcassets/x.png")
        XCTAssertEqual(PreviewLinks.relative(from: "./Out", to: "Out/Out/x.png"), "Out/x.png")
    }

    func testArtboardOfTheWrongSizeNamesTheFile() throws {
        var theme = PreviewFixtures.themes[0]
        let artboard = PreviewFixtures.artboard(theme)
        theme.width = 1125; theme.height = 2436
        XCTAssertThrowsError(try PreviewTheme(theme: theme, artboard: artboard)) { error in
            XCTAssertEqual("\(error)", "Exports/Themes/Ocean Blue.png: the artboard is 375×812 but the theme was fitted on 1125×2436 (was the file replaced after the theme was fitted?)")
        }
    }

    /// The theme pass makes the thumbnail from the rows it fits: the same bytes as a thumbnail
    /// of the decoded artboard, so the page does not change when nothing is decoded twice.
    func testThumbnailFromTheFitPassIsTheArtboardsThumbnail() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("themegen-preview-disk-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (theme, name) in [(PreviewFixtures.themes[1], "Sunset.png"), (PreviewFixtures.themes.last!, "Aurora.png")] {
            let artboard = PreviewFixtures.artboard(theme)
            let file = dir.appendingPathComponent(name).path
            try Data(try PNGEncoder.encode(artboard)).write(to: URL(fileURLWithPath: file))
            var options = ThemeOptions(allowPoorFit: true)
            options.thumbnail = PreviewBuilder.thumbnailSize
            let console = CapturedDiagnostics()
            let extraction = ThemeExtractor.extraction(files: [file], options: options, console: console)
            let fromFit = try XCTUnwrap(extraction.thumbnails[file])
            let fromArtboard = try PreviewTheme(theme: try XCTUnwrap(extraction.themes.first, name), artboard: try PNGDecoder.decode(path: file)).thumbnail
            XCTAssertEqual(fromFit, fromArtboard, name)
            XCTAssertTrue(fromFit.width <= 300 && fromFit.height <= 540 && (fromFit.width == 300 || fromFit.height == 540), "\(name): \(fromFit.width)×\(fromFit.height)")
        }
    }

    func testEmptyPage() throws {
        let files = try PreviewBuilder.plan(themes: [], assets: [])
        XCTAssertEqual(files.map(\.path), ["Generated/Preview/index.html"])
        XCTAssertTrue(html(files).contains("No themes or assets were found."))
    }

    /// A team's own `Templates/preview-html.mustache` wins over the built-in one.
    func testTemplateFolderOverridesTheBuiltIn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("themegen-preview-tpl-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "{{#themes}}{{name}}={{gradientCSS}};{{/themes}}".write(to: dir.appendingPathComponent("preview-html.mustache"), atomically: true, encoding: .utf8)
        var options = PreviewBuilder.Options()
        options.templateFolder = dir
        options.folder = "Docs/Preview"
        let theme = PreviewFixtures.themes[0]
        let files = try PreviewBuilder.plan(themes: [PreviewTheme(theme: theme, artboard: PreviewFixtures.artboard(theme))], assets: [], options: options)
        XCTAssertEqual(files.map(\.path), ["Docs/Preview/images/themes/ocean-blue.png", "Docs/Preview/index.html"])
        XCTAssertEqual(String(decoding: try files[1].read(), as: UTF8.self), "Ocean Blue=linear-gradient(180deg, #0B3D91 0.00%, #4FC3F7 100.00%);")
    }
}

extension PreviewBuilderTests {
    func testOptionsFromAPagePath() {
        let a = PreviewBuilder.Options(pagePath: "Docs/Design/preview.html")
        XCTAssertEqual([a.folder, a.pageName], ["Docs/Design", "preview.html"])
        let b = PreviewBuilder.Options(pagePath: "index.html")
        XCTAssertEqual([b.folder, b.pageName], ["", "index.html"])
    }
}
