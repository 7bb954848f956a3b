import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenSlicing
@testable import ThemegenGenerate
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
import ThemegenFixtures
import ThemegenTestKit

final class PreviewCommandTests: XCTestCase {
    final class Captured: @unchecked Sendable {
        var out = "", err = ""
        let lock = NSLock()
        func console() -> Console {
            Console(out: { s in self.lock.lock(); self.out += s; self.lock.unlock() },
                    err: { s in self.lock.lock(); self.err += s; self.lock.unlock() })
        }
    }

    var dir: URL!
    var previousFolder = ""

    /// Each test runs in its own empty current folder: outputs are relative to it, as the
    /// writer requires.
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("themegen-preview-cmd-\(ProcessInfo.processInfo.processIdentifier)-\(name.hashValue)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        previousFolder = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(dir.path))
    }

    override func tearDownWithError() throws {
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previousFolder))
        try? FileManager.default.removeItem(at: dir)
    }

    /// Fixture sources that record which files they were given.
    final class Recorder: @unchecked Sendable { var themeFiles: [String] = []; var assetFiles: [String] = [] }

    func sources(_ r: Recorder, failOn bad: String? = nil) -> PreviewSources {
        PreviewSources(
            themes: { files, console in
                r.themeFiles = files
                if let bad, files.contains(where: { $0.hasSuffix(bad) }) { console.error(FileError(bad, "not a gradient")) }
                return Array(PreviewFixtures.previewThemes().prefix(2))
            },
            assets: { files, _ in r.assetFiles = files; return Array(try PreviewFixtures.previewAssets().prefix(1)) })
    }

    func run(_ args: [String], _ s: PreviewSources, _ c: Captured) -> ExitCode {
        ThemegenCLI.execute(PreviewCommand.make { _ in s }, args, console: c.console())
    }

    func testWritesThePageAndItsImages() throws {
        let themes = dir.appendingPathComponent("Themes"), assets = dir.appendingPathComponent("Assets")
        for (folder, name) in [(themes, "B.png"), (themes, "A.png"), (assets, "Star@3x.png")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data([1]).write(to: folder.appendingPathComponent(name))
        }
        let out = dir.appendingPathComponent("Docs/Preview")
        let r = Recorder(), c = Captured()
        XCTAssertEqual(run(["Themes", "--assets", "Assets", "--output", "Docs/Preview"], sources(r), c), .ok, c.err)
        XCTAssertEqual(r.themeFiles, ["Themes/A.png", "Themes/B.png"])
        XCTAssertEqual(r.assetFiles, ["Assets"], "the slicer gets the folder, to make groups of its subfolders")
        let planned = try PreviewBuilder.plan(themes: Array(PreviewFixtures.previewThemes().prefix(2)),
                                              assets: Array(try PreviewFixtures.previewAssets().prefix(1)),
                                              options: { var o = PreviewBuilder.Options(); o.folder = ""; return o }())
        XCTAssertEqual(planned.count, 6)
        for f in planned {
            XCTAssertEqual(FileManager.default.contents(atPath: out.appendingPathComponent(f.path).path).map { [UInt8]($0) }, try f.read(), f.path)
        }
        XCTAssertTrue(c.err.contains("wrote 6 file(s)"), c.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "Docs/.themegen-manifest.json"), "the folder's owner is recorded")

        // A second run changes nothing; --check agrees.
        let c2 = Captured()
        XCTAssertEqual(run(["Themes", "--assets", "Assets", "--output", "Docs/Preview"], sources(r), c2), .ok)
        XCTAssertFalse(c2.err.contains("wrote"), c2.err)
        XCTAssertEqual(run(["Themes", "--assets", "Assets", "--output", "Docs/Preview", "--check"], sources(r), Captured()), .ok)

        // With one theme fewer, its thumbnail is deleted.
        let one = PreviewSources(themes: { _, _ in Array(PreviewFixtures.previewThemes().prefix(1)) },
                                 assets: { _, _ in Array(try PreviewFixtures.previewAssets().prefix(1)) })
        let c3 = Captured()
        XCTAssertEqual(run(["Themes", "--assets", "Assets", "--output", "Docs/Preview"], one, c3), .ok, c3.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "Docs/Preview/images/themes/ocean-blue.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "Docs/Preview/images/themes/sunset.png"))
    }

    func testAnErrorInTheInputsWritesNothing() throws {
        let themes = dir.appendingPathComponent("Themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try Data([1]).write(to: themes.appendingPathComponent("Bad.png"))
        let c = Captured()
        XCTAssertEqual(run(["Themes", "Missing", "--output", "Docs/Preview"], sources(Recorder(), failOn: "Bad.png"), c), .input)
        XCTAssertTrue(c.err.contains("Missing: no such file or folder"), c.err)
        XCTAssertTrue(c.err.contains("Bad.png: not a gradient"), c.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "Docs/Preview"))
    }

    func testOutputMustBeARelativeFolder() throws {
        for bad in ["/tmp/Preview", "../Preview", "a/./b", ""] {
            let c = Captured()
            XCTAssertEqual(run(["Themes", "--output", bad], sources(Recorder()), c), .input, bad)
            XCTAssertTrue(c.err.contains("the page's folder must be a relative path inside the current folder"), c.err)
        }
    }

    /// A file the writer does not own is not overwritten without --force.
    func testForeignFilesAreLeftAlone() throws {
        try FileManager.default.createDirectory(atPath: "Docs/Preview", withIntermediateDirectories: true)
        try "mine".write(toFile: "Docs/Preview/index.html", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "Themes", withIntermediateDirectories: true)
        try Data([1]).write(to: URL(fileURLWithPath: "Themes/A.png"))
        let c = Captured()
        XCTAssertEqual(run(["Themes", "--output", "Docs/Preview"], sources(Recorder()), c), .io, c.err)
        XCTAssertEqual(try String(contentsOfFile: "Docs/Preview/index.html", encoding: .utf8), "mine")
        XCTAssertEqual(run(["Themes", "--output", "Docs/Preview", "--force"], sources(Recorder()), Captured()), .ok)
        XCTAssertTrue(try String(contentsOfFile: "Docs/Preview/index.html", encoding: .utf8).hasPrefix("<!doctype html>"))
    }

    /// `--assets` goes through the real slicer: the page holds exactly its PNG bytes.
    func testBundledAssetsThroughTheSlicer() throws {
        let exports = SharedCorpus.repoRoot.appendingPathComponent("Exports/Assets").path
        let out = dir.appendingPathComponent("Docs/Preview")
        let c = Captured()
        XCTAssertEqual(ThemegenCLI.run(["preview", "--assets", exports, "--output", "Docs/Preview"], console: c.console()), .ok, c.err)
        let sliced = Slicer.slice(files: try SliceSource.scan([exports]))
        XCTAssertEqual(sliced.errors.count, 0)
        XCTAssertEqual(sliced.assets.count, 6)
        for a in sliced.assets {
            let slug = PreviewFileNames.slug((a.asset.groups + [a.asset.name]).joined(separator: " "), fallback: "")
            for img in a.images {
                XCTAssertEqual(FileManager.default.contents(atPath: out.appendingPathComponent("images/assets/\(slug)@\(img.scale)x.png").path).map { [UInt8]($0) },
                               img.png, "\(slug)@\(img.scale)x")
            }
        }
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("border-image: url(images/assets/button@3x.png) 36.00 36.00 36.00 36.00 fill / 12.00px 12.00px 12.00px 12.00px stretch"))
        XCTAssertTrue(c.err.contains("wrote 19 file(s)"), c.err)
    }

    /// The registered command fits the artboards with the theme extractor: the page shows the
    /// recovered stops, the text colours asked for and a thumbnail of each artboard.
    func testBundledThemesThroughTheExtractor() throws {
        XCTAssertTrue(ThemegenCLI.commands.contains { $0.name == "preview" })
        let exports = SharedCorpus.repoRoot.appendingPathComponent("Exports/Themes")
        let input = dir.appendingPathComponent("Themes")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for name in ["Ocean Blue@3x.png", "Lagoon P3@3x.png"] {
            try FileManager.default.copyItem(at: exports.appendingPathComponent(name), to: input.appendingPathComponent(name))
        }
        let out = dir.appendingPathComponent("Docs/Preview")
        let c = Captured()
        XCTAssertEqual(ThemegenCLI.run(["preview", "Themes", "--output", "Docs/Preview", "--text-color", "title=#FFFFFF,large"], console: c.console()), .ok, c.err)
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("linear-gradient(180deg, #0B3D91 0.00%, #4FC3F7 100.00%)"), "Ocean Blue as make-exports draws it")
        XCTAssertTrue(page.contains(#"id="theme-lagoon-p3""#))
        XCTAssertTrue(page.contains("linear-gradient(180deg in display-p3, color(display-p3 "))
        XCTAssertTrue(page.contains(#"<span class="sample large" style="color: #FFFFFF">title"#))
        let thumb = try PNGDecoder.decode(path: out.appendingPathComponent("images/themes/ocean-blue.png").path)
        XCTAssertEqual([thumb.width, thumb.height], [249, 540])
        let lagoon = try PNGDecoder.decode(path: out.appendingPathComponent("images/themes/lagoon-p3.png").path)
        XCTAssertEqual(lagoon.colorSpace, .displayP3)
    }
}

extension PreviewCommandTests {
    /// The build step's producer: page path from the config, templates read from the config's
    /// folder (not the current one).
    func testProducerReadsFromTheConfigFolder() throws {
        let root = dir.appendingPathComponent("Project")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Art"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        var theme = PreviewFixtures.themes[0]
        theme.file = "Art/Ocean.png"
        try Data(try PNGEncoder.encode(PreviewFixtures.artboard(theme))).write(to: root.appendingPathComponent(theme.file))
        try "{{#themes}}{{name}} {{thumbnail}}{{/themes}}".write(to: root.appendingPathComponent("Templates/preview-html.mustache"),
                                                               atomically: true, encoding: .utf8)
        let context = JobContext(root: root.path, console: Captured().console())
        let files = try PreviewProducer.files(PreviewOutput(output: "Design/preview.html"),
                                              themes: [PreviewTheme(theme: theme, artboard: PreviewFixtures.artboard(theme))], assets: [], context: context)
        XCTAssertEqual(files.map(\.path), ["Design/images/themes/ocean-blue.png", "Design/preview.html"])
        XCTAssertEqual(String(decoding: try files[1].read(), as: UTF8.self), "Ocean Blue images/themes/ocean-blue.png")
    }
}

extension PreviewCommandTests {
    /// Bare `themegen` on this repository: the preview job uses the config's caps and rendering
    /// intents, and a page template in `Templates/` is one of its inputs. (Text colours reach
    /// the page in PreviewBuilderTests.)
    func testTheRunsPreviewJobOverTheRepositoryConfig() throws {
        let loaded = try ConfigLoader.load(explicitPath: nil, in: SharedCorpus.repoRoot.path)
        guard let job = Producers.standard.jobs(for: loaded).first(where: { $0.name == "preview" }) else {
            return XCTFail("no preview job")
        }
        XCTAssertTrue(try job.inputs(RunMemo()).contains("Templates/preview-html.mustache"))
        let c = Captured()
        let files = try job.produce(JobContext(root: loaded.root, console: c.console()))
        XCTAssertEqual(c.err.contains("error"), false, c.err)
        let paths = files.map(\.path)
        XCTAssertEqual(paths.filter { $0.hasPrefix("Generated/Preview/images/themes/") }.count, 11, "12 artboards, Rose Gold at two scales")
        XCTAssertEqual(paths.filter { $0.hasPrefix("Generated/Preview/images/assets/") }, [], "linked from the catalog")
        let page = String(decoding: try files.first { $0.path == "Generated/Preview/index.html" }!.read(), as: UTF8.self)
        XCTAssertTrue(page.contains(#"<img class="tinted" src="../Assets.xcassets/Icons/Close.imageset/Close@3x.png""#), "Close is a template image")
        XCTAssertTrue(page.contains("border-image: url(../Assets.xcassets/Card.imageset/Card@3x.png) 60.00 60.00 60.00 60.00 fill / 20.00px 20.00px 20.00px 20.00px stretch"))
        XCTAssertTrue(page.contains("<code>Exports/Themes/Sunset@3x.png</code>"), "files relative to the config")
    }
}
