import XCTest
@testable import ThemegenImage
@testable import ThemegenSlicing
import ThemegenTestSupport
import ThemegenTestKit

final class SlicerTests: XCTestCase {
    typealias F = SlicingFixtures

    /// Slices in-memory sources: `images[path]` is what decoding `path` gives; the "file bytes"
    /// are a marker of `marker` bytes, and encoding gives `encodedSize` bytes.
    func run(_ images: [String: Image], groups: [String: [String]] = [:], options: SliceOptions = SliceOptions(),
             marker: Int = 10, encodedSize: Int = 20) -> SliceResult {
        var options = options
        options.keepImages = true
        let sources = images.keys.sorted().map { SliceSource(path: $0, groups: groups[$0] ?? [])! }
        return Slicer.slice(sources, options: options,
                            decode: { p in DecodedSource(image: images[p]!, bytes: [UInt8](repeating: 7, count: marker)) },
                            encode: { _, _ in [UInt8](repeating: 1, count: encodedSize) })
    }

    func testFileNamesGiveNameScaleAndNinePatch() {
        let a = SliceSource(path: "in/Icons/Star@3x.png", groups: ["Icons"])!
        XCTAssertEqual([a.name, "\(a.scale)", "\(a.isNinePatch)", a.assetKey], ["Star", "3", "false", "Icons/Star"])
        let b = SliceSource(path: "Button@3x.9.png")!
        XCTAssertEqual([b.name, "\(b.scale)", "\(b.isNinePatch)"], ["Button", "3", "true"])
        XCTAssertEqual(SliceSource(path: "Logo.png")?.scale, 1)
        XCTAssertEqual(SliceSource(path: "Logo@2x.png")?.scale, 2)
        XCTAssertEqual(SliceSource(path: "me@home.png")?.name, "me@home")
        XCTAssertNil(SliceSource(path: "Logo@4x.png"))
        XCTAssertNil(SliceSource(path: "notes.txt"))
    }

    func testThreeXSourceGivesAllScalesAndKeepsItsPixels() throws {
        let src = F.image(72, 45) { x, y in (UInt8(x), UInt8(y), 9, 255) }
        let r = run(["Star@3x.png": src])
        XCTAssertEqual(r.warnings, []); XCTAssertEqual(r.errors.count, 0)
        let a = try XCTUnwrap(r.assets.first)
        XCTAssertEqual(a.asset.scales, [1, 2, 3])
        XCTAssertEqual([a.asset.pointWidth, a.asset.pointHeight], [24, 15])
        XCTAssertEqual(a.images.map { [$0.image!.width, $0.image!.height] }, [[24, 15], [48, 30], [72, 45]])
        // @3x holds exactly the source pixels, and the smaller encoding (here the source bytes).
        XCTAssertEqual(a.images[2].image!, src)
        XCTAssertEqual(a.images[2].png, [UInt8](repeating: 7, count: 10))
        // When themegen's encoding is smaller, it wins.
        let r2 = run(["Star@3x.png": src], marker: 30)
        XCTAssertEqual(r2.assets[0].images[2].png.count, 20)
        XCTAssertEqual(a.asset.identifier, "star")
        XCTAssertEqual(SliceOptions().identifier("back-arrow 2"), "backArrow2")
        XCTAssertEqual(a.asset.file, "Star@3x.png")
    }

