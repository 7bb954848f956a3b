import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenSlicing
@testable import ThemegenGenerate
import ThemegenTestSupport
import ThemegenTestKit

final class CatalogPlannerTests: XCTestCase {
    typealias F = SlicingFixtures

    func testCatalogRootAndGroupGoldens() throws {
        XCTAssertEqual(CatalogContents.catalog().text(.xcode), try SharedCorpus.fixtureText("Catalog/catalog-root.json"))
        XCTAssertEqual(CatalogContents.group(providesNamespace: true).text(.xcode), try SharedCorpus.fixtureText("Catalog/group-namespace.json"))
        XCTAssertEqual(CatalogContents.group(providesNamespace: false).text(.xcode), try SharedCorpus.fixtureText("Catalog/catalog-root.json"))
    }

    func testPlainAndTemplateImageSetGoldens() throws {
        let plain = CatalogContents.imageSet(slots: [3, 1, 2].map { .init(scale: $0, filename: CatalogPlanner.fileName("Star", scale: $0)) })
        XCTAssertEqual(plain.text(.xcode), try SharedCorpus.fixtureText("Catalog/imageset-plain.json"))
        let template = CatalogContents.imageSet(slots: [.init(scale: 1, filename: "Glyph.png"), .init(scale: 2, filename: "Glyph@2x.png"),
                                                        .init(scale: 3, filename: nil)], renderingIntent: .template)
        XCTAssertEqual(template.text(.xcode), try SharedCorpus.fixtureText("Catalog/imageset-template.json"))
    }

    func testNinePartGoldenWithInsetsRoundedPerScale() throws {
        // 13 px and 15 px caps at 3x = 4.33 pt and 5 pt: round(px·s/3) gives 4/9/13 and 5/10/15.
        let slicing = Slicing(capInsets: CapInsets(top: 13.0 / 3, left: 5, bottom: 13.0 / 3, right: 5), resizingMode: .ninePart)
        let sizes = [1: (12, 10), 2: (24, 20), 3: (36, 30)]
        let slots: [CatalogContents.Slot] = [1, 2, 3].map { s in
            let (w, h) = sizes[s]!
            let img = F.image(w, h) { _, _ in (9, 9, 9, 255) }
            return .init(scale: s, filename: CatalogPlanner.fileName("Button", scale: s), slicing: ScaledSlicing(slicing, scale: s, image: img))
        }
        XCTAssertEqual(CatalogContents.imageSet(slots: slots).text(.xcode), try SharedCorpus.fixtureText("Catalog/imageset-9part.json"))
    }

