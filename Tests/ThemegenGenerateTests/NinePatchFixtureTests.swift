import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenSlicing
@testable import ThemegenGenerate
import ThemegenTestSupport
import ThemegenTestKit

/// 9-patch PNG files through the whole slicer: scan, decode, strip, slice, plan.
final class NinePatchFixtureTests: XCTestCase {
    typealias F = SlicingFixtures

    func testGoodNinePatchFileBecomesASlicedImageSetInItsGroup() throws {
        let root = SharedCorpus.fixtures.appendingPathComponent("NinePatch/good").path
        let sources = try SliceSource.scan([root])
        XCTAssertEqual(sources.map(\.assetKey), ["Buttons/Pill"])
        XCTAssertEqual(sources.first?.isNinePatch, true)
        let r = Slicer.slice(files: sources)
        XCTAssertEqual(r.errors.map(\.description), [])
        XCTAssertEqual(r.warnings, [])
        let a = try XCTUnwrap(r.assets.first)
        // 24×12 art: stretch columns 9..<15 and rows 3..<9 → caps 3/1/3/1 pt.
        XCTAssertEqual(a.asset.slicing, Slicing(capInsets: CapInsets(top: 1, left: 3, bottom: 1, right: 3), resizingMode: .ninePart))
        XCTAssertEqual([a.asset.pointWidth, a.asset.pointHeight], [8, 4])
        XCTAssertEqual(a.asset.groups, ["Buttons"])
        XCTAssertEqual(a.images.map { [$0.width, $0.height] }, [[8, 4], [16, 8], [24, 12]])
        XCTAssertEqual(a.images.map { $0.slicing!.uniform }, [true, true, true])

        // The planned @3x decodes to the art without its frame.
        let plan = try CatalogPlanner.plan(catalog: "UI.xcassets", assets: r.assets, providesNamespace: { _ in true })
        let png = try XCTUnwrap(plan.files.first { $0.path == "UI.xcassets/Buttons/Pill.imageset/Pill@3x.png" })
        let decoded = try PNGDecoder.decode(data: try png.read(), name: png.path)
        let source = try PNGDecoder.decode(path: root + "/Buttons/Pill@3x.9.png")
        XCTAssertEqual(decoded.to8Bit(), source.cropped(x: 1, y: 1, width: 24, height: 12).to8Bit())
        let contents = String(decoding: try plan.files.first { $0.path == "UI.xcassets/Buttons/Pill.imageset/Contents.json" }!.read(), as: UTF8.self)
        XCTAssertTrue(contents.contains("""
                "cap-insets" : {
                  "bottom" : 2,
                  "left" : 6,
                  "right" : 6,
                  "top" : 2
                },
        """), contents)
        XCTAssertEqual(plan.files.map(\.path), [
            "UI.xcassets/Buttons/Contents.json",
            "UI.xcassets/Buttons/Pill.imageset/Contents.json",
            "UI.xcassets/Buttons/Pill.imageset/Pill.png",
            "UI.xcassets/Buttons/Pill.imageset/Pill@2x.png",
            "UI.xcassets/Buttons/Pill.imageset/Pill@3x.png",
            "UI.xcassets/Contents.json",
        ])
    }

    func testBadNinePatchFilesAreErrorsNamingPixelAndAxis() throws {
        let root = SharedCorpus.fixtures.appendingPathComponent("NinePatch/bad").path
        let r = Slicer.slice(files: try SliceSource.scan([root]))
        XCTAssertEqual(r.assets.count, 0)
        XCTAssertEqual(r.errors.map(\.description), [
            "\(root)/Green@3x.9.png: 9-patch frame pixel (3, 0) on the top edge is #00FF00; use opaque black, transparent or white",
            "\(root)/TwoRanges@3x.9.png: 9-patch has 2 stretch ranges on the vertical axis (left edge) (art pixels 1, 4); iOS can express only one per axis",
        ])
        XCTAssertEqual(r.errors.map { $0.kind }, [ErrorKind.input, .input])
    }

    func testMissingInputIsAnError() {
        XCTAssertThrowsError(try SliceSource.scan(["/nonexistent/themegen-input"])) { e in
            XCTAssertEqual("\(e)", "/nonexistent/themegen-input: no such file or folder")
        }
    }
}