    func testSideNotMultipleOfThreeWarnsOnceOrPads() throws {
        let src = F.image(100, 50) { _, _ in (1, 2, 3, 255) }
        let r = run(["Odd@3x.png": src])
        XCTAssertEqual(r.warnings, ["Odd@3x.png: Odd is 100×50 px at @3x, not a multiple of 3; the 1x would be blurry or off by a pixel\u{1F}pass --pad to pad it transparently"])
        XCTAssertEqual(r.assets[0].images.map { [$0.image!.width, $0.image!.height] }, [[33, 17], [67, 33], [100, 50]])
        var o = SliceOptions(); o.pad = true
        let p = run(["Odd@3x.png": src], options: o)
        XCTAssertEqual(p.warnings, [])
        XCTAssertEqual(p.assets[0].images.map { [$0.image!.width, $0.image!.height] }, [[34, 17], [68, 34], [102, 51]])
        // Padding is transparent at the right and bottom; the art stays where it was.
        let three = p.assets[0].images[2].image!
        XCTAssertEqual(F.pixel(three, 99, 49), [1, 2, 3, 255])
        XCTAssertEqual(F.pixel(three, 100, 0), [0, 0, 0, 0])
        XCTAssertEqual(F.pixel(three, 0, 50), [0, 0, 0, 0])
        // A padded source is re-encoded, never copied.
        XCTAssertEqual(p.assets[0].images[2].png.count, 20)
    }