    func testThreePartGoldenWritesOnlyItsAxis() throws {
        // A band that is not uniform (a stripe pattern) gives its real width: 18 - 7 - 7 = 4.
        let img = F.image(18, 6) { x, _ in x % 2 == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let s = ScaledSlicing(Slicing(capInsets: CapInsets(top: 0, left: 7, bottom: 0, right: 7), resizingMode: .threePartHorizontal, centerMode: .tile),
                              scale: 1, image: img)
        XCTAssertFalse(s.uniform)
        XCTAssertEqual(s.centerWidth, 4)
        let doc = CatalogContents.imageSet(slots: [.init(scale: 1, filename: "Pill.png", slicing: s)])
        XCTAssertEqual(doc.text(.xcode), try SharedCorpus.fixtureText("Catalog/imageset-3part.json"))
    }

    func testInsetRoundingIsHalfUp() {
        XCTAssertEqual(ScaledSlicing.pixels(1.5, 1), 2)
        XCTAssertEqual(ScaledSlicing.pixels(2.5, 1), 3)
        XCTAssertEqual(ScaledSlicing.pixels(4.0 / 3, 1), 1)
        XCTAssertEqual(ScaledSlicing.pixels(4.0 / 3, 2), 3)
        XCTAssertEqual(ScaledSlicing.pixels(4.0 / 3, 3), 4)
        XCTAssertEqual(ScaledSlicing.pixels(5.0 / 3, 2), 3)
        XCTAssertEqual(ScaledSlicing.pixels(0, 3), 0)
    }

    func testJSONEscapingAndKeyOrder() {
        let doc = JSONNode.sortedObject(["b": .string("a\"b\\c\n\u{1}é/"), "a": .array([]), "B": .bool(false)])
        XCTAssertEqual(doc.text(.xcode), "{\n  \"B\" : false,\n  \"a\" : [\n\n  ],\n  \"b\" : \"a\\\"b\\\\c\\n\\u0001é/\"\n}\n")
        // The same tree in themegen's own layout and in the templates' script-safe one.
        XCTAssertEqual(doc.text(.plain), "{\n  \"B\": false,\n  \"a\": [],\n  \"b\": \"a\\\"b\\\\c\\n\\u0001é/\"\n}\n")
        XCTAssertEqual(JSONNode.string("\u{2028}\u{1F}").text, "\"\\u2028\\u001F\"\n")
    }

    func testPlanListsEveryFileSortedWithGroups() throws {
        let img = F.image(3, 3) { _, _ in (1, 2, 3, 255) }
        func sliced(_ name: String, _ groups: [String], scales: [Int]) -> SlicedAsset {
            SlicedAsset(asset: Asset(name: name, identifier: name, file: "\(name)@3x.png", groups: groups,
                                     pointWidth: 1, pointHeight: 1, scales: scales),
                        images: scales.map { ScaledImage(scale: $0, image: img, png: [UInt8($0)]) })
        }
        let plan = try CatalogPlanner.plan(catalog: "Out.xcassets/", assets: [
            sliced("Star", ["Icons", "Small"], scales: [1, 2, 3]),
            sliced("Back", [], scales: [1, 2]),
            sliced("Arrow", ["Icons"], scales: [1, 2, 3]),
        ], providesNamespace: { $0 == "Icons/Small" })
        XCTAssertEqual(plan.files.map(\.path), [
            "Out.xcassets/Back.imageset/Back.png",
            "Out.xcassets/Back.imageset/Back@2x.png",
            "Out.xcassets/Back.imageset/Contents.json",
            "Out.xcassets/Contents.json",
            "Out.xcassets/Icons/Arrow.imageset/Arrow.png",
            "Out.xcassets/Icons/Arrow.imageset/Arrow@2x.png",
            "Out.xcassets/Icons/Arrow.imageset/Arrow@3x.png",
            "Out.xcassets/Icons/Arrow.imageset/Contents.json",
            "Out.xcassets/Icons/Contents.json",
            "Out.xcassets/Icons/Small/Contents.json",
            "Out.xcassets/Icons/Small/Star.imageset/Contents.json",
            "Out.xcassets/Icons/Small/Star.imageset/Star.png",
            "Out.xcassets/Icons/Small/Star.imageset/Star@2x.png",
            "Out.xcassets/Icons/Small/Star.imageset/Star@3x.png",
        ])
        // Per group: only Icons/Small provides a namespace.
        XCTAssertEqual(try plan.files.first { $0.path == "Out.xcassets/Icons/Small/Star.imageset/Star@2x.png" }?.read(), [2])
        XCTAssertEqual(plan.files.first { $0.path == "Out.xcassets/Icons/Contents.json" }?.kind, .text)
        XCTAssertEqual(plan.files.first { $0.path == "Out.xcassets/Back.imageset/Back.png" }?.kind, .png)
        XCTAssertEqual(String(decoding: try plan.files.first { $0.path == "Out.xcassets/Icons/Contents.json" }!.read(), as: UTF8.self), CatalogContents.group(providesNamespace: false).text(.xcode))
        let groupDoc = plan.files.first { $0.path == "Out.xcassets/Icons/Small/Contents.json" }!
        XCTAssertEqual(String(decoding: try groupDoc.read(), as: UTF8.self), CatalogContents.group(providesNamespace: true).text(.xcode))
        // The empty 3x slot of Back is written as an entry without a file.
        let back = String(decoding: try plan.files.first { $0.path == "Out.xcassets/Back.imageset/Contents.json" }!.read(), as: UTF8.self)
        XCTAssertTrue(back.contains("    {\n      \"idiom\" : \"universal\",\n      \"scale\" : \"3x\"\n    }\n"), back)
    }

    func testColorSetGoldenWithDarkVariant() throws {
        let c = NamedColor(name: "Accent", color: RGBA(red: 1, green: 1.0 / 255, blue: 88.0 / 255),
                           dark: RGBA(red: 0.11, green: 0.1104, blue: -0.2, alpha: 0.5), colorSpace: .displayP3)
        XCTAssertEqual(try CatalogContents.colorSet(c).text(.xcode), try SharedCorpus.fixtureText("Catalog/colorset-dark.json"))
        // Three decimals recover every 8-bit value.
        for v in 0...255 {
            XCTAssertEqual(Int((Double(CatalogContents.component(Double(v) / 255))! * 255).rounded()), v)
        }
        let light = try CatalogContents.colorSet(NamedColor(name: "Ink", color: RGBA(red: 0, green: 0, blue: 0)))
        XCTAssertTrue(light.text(.xcode).contains("\"color-space\" : \"srgb\""))
        XCTAssertFalse(light.text(.xcode).contains("appearances"))
    }

    func testColorSetsInThePlanAndTheirErrors() throws {
        let img = F.image(3, 3) { _, _ in (1, 2, 3, 255) }
        let star = SlicedAsset(asset: Asset(name: "Star", identifier: "star", file: "in/Star@3x.png", pointWidth: 1, pointHeight: 1, scales: [3]),
                               images: [ScaledImage(scale: 3, image: img, png: [3])])
        let plan = try CatalogPlanner.plan(catalog: "T.xcassets", assets: [star], colors: [
            NamedColor(name: "Ocean", groups: ["Themes"], color: RGBA(red: 0, green: 0.2, blue: 0.4)),
            NamedColor(name: "OceanText", groups: ["Themes"], color: RGBA(red: 1, green: 1, blue: 1), dark: RGBA(red: 0, green: 0, blue: 0)),
        ], providesNamespace: { _ in true })
        XCTAssertEqual(plan.files.map(\.path), [
            "T.xcassets/Contents.json",
            "T.xcassets/Star.imageset/Contents.json",
            "T.xcassets/Star.imageset/Star@3x.png",
            "T.xcassets/Themes/Contents.json",
            "T.xcassets/Themes/Ocean.colorset/Contents.json",
            "T.xcassets/Themes/OceanText.colorset/Contents.json",
        ])
        XCTAssertEqual(plan.files.map(\.path).filter { $0.hasSuffix(".colorset/Contents.json") }, ["T.xcassets/Themes/Ocean.colorset/Contents.json", "T.xcassets/Themes/OceanText.colorset/Contents.json"])
        XCTAssertThrowsError(try CatalogPlanner.plan(catalog: "T.xcassets", assets: [star],
                                                     colors: [NamedColor(name: "Star", color: RGBA(red: 0, green: 0, blue: 0))])) { e in
            XCTAssertEqual("\(e)", "T.xcassets/Star: both the image in/Star@3x.png and the colour Star are named 'Star' in the same catalog folder; rename one")
        }
        XCTAssertThrowsError(try CatalogPlanner.plan(catalog: "T.xcassets", assets: [],
                                                     colors: [NamedColor(name: "Odd", color: RGBA(red: 0, green: 0, blue: 0), colorSpace: .other("gAMA 1"))])) { e in
            XCTAssertEqual("\(e)", "Odd.colorset: its colour space 'gAMA 1' cannot be written in a colorset; use sRGB or Display P3 sources")
        }
    }

    /// Slicing with images dropped still plans every file (the catalog encodes none).
    func testImagesAreDroppedUnlessKept() throws {
        let img = SlicingFixtures.image(9, 6) { _, _ in (1, 1, 1, 255) }
        let r = Slicer.slice([SliceSource(path: "Flat@3x.png")!], decode: { _ in DecodedSource(image: img, bytes: [1]) },
                             encode: { _, _ in [1, 2] })
        XCTAssertEqual(r.assets[0].images.map { $0.image == nil }, [true, true, true])
        XCTAssertEqual(r.assets[0].images.map { [$0.width, $0.height] }, [[3, 2], [6, 4], [9, 6]])
        let plan = try CatalogPlanner.plan(catalog: "A.xcassets", assets: r.assets)
        XCTAssertEqual(plan.files.count, 5)
    }
}
