import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenBuild
@testable import ThemegenCLI
import ThemegenTestSupport
import ThemegenTestKit

/// Issue #18: every message in one format, through `ThemegenCLI.run`, with exact text and exit codes.
final class DiagnosticsCLITests: XCTestCase {
    func cli(_ args: [String], in folder: String? = nil, environment: [String: String] = [:]) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        if let folder { c.console.currentDirectory = folder }
        let code = ThemegenCLI.run(args, console: c.console, environment: environment)
        return (code, c.out, c.err)
    }

    /// A project in `dir/sub`: Art/Icons/Star@3x.png (a real export) and Art/Odd@3x.png, which
    /// is off the @3x grid and so warns.
    func makeProject() throws -> (dir: String, config: String) {
        let dir = makeTemporaryFolder(self)
        let art = dir + "/sub/Art"
        try FileManager.default.createDirectory(atPath: art + "/Icons", withIntermediateDirectories: true)
        let star = SharedCorpus.repoRoot.appendingPathComponent("Exports/Assets/Icons/Star@3x.png").path
        try FileManager.default.copyItem(atPath: star, toPath: art + "/Icons/Star@3x.png")
        let odd = SlicingFixtures.image(10, 6) { _, _ in (200, 10, 10, 255) }
        try Data(try PNGEncoder.encode(odd)).write(to: URL(fileURLWithPath: art + "/Odd@3x.png"))
        writeFile(dir + "/sub/themegen.json", #"{"assets": [{"input": "Art", "catalog": "A.xcassets"}], "preview": false}"# + "\n")
        return (dir, dir + "/sub/themegen.json")
    }

    static let offGrid = "Odd is 10×6 px at @3x, not a multiple of 3; the 1x would be blurry or off by a pixel"
    static let padHint = "    hint: set \"assets[0].pad\": true in sub/themegen.json to pad it transparently"

    /// Paths print relative to the current folder even with --config elsewhere; a run that
    /// wrote something ends with the summary line; a cached run repeats the warning once.
    func testRunWarnsRelativeToTheCurrentFolderAndEndsWithTheSummary() throws {
        let (dir, config) = try makeProject()
        let (code, out, err) = cli(["run", "--config", config], in: dir)
        XCTAssertEqual(code, .ok)
        XCTAssertEqual(out, "")
        XCTAssertEqual(err, """
            themegen: warning: sub/Art/Odd@3x.png: \(Self.offGrid)
            \(Self.padHint)
            wrote 11 file(s), deleted 0, unchanged 0

            """)
        // Nothing changed: the warning again (from the cache), no summary.
        let (again, _, againErr) = cli(["run", "--config", config], in: dir)
        XCTAssertEqual(again, .ok)
        XCTAssertEqual(againErr, "themegen: warning: sub/Art/Odd@3x.png: \(Self.offGrid)\n\(Self.padHint)\n")
        // One export gone: its imageset is deleted, the rest is unchanged.
        try FileManager.default.removeItem(atPath: dir + "/sub/Art/Odd@3x.png")
        let (third, _, thirdErr) = cli(["run", "--config", config], in: dir)
        XCTAssertEqual(third, .ok)
        XCTAssertEqual(thirdErr, "wrote 1 file(s), deleted 4, unchanged 6\n")
    }

    /// `-q` prints nothing unless there is a warning or an error; warnings do show.
    func testQuietShowsWarningsAndErrorsOnly() throws {
        let (dir, config) = try makeProject()
        let (code, out, err) = cli(["run", "--config", config, "-q"], in: dir)
        XCTAssertEqual(code, .ok)
        XCTAssertEqual(out + err, "themegen: warning: sub/Art/Odd@3x.png: \(Self.offGrid)\n\(Self.padHint)\n")
        try FileManager.default.removeItem(atPath: dir + "/sub/Art/Odd@3x.png")
        let (clean, cleanOut, cleanErr) = cli(["run", "--config", config, "-q"], in: dir)
        XCTAssertEqual(clean, .ok)
        XCTAssertEqual(cleanOut + cleanErr, "")
        let (strict, _, strictErr) = try {
            try Data(try PNGEncoder.encode(SlicingFixtures.image(10, 6) { _, _ in (1, 2, 3, 255) }))
                .write(to: URL(fileURLWithPath: dir + "/sub/Art/Odd@3x.png"))
            return cli(["run", "--config", config, "-q", "--strict"], in: dir)
        }()
        XCTAssertEqual(strict, .input)
        XCTAssertEqual(strictErr, "themegen: error: sub/Art/Odd@3x.png: \(Self.offGrid) (warning treated as error by --strict)\n\(Self.padHint)\n")
    }

    /// The same problem reported by several parts of a run is one line.
    func testTheSameProblemIsReportedOnce() {
        let c = CapturedConsole()
        c.console.currentDirectory = "/p"
        c.console.warning("/p/a.png: odd")
        c.console.warning("/p/a.png: odd")
        c.console.error(FileError("/p/b.png", "broken"))
        c.console.error(FileError("/p/b.png", "broken"))
        c.console.note("/q/c.jpg: skipped")
        XCTAssertEqual(c.err, """
            themegen: warning: a.png: odd
            themegen: error: b.png: broken
            themegen: note: /q/c.jpg: skipped

            """)
        XCTAssertEqual(c.console.errorCount, 2, "each error still counts")
    }

    /// In Xcode (XCODE_VERSION_ACTUAL, or --diagnostics xcode): PATH:LINE: error: message, with
    /// an absolute path Xcode can open, and PATH: error: message without a line.
    func testXcodeDiagnostics() throws {
        let dir = makeTemporaryFolder(self)
        writeFile(dir + "/themegen.json", "{\n  \"asset\": []\n}\n")
        let expected = "\(dir)/themegen.json:2: error: asset: unknown key (did you mean 'assets'?) (known keys here: $schema, themes, assets, preview, manifest)\n"
        let (flagCode, _, flagErr) = cli(["config", "lint", "--config", dir + "/themegen.json", "--diagnostics", "xcode"], in: dir)
        XCTAssertEqual(flagCode, .input)
        XCTAssertEqual(flagErr, expected)
        let (envCode, _, envErr) = cli(["config", "lint", "--config", dir + "/themegen.json"], in: "/", environment: ["XCODE_VERSION_ACTUAL": "1600"])
        XCTAssertEqual(envCode, .input)
        XCTAssertEqual(envErr, expected)
        let (plainCode, _, plainErr) = cli(["config", "lint", "--config", dir + "/themegen.json"], in: dir)
        XCTAssertEqual(plainCode, .input)
        XCTAssertEqual(plainErr, "themegen: error: themegen.json:2: asset: unknown key (did you mean 'assets'?) (known keys here: $schema, themes, assets, preview, manifest)\n")
        let (initCode, _, initErr) = cli(["config", "init", "--config", dir + "/themegen.json", "--diagnostics=xcode"], in: dir)
        XCTAssertEqual(initCode, .io)
        XCTAssertEqual(initErr, "\(dir)/themegen.json: error: already exists; themegen config init does not overwrite it\n")
        let (badCode, _, badErr) = cli(["config", "lint", "--diagnostics", "xcod"], in: dir)
        XCTAssertEqual(badCode, .input)
        XCTAssertEqual(badErr, "themegen: error: --diagnostics: unknown style 'xcod' (did you mean 'xcode'?); use plain or xcode\n")
    }

    /// Unknown commands, options and template names suggest the closest known one.
    func testDidYouMean() {
        XCTAssertTrue(cli(["rnu"]) == (.input, "", "themegen: error: unknown command 'rnu' (did you mean 'run'?); see 'themegen --help'\n"))
        XCTAssertTrue(cli(["frobnicate"]) == (.input, "", "themegen: error: unknown command 'frobnicate'; see 'themegen --help'\n"))
        XCTAssertTrue(cli(["run", "--chek"]) == (.input, "", "themegen: error: unknown option '--chek' for 'run' (did you mean '--check'?); see 'themegen run --help'\n"))
        let (code, _, err) = cli(["template", "cat", "swfit"])
        XCTAssertEqual(code, .input)
        XCTAssertTrue(err.hasPrefix("themegen: error: no template named 'swfit' in Templates/ or built in (did you mean 'swift'?) (known: "), err)
    }

    /// Per-asset settings and --template-rendering for a name no export has warn, naming the
    /// closest asset; `config lint` says the same; the suggested name makes the warning go away.
    func testAssetNameTyposWarnWithTheClosestName() throws {
        let (dir, config) = try makeProject()
        writeFile(config, #"{"assets": [{"input": "Art", "catalog": "A.xcassets", "pad": true, "assets": {"Stra": {"renderingIntent": "template"}, "Icons/Star": {"center": "tile"}}}], "preview": false}"# + "\n")
        let warnings = """
            themegen: warning: sub/themegen.json: assets[0].assets.Icons/Star: no asset of that name in Art (did you mean 'Star'? keys name the asset without its group folder)
            themegen: warning: sub/themegen.json: assets[0].assets.Stra: no asset of that name in Art (did you mean 'Star'?)

            """
        let (lint, _, lintErr) = cli(["config", "lint", "--config", config], in: dir)
        XCTAssertEqual(lint, .ok)
        XCTAssertEqual(lintErr, warnings)
        let (code, _, err) = cli(["run", "--config", config, "-q"], in: dir)
        XCTAssertEqual(code, .ok)
        XCTAssertEqual(err, warnings)
        writeFile(config, #"{"assets": [{"input": "Art", "catalog": "A.xcassets", "pad": true, "assets": {"Star": {"renderingIntent": "template", "center": "tile"}}}], "preview": false}"# + "\n")
        XCTAssertTrue(cli(["config", "lint", "--config", config, "-q"], in: dir) == (.ok, "", ""))
        XCTAssertTrue(cli(["run", "--config", config, "-q"], in: dir) == (.ok, "", ""))

        let star = dir + "/sub/Art/Icons/Star@3x.png"
        let (slice, _, sliceErr) = cli(["slice", star, "--catalog", dir + "/S.xcassets", "--template-rendering", "Stra=template"], in: dir)
        XCTAssertEqual(slice, .ok)
        XCTAssertTrue(sliceErr.hasPrefix("themegen: warning: --template-rendering 'Stra=template': no asset named 'Stra' among the exports (did you mean 'Star'?)\n"), sliceErr)
        let (fixed, _, fixedErr) = cli(["slice", star, "--catalog", dir + "/S.xcassets", "--template-rendering", "Star=template", "-q"], in: dir)
        XCTAssertEqual(fixed, .ok)
        XCTAssertEqual(fixedErr, "")
    }

    /// `themegen --help` lists the global options, the commands one line each, and the README.
    func testOverviewListsGlobalOptionsCommandsAndTheReadme() {
        let (code, out, _) = cli(["--help"])
        XCTAssertEqual(code, .ok)
        for option in ["--version", "-v, --verbose", "-q, --quiet", "--strict", "--config FILE", "--diagnostics STYLE"] {
            XCTAssertTrue(out.contains("\n  " + option + " "), option)
        }
        for c in ThemegenCLI.commands { XCTAssertTrue(out.contains("\n  \(c.name.padding(toLength: 16, withPad: " ", startingAt: 0))\(c.summary)\n"), c.name) }
        XCTAssertTrue(out.contains("README.md"))
    }
}

extension DiagnosticsCLITests {
    /// `Ocean Blue@3x.png` and `ocean-blue@3x.png` give one identifier: refused in the model, so
    /// the JSON output refuses them as the Swift template does, naming both files, once.
    func testIdentifierCollisionsAreRefusedForEveryOutput() throws {
        let dir = makeTemporaryFolder(self)
        let ocean = SharedCorpus.repoRoot.appendingPathComponent("Exports/Themes/Ocean Blue@3x.png").path
        try FileManager.default.createDirectory(atPath: dir + "/T", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ocean, toPath: dir + "/T/Ocean Blue@3x.png")
        try FileManager.default.copyItem(atPath: ocean, toPath: dir + "/T/ocean-blue@3x.png")
        let expected = "themegen: error: T/ocean-blue@3x.png: its name gives the identifier 'oceanBlue', which T/Ocean Blue@3x.png already has; rename one of the two files\n"
        for template in ["json", "swift"] {
            let (code, out, err) = cli(["themes", dir + "/T", "--template", template], in: dir)
            XCTAssertEqual(code, .input, template)
            XCTAssertEqual(out, "", template)
            XCTAssertEqual(err, expected, template)
        }
        writeFile(dir + "/themegen.json", #"{"themes": [{"input": "T", "outputs": [{"template": "json", "output": "a.json"}, {"template": "swift", "output": "b.swift"}]}], "preview": false}"#)
        let (code, _, err) = cli(["run", "--config", dir + "/themegen.json"], in: dir)
        XCTAssertEqual(code, .input)
        XCTAssertEqual(err, expected, "once, though two outputs hit it")
        XCTAssertEqual(allFiles(dir).filter { !$0.hasPrefix(".themegen") }, ["T/Ocean Blue@3x.png", "T/ocean-blue@3x.png", "themegen.json"])
    }
}

extension DiagnosticsCLITests {
    /// Non-PNG files in an input folder are a note with the count and the first names (a
    /// warning, so an error, under --strict); a folder with no PNG is a warning naming it.
    func testSkippedFilesAndEmptyFoldersAreReported() throws {
        let dir = makeTemporaryFolder(self)
        let ocean = SharedCorpus.repoRoot.appendingPathComponent("Exports/Themes/Ocean Blue@3x.png").path
        try FileManager.default.createDirectory(atPath: dir + "/T/Sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/Empty", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ocean, toPath: dir + "/T/Ocean Blue@3x.png")
        for name in ["a.jpg", "Sub/b.PDF", "c.svg", "d.heic", "e.jpeg", "notes.txt"] { writeFile(dir + "/T/" + name, "x") }
        let note = "T: skipped 5 file(s) that are not PNG exports: Sub/b.PDF, a.jpg, c.svg, …"
        let (code, out, err) = cli(["themes", dir + "/T"], in: dir)
        XCTAssertEqual(code, .ok)
        XCTAssertTrue(out.contains("\"oceanBlue\""))
        XCTAssertEqual(err, "themegen: note: \(note)\n")
        XCTAssertTrue(cli(["themes", dir + "/T", "-q"], in: dir) == (.ok, out, ""))
        // As with a bad artboard, the good themes are still printed; the run exits 2.
        XCTAssertTrue(cli(["themes", dir + "/T", "--strict"], in: dir) == (.input, out, "themegen: error: \(note) (warning treated as error by --strict)\n"))

        writeFile(dir + "/themegen.json", #"{"themes": [{"input": "T", "outputs": [{"template": "json", "output": "t.json"}]}], "assets": [{"input": "Empty", "catalog": "A.xcassets"}], "preview": false}"#)
        let (run, _, runErr) = cli(["run", "--config", dir + "/themegen.json", "-q"], in: dir)
        XCTAssertEqual(run, .ok)
        XCTAssertEqual(runErr, "themegen: warning: Empty: no PNG exports in this folder\n")
        let (slice, _, sliceErr) = cli(["slice", dir + "/Empty", "--catalog", dir + "/S.xcassets"], in: dir)
        XCTAssertEqual(slice, .ok)
        XCTAssertEqual(sliceErr, "themegen: warning: Empty: no PNG exports in this folder\nwrote 1 file(s), deleted 0, unchanged 0\n")
    }
}

extension DiagnosticsCLITests {
    /// `themegen preview` without inputs is a usage error, and inputs with nothing in them
    /// write no empty page.
    func testPreviewNeverWritesAnEmptyPage() throws {
        let dir = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/Empty", withIntermediateDirectories: true)
        XCTAssertTrue(cli(["preview", "--output", "zz-never-written"], in: dir) == (.input, "", "themegen: error: preview needs a folder of theme exports or --assets DIR (e.g. 'themegen preview Exports/Themes --assets Exports/Assets'); a bare 'themegen' writes the preview from the config or the conventions\n"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "zz-never-written"))
        let (code, _, err) = cli(["preview", dir + "/Empty", "--output", "zz-never-written"], in: dir)
        XCTAssertEqual(code, .input)
        XCTAssertEqual(err, "themegen: warning: Empty: no PNG exports in this folder\nthemegen: error: preview: no theme or asset exports in Empty; no page written\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "zz-never-written"))
    }
}

extension DiagnosticsCLITests {
    /// After `clean` nothing themegen made remains: not the lock, not .themegen/.gitignore.
    func testCleanLeavesNothingThemegenMade() throws {
        let (dir, config) = try makeProject()
        XCTAssertEqual(cli(["run", "--config", config, "-q"], in: dir).0, .ok)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/sub/.themegen/lock"))
        let (code, _, err) = cli(["clean", "--config", config], in: dir)
        XCTAssertEqual(code, .ok)
        XCTAssertEqual(err, "deleted 11 file(s)\n")
        XCTAssertEqual(allFiles(dir), ["sub/Art/Icons/Star@3x.png", "sub/Art/Odd@3x.png", "sub/themegen.json"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/sub/.themegen"))
    }

    /// A run that waited while `clean` deleted the lock file takes the lock on a new file at
    /// the same path, not on the deleted one (which would let a third run in beside it).
    func testAWaitingRunRechecksTheLockFile() throws {
        let dir = makeTemporaryFolder(self)
        let path = dir + "/.themegen/lock"
        let held = try RunLock(path: path, shownAs: "lock", waiting: { _ in })
        let waited = expectation(description: "waiting")
        let acquired = expectation(description: "acquired")
        final class Box: @unchecked Sendable { var lock: RunLock? }
        let box = Box()
        Thread.detachNewThread {
            box.lock = try? RunLock(path: path, shownAs: "lock", waiting: { _ in waited.fulfill() })
            acquired.fulfill()
        }
        wait(for: [waited], timeout: 10)
        held.releaseRemovingFile()
        wait(for: [acquired], timeout: 10)
        let second = try XCTUnwrap(box.lock)
        XCTAssertEqual(readText(path), "\(getpid())\n", "the lock file exists again, written by its holder")
        // A third taker must wait: the second holds the file at the path.
        XCTAssertThrowsError(try RunLock(path: path, shownAs: "lock", timeout: 0.2, waiting: { _ in }))
        second.release()
    }
}

extension DiagnosticsCLITests {
    /// Every option themegen has is documented in README.md or docs/*.md, and every option
    /// those pages show exists, except the named options of other programs they also show.
    func testDocumentedOptionsAreTheOptionsThatExist() throws {
        let root = SharedCorpus.repoRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 } + ["README.md"]
        var documented: Set<String> = []
        for page in docs {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            let regex = try NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z-]*[a-z]")
            for m in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                documented.insert(String(text[Range(m.range, in: text)!]))
            }
        }
        var existing: Set<String> = ["--version"]
        for c in ThemegenCLI.commands { for o in c.options { existing.insert("--" + o.name) } }
        for o in globalOptions { existing.insert("--" + o.name) }
        // Options of other programs the pages show: headless Chromium (preview.md), swift test
        // (development.md), the bench and fixture tools (performance.md, slicing.md; make-exports'
        // --shapes and --overlays), and the generated CSS custom properties (`--theme-NAME-…`, templates.md).
        let otherPrograms: Set<String> = [
            "--allow-file-access-from-files", "--allow-writing-to-package-directory", "--blink-settings",
            "--disable-gpu", "--dump-dom", "--force-color-profile", "--force-device-scale-factor", "--headless",
            "--hide-scrollbars", "--no-sandbox", "--screenshot", "--window-size", "--filter",
            "--product", "--sanitize", "--scratch-path", "--goal", "--truth", "--seed", "--random", "--oily", "--only", "--tool", "--theme",
            "--static-swift-stdlib", "--shapes", "--overlays",
        ]
        XCTAssertEqual(existing.subtracting(documented).sorted(), [], "options no page documents")
        XCTAssertEqual(documented.subtracting(existing).subtracting(otherPrograms).sorted(), [], "documented options that do not exist")
        XCTAssertEqual(otherPrograms.intersection(existing).sorted(), [], "no longer another program's option")
    }
}