    func testTwoXSourceFillsLowerSlotsAndWarnsAboutTheEmptyOne() throws {
        let two = F.image(48, 48) { x, _ in x < 24 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let r = run(["Logo@2x.png": two])
        XCTAssertEqual(r.warnings, ["Logo: no source at or above @3x; the slot stays empty (themegen never upscales)"])
        let a = r.assets[0]
        XCTAssertEqual(a.asset.scales, [1, 2])
        XCTAssertEqual([a.asset.pointWidth, a.asset.pointHeight], [24, 24])
        XCTAssertEqual(a.images[0].image!.width, 24)
        // 2:1 is an exact area average: the edge at 24 px (2x) lands on 12 px (1x).
        XCTAssertEqual(F.pixel(a.images[0].image!, 11, 0), [0, 0, 0, 255])
        XCTAssertEqual(F.pixel(a.images[0].image!, 12, 0), [255, 255, 255, 255])
        // A plain NAME.png is the 1x, and with a 3x the 2x is made from the 3x.
        let both = run(["Tab.png": F.image(10, 10) { _, _ in (5, 5, 5, 255) },
                        "Tab@3x.png": F.image(30, 30) { _, _ in (9, 9, 9, 255) }])
        XCTAssertEqual(both.warnings, [])
        XCTAssertEqual(both.assets[0].images.map { F.pixel($0.image!, 0, 0)[0] }, [5, 9, 9])
        let stale = run(["Tab.png": F.image(11, 10) { _, _ in (5, 5, 5, 255) },
                         "Tab@3x.png": F.image(30, 30) { _, _ in (9, 9, 9, 255) }])
        XCTAssertEqual(stale.warnings, ["Tab.png: Tab is 11×10 px at @1x, but Tab@3x.png makes it 10×10; the scales will not match"])
        let only1 = run(["One.png": F.image(10, 10) { _, _ in (5, 5, 5, 255) }])
        XCTAssertEqual(only1.warnings, ["One: no source at or above @2x, @3x; the slots stay empty (themegen never upscales)"])
    }

    func testSixteenBitAndP3Sources() throws {
        var px = [UInt16]()
        for _ in 0..<(9 * 9) { px += [32767, 65535, 0, 65535] }
        let r = run(["Deep@3x.png": Image(width: 9, height: 9, colorSpace: .displayP3, pixels: .rgba16(px))])
        let a = r.assets[0]
        XCTAssertEqual(a.asset.colorSpace, .displayP3)
        for img in a.images {
            let image = try XCTUnwrap(img.image)
            XCTAssertEqual(image.colorSpace, .displayP3)
            XCTAssertEqual(image.bitDepth, 8)
            XCTAssertEqual(F.pixel(image, 0, 0), [127, 255, 0, 255])   // rounded once
        }
        // A 16-bit source is never copied: its bytes are not 8-bit pixels.
        XCTAssertEqual(a.images[2].png.count, 20)
    }

    func testNinePatchSourceIsStrippedAndSliced() throws {
        // 36×18 art with a 1-px frame: stretch x 15..<21 and y 6..<12 → 5 pt / 2 pt caps.
        let w = 36, h = 18
        let img = F.image(w + 2, h + 2) { x, y in
            if y == 0 && (16...21).contains(x) || x == 0 && (7...12).contains(y) { return (0, 0, 0, 255) }
            if x == 0 || y == 0 || x == w + 1 || y == h + 1 { return (0, 0, 0, 0) }
            return (200, 100, 50, 255)
        }
        let r = run(["Card@3x.9.png": img])
        XCTAssertEqual(r.warnings, []); XCTAssertEqual(r.errors.map(\.description), [])
        let a = r.assets[0]
        XCTAssertEqual(a.asset.slicing, Slicing(capInsets: CapInsets(top: 2, left: 5, bottom: 2, right: 5), resizingMode: .ninePart))
        XCTAssertEqual(a.images.map { [$0.image!.width, $0.image!.height] }, [[12, 6], [24, 12], [36, 18]])
        XCTAssertEqual(a.images.map { $0.slicing!.insets }, [PixelInsets(top: 2, left: 5, bottom: 2, right: 5),
                                                             PixelInsets(top: 4, left: 10, bottom: 4, right: 10),
                                                             PixelInsets(top: 6, left: 15, bottom: 6, right: 15)])
        XCTAssertEqual(a.images.map { $0.slicing!.uniform }, [true, true, true])
        XCTAssertEqual(a.images[2].png.count, 20)   // re-encoded without the frame
        // Padded to a multiple of 3 (art 35×17 → 36×18), the right and bottom caps grow by the
        // padding: caps from the padded art, as the images have it.
        var pad = SliceOptions(); pad.pad = true
        let odd = F.image(37, 19) { x, y in
            if y == 0 && (16...21).contains(x) || x == 0 && (7...12).contains(y) { return (0, 0, 0, 255) }
            if x == 0 || y == 0 || x == 36 || y == 18 { return (0, 0, 0, 0) }
            return (200, 100, 50, 255)
        }
        let padded = run(["Odd@3x.9.png": odd], options: pad)
        XCTAssertEqual(padded.warnings, [])
        XCTAssertEqual(padded.assets[0].asset.slicing?.capInsets, CapInsets(top: 2, left: 5, bottom: 2, right: 5))
        XCTAssertEqual(padded.assets[0].images.map { [$0.width, $0.height] }, [[12, 6], [24, 12], [36, 18]])
        // A bad 9-patch is an error naming the file, and the asset is left out.
        let bad = run(["Bad@3x.9.png": F.image(5, 5) { x, y in x == 2 && y == 0 ? (0, 255, 0, 255) : (0, 0, 0, 0) }])
        XCTAssertEqual(bad.assets.count, 0)
        XCTAssertEqual(bad.errors.map(\.description), ["Bad@3x.9.png: 9-patch frame pixel (2, 0) on the top edge is #00FF00; use opaque black, transparent or white"])
    }

    func testConfigCapsWinAndNonUniformBandWarnsPerScale() throws {
        // Stripes 1 px wide at 3x: uniform nowhere, so every scale warns.
        let src = F.image(30, 9) { x, _ in x % 2 == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        var o = SliceOptions()
        o.slicing["Zebra"] = Slicing(capInsets: CapInsets(top: 0, left: 3, bottom: 0, right: 3), resizingMode: .threePartHorizontal)
        o.tiledCenters = ["Zebra"]
        o.renderingIntents["Zebra"] = .template
        let r = run(["Zebra@3x.png": src], options: o)
        XCTAssertEqual(r.warnings, [1, 2, 3].map { "Zebra: at @\($0)x the stretchable band between the caps is not uniform; stretching it will smear its detail" })
        let a = r.assets[0]
        XCTAssertEqual(a.asset.slicing?.centerMode, .tile)
        XCTAssertEqual(a.asset.renderingIntent, .template)
        XCTAssertEqual(a.images.map { $0.slicing!.centerWidth }, [4, 8, 12])
    }

    func testAutoCapsAndDuplicateSources() throws {
        let src = F.image(30, 12) { x, _ in x < 6 || x >= 24 ? (0, 0, 0, 255) : (50, 50, 50, 255) }
        var o = SliceOptions(); o.autoCaps = true
        let r = run(["Bar@3x.png": src], options: o)
        XCTAssertEqual(r.assets[0].asset.slicing?.capInsets, CapInsets(top: 0, left: 2, bottom: 0, right: 2))
        XCTAssertEqual(r.assets[0].asset.slicing?.resizingMode, .ninePart)   // all rows are identical too
        let dup = run(["Bar@3x.png": src, "Bar@3x.9.png": src])
        XCTAssertEqual(dup.errors.map(\.description), ["Bar@3x.png: Bar has two @3x sources: Bar@3x.9.png and Bar@3x.png; keep one"])
    }

    func testAssetsComeOutSortedWithGroups() {
        let img = F.image(3, 3) { _, _ in (1, 1, 1, 255) }
        let r = run(["b/Zed@3x.png": img, "a/Alpha@3x.png": img, "Mid@3x.png": img],
                    groups: ["b/Zed@3x.png": ["b"], "a/Alpha@3x.png": ["a"]])
        XCTAssertEqual(r.assets.map { $0.asset.groups + [$0.asset.name] }, [["Mid"], ["a", "Alpha"], ["b", "Zed"]])
    }

    func testNamesThatDifferOnlyInCaseAreRefused() {
        // Two folders (or image sets) that a Mac's case-insensitive disk would make one.
        let img = F.image(3, 3) { _, _ in (1, 1, 1, 255) }
        let folders = run(["Icons/Star@3x.png": img, "icons/Close@3x.png": img, "icons/Plus@3x.png": img],
                          groups: ["Icons/Star@3x.png": ["Icons"], "icons/Close@3x.png": ["icons"], "icons/Plus@3x.png": ["icons"]])
        XCTAssertEqual(folders.assets.count, 0)
        XCTAssertEqual(folders.errors.map(\.description), [
            "icons/Close@3x.png: the group folder 'icons' differs from 'Icons' (Icons/Star@3x.png) only in case; a Mac's disk cannot hold both in one catalog, so rename one",
            "icons/Plus@3x.png: the group folder 'icons' differs from 'Icons' (Icons/Star@3x.png) only in case; a Mac's disk cannot hold both in one catalog, so rename one",
        ])
        let sets = run(["Star@3x.png": img, "star@2x.png": img])
        XCTAssertEqual(sets.errors.map(\.description), [
            "star@2x.png: the image set 'star' differs from 'Star' (Star@3x.png) only in case; a Mac's disk cannot hold both in one catalog, so rename one",
        ])
        // Same spelling is one asset, and different names in one folder are fine.
        XCTAssertEqual(run(["Star@3x.png": img, "Star@2x.png": img, "Stars@3x.png": img]).errors.count, 0)
    }

    func testReportGoesToTheConsoleInOrder() {
        let console = CapturedDiagnostics()
        let r = run(["Odd@3x.png": F.image(4, 3) { _, _ in (1, 1, 1, 255) },
                     "Bad@3x.9.png": F.image(5, 5) { x, y in x == 2 && y == 0 ? (0, 255, 0, 255) : (0, 0, 0, 0) }])
        r.report(to: console)
        XCTAssertEqual(console.text, """
            warning: Odd@3x.png: Odd is 4×3 px at @3x, not a multiple of 3; the 1x would be blurry or off by a pixel
                hint: pass --pad to pad it transparently
            error: Bad@3x.9.png: 9-patch frame pixel (2, 0) on the top edge is #00FF00; use opaque black, transparent or white

            """)
        XCTAssertEqual(console.worstErrorKind, .input)
    }
}
