import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
import ThemegenTestKit

/// A bare run as one pass: every input decoded once (the preview's thumbnails come from the
/// theme pass, its asset images from the slicer), and a broken artboard costs only its own
/// input's outputs.
final class SharedRunTests: XCTestCase {
    static let config = """
        {
          "themes": [{ "input": "Exports/Themes", "outputs": [{ "template": "swift", "output": "Generated/Themes.swift" }],
                       "colorsets": "Generated/Colors.xcassets" }],
          "assets": [{ "input": "Exports/Assets", "catalog": "Generated/Assets.xcassets",
                       "outputs": [{ "template": "swift-assets", "output": "Generated/Assets.swift" }] }],
          "preview": { "output": "Generated/Preview/index.html" }
        }

        """

    /// A small project from the bundled exports: three themes (one with a 1x variant beside
    /// its @3x) and three assets.
    func makeProject() throws -> String {
        let dir = makeTemporaryFolder(self)
        let exports = SharedCorpus.repoRoot.appendingPathComponent("Exports").path
        let fm = FileManager.default
        for folder in ["Exports/Themes", "Exports/Assets/Icons"] {
            try fm.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["Themes/Mint.png", "Themes/Forest@2x.png", "Themes/Rose Gold@3x.png", "Themes/Rose Gold.png",
                     "Assets/Card@3x.png", "Assets/Icons/Star@3x.png", "Assets/Icons/Close@3x.png"] {
            try fm.copyItem(atPath: exports + "/" + file, toPath: dir + "/Exports/" + file)
        }
        writeFile(dir + "/themegen.json", Self.config)
        return dir
    }

    func run(_ dir: String, _ extra: [String] = []) -> (code: ExitCode, out: String, err: String) {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(["run", "--config", dir + "/themegen.json"] + extra, console: c.console)
        return (code, c.out, c.err)
    }

    func testEveryInputIsDecodedOnceInABareRun() throws {
        let dir = try makeProject()
        let (result, opened) = PNGReadLog.recording { run(dir, ["--no-cache"]) }
        XCTAssertEqual(result.code, .ok, result.err)
        let inputs = opened.filter { $0.contains("/Exports/") }.map { String($0[$0.range(of: "/Exports/")!.upperBound...]) }
        // Rose Gold.png is the 1x of a theme fitted from its @3x: never read.
        XCTAssertEqual(inputs.sorted(), ["Assets/Card@3x.png", "Assets/Icons/Close@3x.png", "Assets/Icons/Star@3x.png",
                                         "Themes/Forest@2x.png", "Themes/Mint.png", "Themes/Rose Gold@3x.png"])
        XCTAssertEqual(Set(inputs).count, inputs.count, "decoded twice: \(inputs)")
        // The page still shows every theme's thumbnail and every asset's images.
        let preview = dir + "/Generated/Preview/images"
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: preview + "/themes").sorted(),
                       ["forest.png", "mint.png", "rose-gold.png"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: preview + "/assets"), "the page links to the catalog's images")
    }

    /// Memory stays flat with the number of themes: each thumbnail goes to the run's spool as
    /// the fit makes it, not into memory until the write, and the spool is gone after the run.
    func testThumbnailsAreKeptOnDiskUntilTheWriteAndThenRemoved() throws {
        let dir = try makeProject()
        let tmp = makeTemporaryFolder(self)
        let old = getenv("TMPDIR").map { String(cString: $0) }
        setenv("TMPDIR", tmp, 1)
        defer { if let old { setenv("TMPDIR", old, 1) } else { unsetenv("TMPDIR") } }
        let loaded = try ConfigLoader.load(explicitPath: dir + "/themegen.json")
        var options = BuildOptions(toolVersion: ThemegenCLI.version)
        options.noCache = true
        let spooled = Lock()
        nonisolated(unsafe) var atWrite: [String]? = nil
        nonisolated(unsafe) var spoolBytes: [Int] = []
        options.beforeEachChange = { _ in
            spooled.withLock {
                guard atWrite == nil else { return }
                let folders = (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []
                atWrite = folders.flatMap { f in ((try? FileManager.default.contentsOfDirectory(atPath: tmp + "/" + f)) ?? []).map { f + "/" + $0 } }
                spoolBytes = atWrite!.map { (try? FileManager.default.attributesOfItem(atPath: tmp + "/" + $0)[.size] as? Int) ?? -1 }
            }
        }
        let c = CapturedConsole()
        let outcome = try BuildRun.run(config: loaded, jobs: Producers.standard.jobs(for: loaded), options: options, console: c.console)
        XCTAssertEqual(outcome.status, .ok, c.err)
        // Forest, Mint and Rose Gold: their thumbnails, one after another in the spool's one file,
        // while the outputs are written.
        let names = try XCTUnwrap(atWrite)
        XCTAssertEqual(names.count, 1, "\(names)")
        XCTAssertTrue(names.allSatisfy { $0.hasPrefix("themegen-spool-") && $0.hasSuffix("/content") }, "\(names)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "the spool outlived the run")
        // What was written is each thumbnail, whole: together, what the spool held.
        var written = 0
        for name in ["forest", "mint", "rose-gold"] {
            let png = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/Generated/Preview/images/themes/\(name).png"))
            XCTAssertLessThanOrEqual(try PNGDecoder.decode(data: [UInt8](png), name: name).height, 540)
            written += png.count
        }
        XCTAssertEqual(spoolBytes, [written])
    }

    func testABrokenArtboardCostsOnlyItsOwnInputsOutputs() throws {
        let dir = try makeProject()
        XCTAssertEqual(run(dir).code, .ok)
        let themesSwift = readText(dir + "/Generated/Themes.swift")
        let colors = try FileManager.default.subpathsOfDirectory(atPath: dir + "/Generated/Colors.xcassets").sorted()
        XCTAssertNotNil(themesSwift)

        // A truncated export and a new asset: the asset is written, the themes input's outputs stay.
        let broken = dir + "/Exports/Themes/Broken@3x.png"
        let mint = try Data(contentsOf: URL(fileURLWithPath: dir + "/Exports/Themes/Mint.png"))
        try mint.prefix(400).write(to: URL(fileURLWithPath: broken))
        try FileManager.default.copyItem(atPath: SharedCorpus.repoRoot.appendingPathComponent("Exports/Assets/Icons/Plus@3x.png").path,
                                         toPath: dir + "/Exports/Assets/Icons/Plus@3x.png")
        let failed = run(dir)
        XCTAssertEqual(failed.code, .input)
        XCTAssertEqual(failed.err, """
            themegen: error: \(broken): PNG file is truncated: it ends before the data its chunks declare
            wrote 6 file(s), deleted 0, unchanged 17

            """)
        XCTAssertEqual(readText(dir + "/Generated/Themes.swift"), themesSwift)
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: dir + "/Generated/Colors.xcassets").sorted(), colors)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/Generated/Assets.xcassets/Icons/Plus.imageset/Contents.json"))
        XCTAssertTrue(readText(dir + "/Generated/Assets.swift")!.contains("plus"))
        let page = try XCTUnwrap(readText(dir + "/Generated/Preview/index.html"))
        XCTAssertTrue(page.contains("<dt>Source</dt><dd><code>Exports/Themes/Broken@3x.png</code></dd>"), page)
        XCTAssertTrue(page.contains("<dt>Error</dt><dd>PNG file is truncated: it ends before the data its chunks declare</dd>"))
        XCTAssertTrue(page.contains("1 artboard not recovered"))

        // --check: the failed input's outputs are stale (a run cannot bring them up to date).
        let check = run(dir, ["--check"])
        XCTAssertEqual(check.code, .input)
        XCTAssertTrue(check.out.contains("stale: Generated/Themes.swift\n"), check.out)
        XCTAssertTrue(check.out.contains("stale: Generated/Colors.xcassets/Mint/themeColor.colorset/Contents.json\n"), check.out)
        XCTAssertFalse(check.out.contains("Assets"), check.out)

        // Fixed: the next run is whole again, and the failed job was never cached.
        try FileManager.default.removeItem(atPath: broken)
        let fixed = run(dir)
        XCTAssertEqual(fixed.code, .ok, fixed.err)
        XCTAssertEqual(readText(dir + "/Generated/Themes.swift"), themesSwift)
        XCTAssertFalse(readText(dir + "/Generated/Preview/index.html")!.contains("Broken"))
        XCTAssertEqual(run(dir).err, "")
    }

    /// A preview at the output root that cannot be made (an assets section failed) keeps its
    /// page and images, and only those: an output the config no longer names is still deleted.
    func testAFailedPreviewAtTheRootKeepsOnlyItsOwnFiles() throws {
        let dir = try makeProject()
        func configure(css: Bool) {
            let outputs = #"{ "template": "swift", "output": "Generated/Themes.swift" }"#
                + (css ? #", { "template": "css", "output": "Generated/themes.css" }"# : "")
            writeFile(dir + "/themegen.json", """
                { "themes": [{ "input": "Exports/Themes", "outputs": [\(outputs)] }],
                  "assets": [{ "input": "Exports/Assets", "catalog": "Generated/Assets.xcassets" }],
                  "preview": { "output": "index.html" } }
                """)
        }
        configure(css: true)
        XCTAssertEqual(run(dir).code, .ok)
        let page = try XCTUnwrap(readText(dir + "/index.html"))
        XCTAssertNotNil(readText(dir + "/Generated/themes.css"))

        configure(css: false)
        let card = dir + "/Exports/Assets/Card@3x.png"
        try Data(contentsOf: URL(fileURLWithPath: card)).prefix(400).write(to: URL(fileURLWithPath: card))
        let failed = run(dir)
        XCTAssertEqual(failed.code, .input)
        XCTAssertEqual(failed.err, """
            themegen: error: \(card): PNG file is truncated: it ends before the data its chunks declare
            wrote 0 file(s), deleted 1, unchanged 1

            """)
        XCTAssertNil(readText(dir + "/Generated/themes.css"))
        XCTAssertEqual(readText(dir + "/index.html"), page)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/images/themes").sorted(),
                       ["forest.png", "mint.png", "rose-gold.png"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/Generated/Assets.xcassets/Card.imageset/Contents.json"))
    }

    /// The page links to the images the catalog gets instead of keeping copies: every link
    /// resolves, into the catalog, and the page's folder holds only the page and thumbnails.
    func testThePageLinksToTheCatalogImages() throws {
        let dir = try makeProject()
        XCTAssertEqual(run(dir, ["--no-cache"]).code, .ok)
        let page = try XCTUnwrap(readText(dir + "/Generated/Preview/index.html"))
        let links = Set(page.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            + page.components(separatedBy: "url(").dropFirst().map { String($0.prefix { $0 != ")" }) }).subtracting(["#tint"])
        XCTAssertEqual(links.filter { !$0.hasPrefix("images/themes/") }.sorted(), [
            "../Assets.xcassets/Card.imageset/Card.png", "../Assets.xcassets/Card.imageset/Card@2x.png",
            "../Assets.xcassets/Card.imageset/Card@3x.png",
            "../Assets.xcassets/Icons/Close.imageset/Close.png", "../Assets.xcassets/Icons/Close.imageset/Close@2x.png",
            "../Assets.xcassets/Icons/Close.imageset/Close@3x.png",
            "../Assets.xcassets/Icons/Star.imageset/Star.png", "../Assets.xcassets/Icons/Star.imageset/Star@2x.png",
            "../Assets.xcassets/Icons/Star.imageset/Star@3x.png",
        ])
        for link in links {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/Generated/Preview/" + link), link)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/Generated/Preview/images"), ["themes"])
    }

    /// An assets job that fails after slicing (its code template is broken) leaves its catalog
    /// as it was, so the page, which would link into it, is kept as it was too.
    func testThePageIsKeptWhenTheCatalogItLinksToIsNotWritten() throws {
        let dir = try makeProject()
        XCTAssertEqual(run(dir).code, .ok)
        let page = try XCTUnwrap(readText(dir + "/Generated/Preview/index.html"))
        try FileManager.default.copyItem(atPath: dir + "/Exports/Assets/Icons/Star@3x.png", toPath: dir + "/Exports/Assets/Icons/Moon@3x.png")
        writeFile(dir + "/Templates/broken.mustache", "{{#assets}}")
        writeFile(dir + "/themegen.json", Self.config.replacingOccurrences(
            of: #"{ "template": "swift-assets", "output": "Generated/Assets.swift" }"#,
            with: #"{ "template": "Templates/broken.mustache", "output": "Generated/Assets.swift" }"#))
        let failed = run(dir)
        XCTAssertEqual(failed.code, .input, failed.err)
        XCTAssertTrue(failed.err.contains("broken.mustache"), failed.err)
        XCTAssertEqual(readText(dir + "/Generated/Preview/index.html"), page)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/Generated/Assets.xcassets/Icons/Moon.imageset"))
    }
}
