import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
import ThemegenTestSupport
import ThemegenTestKit

/// How themegen fits into other builds: config init, Xcode file lists, the build-tool plugin's
/// `--swift-only --output-root` mode and the watch loop.
final class BuildIntegrationTests: XCTestCase {
    func cli(_ args: [String]) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.out, c.err)
    }

    /// A small theme export: a vertical gradient between two colours.
    func themePNG(_ top: String, _ bottom: String) throws -> Data {
        let gradient = GradientTestSupport.gradient(180, [(top, 0), (bottom, 1)])
        return Data(try PNGEncoder.encode(GradientRenderer(width: 60, height: 130, gradient: gradient).render()))
    }

    // MARK: - config init

    func testConfigInitTakesTheExportFoldersAndWritesOnlyWhatDiffersFromTheDefaults() throws {
        let dir = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/Design/Theme Art", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/Design/Icons", withIntermediateDirectories: true)
        let path = dir + "/themegen.json"
        let (code, _, err) = cli(["config", "init", "--config", path, "--themes", "Design/Theme Art", "--assets", "Design/Icons/"])
        XCTAssertEqual(code, .ok, err)
        XCTAssertEqual(readText(path), """
            {
              "$schema": "themegen.schema.json",
              "themes": [{ "input": "Design/Theme Art" }],
              "assets": [{ "input": "Design/Icons" }]
            }

            """)
        XCTAssertEqual(err, "wrote \(path)\nwrote \(dir)/themegen.schema.json\n")
        // It lints clean, and what it left out are the defaults.
        XCTAssertEqual(cli(["config", "lint", "--config", path]).0, .ok)
        let loaded = try ConfigLoader.load(explicitPath: path)
        XCTAssertEqual(loaded.config.themes, [ThemesInput(input: "Design/Theme Art", outputs: ConfigDefaults.themesOutputs)])
        XCTAssertEqual(loaded.config.assets, [AssetsInput(input: "Design/Icons", outputs: ConfigDefaults.assetsOutputs)])
        XCTAssertEqual(loaded.config.preview, PreviewOutput(output: ConfigDefaults.previewOutput))

        // Only --themes: only that section (no conventional Exports/Assets here).
        try FileManager.default.removeItem(atPath: path)
        writeFile(dir + "/themegen.schema.json", "{}\n")
        XCTAssertEqual(cli(["config", "init", "--config", path, "--themes", "Design/Theme Art"]).0, .ok)
        XCTAssertEqual(readText(path), "{\n  \"$schema\": \"themegen.schema.json\",\n  \"themes\": [{ \"input\": \"Design/Theme Art\" }]\n}\n")
        XCTAssertEqual(readText(dir + "/themegen.schema.json"), "{}\n", "an existing schema file is left alone")
    }

    func testConfigInitRejectsAMissingOrAbsoluteFolderNamingTheFlag() {
        let dir = makeTemporaryFolder(self)
        let path = dir + "/themegen.json"
        XCTAssertEqual(cli(["config", "init", "--config", path, "--themes", "Nope"]).2,
                       "themegen: error: --themes Nope: no such folder in \(dir); paths are relative to the config's folder\n")
        XCTAssertEqual(cli(["config", "init", "--config", path, "--assets", "/abs"]).2,
                       "themegen: error: --assets /abs: give the folder relative to the config's folder (\(dir)), so the config works wherever the project is checked out\n")
        XCTAssertEqual(cli(["config", "lint", "--themes", "x"]).2, "themegen: error: config lint: --themes is an option of 'config init'\n")
        XCTAssertEqual(allFiles(dir), [])
    }

    // MARK: - Xcode file lists

    /// The lists for this repository's own config and exports, against the committed golden files.
    func testXcfilelistGolden() throws {
        let repo = SharedCorpus.repoRoot.path
        let out = makeTemporaryFolder(self)
        let (code, _, err) = cli(["config", "xcfilelist", "--config", repo + "/themegen.json", "--srcroot", repo, "--output-dir", out])
        XCTAssertEqual(code, .ok, err)
        let golden = SharedCorpus.fixtures.path + "/XcodeFileLists/"
        for name in [XcodeFileLists.inputFileName, XcodeFileLists.outputFileName] {
            XCTAssertEqual(readText(out + "/" + name), readText(golden + name), name)
        }
        // Unchanged lists are not rewritten, so Xcode sees no change.
        ageFile(out + "/" + XcodeFileLists.inputFileName)
        let before = mtime(out + "/" + XcodeFileLists.inputFileName)
        XCTAssertEqual(cli(["config", "xcfilelist", "--config", repo + "/themegen.json", "--srcroot", repo, "--output-dir", out]).0, .ok)
        XCTAssertEqual(mtime(out + "/" + XcodeFileLists.inputFileName), before)
    }

    func testXcfilelistNeverOverwritesAForeignFileAndNeedsAConfigLikeABareRun() throws {
        let dir = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        writeFile(dir + "/themegen.json", #"{"themes": [{"input": "Art"}], "preview": false}"#)
        writeFile(dir + "/themegen-output.xcfilelist", "mine\n")
        let (code, _, err) = cli(["config", "xcfilelist", "--config", dir + "/themegen.json"])
        XCTAssertEqual(code, .io)
        XCTAssertTrue(err.hasSuffix("themegen: error: \(dir)/themegen-output.xcfilelist: exists and was not written by themegen config xcfilelist; move it away or pass --output-dir DIR\n"), err)
        XCTAssertEqual(readText(dir + "/themegen-output.xcfilelist"), "mine\n")
        XCTAssertEqual(readText(dir + "/themegen-input.xcfilelist"), "\(XcodeFileLists.header)\n\(dir)/themegen.json\n\(dir)/Art\n")

        // No config and no conventional folders: the same usage error as a bare run.
        let empty = makeTemporaryFolder(self)
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(empty))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        let bare = cli([])
        let lists = cli(["config", "xcfilelist"])
        XCTAssertEqual(bare.0, .input)
        XCTAssertEqual(lists.0, .input)
        XCTAssertEqual(lists.2, bare.2)
        XCTAssertEqual(lists.2, "themegen: error: no themegen.json here and no Exports/Themes or Exports/Assets folder; run 'themegen config init' or pass --config FILE\n")
        XCTAssertEqual(allFiles(empty), [])
    }

    // MARK: - The build-tool plugin's mode

    func testSwiftOnlyWritesOnlyTheSwiftAndEverythingUnderTheOutputRoot() throws {
        let dir = makeTemporaryFolder(self)
        writeFile(dir + "/Art/Mint.png", "")
        try themePNG("#D4FC79", "#96E6A1").write(to: URL(fileURLWithPath: dir + "/Art/Mint.png"))
        writeFile(dir + "/themegen.json", """
            {"themes": [{"input": "Art", "colorsets": "Gen/Colors.xcassets",
                         "outputs": [{"template": "swift", "output": "Gen/Themes.swift"}, {"template": "css", "output": "Gen/themes.css"}]}]}
            """)
        let work = makeTemporaryFolder(self) + "/plugin work"
        let args = ["run", "--config", dir + "/themegen.json", "--swift-only", "--output-root", work]
        let (code, _, err) = cli(args)
        XCTAssertEqual(code, .ok, err)
        XCTAssertEqual(err, "wrote 1 file(s), deleted 0, unchanged 0\n")
        XCTAssertEqual(allFiles(work), [".themegen/.gitignore", ".themegen/cache.json", ".themegen/lock",
                                        "Gen/Themes.swift", "Generated/.themegen-manifest.json"])
        XCTAssertEqual(allFiles(dir), ["Art/Mint.png", "themegen.json"], "nothing written beside the config")
        let full = makeTemporaryFolder(self)
        XCTAssertEqual(cli(["run", "--config", dir + "/themegen.json", "--output-root", full]).0, .ok)
        XCTAssertEqual(readText(work + "/Gen/Themes.swift"), readText(full + "/Gen/Themes.swift"))
        XCTAssertTrue(readText(work + "/Gen/Themes.swift")!.contains("static let mint = Theme("))

        // Nothing changed: nothing written, nothing said, and check agrees.
        ageFile(work + "/Gen/Themes.swift")
        let before = mtime(work + "/Gen/Themes.swift")
        XCTAssertEqual(cli(args).2, "")
        XCTAssertEqual(mtime(work + "/Gen/Themes.swift"), before)
        XCTAssertEqual(cli(["check", "--config", dir + "/themegen.json", "--swift-only", "--output-root", work]).0, .ok)
    }

    func testSwiftOnlyNeedsAnOutputRootOfItsOwn() {
        let dir = makeTemporaryFolder(self)
        writeFile(dir + "/Art/.keep", "")
        writeFile(dir + "/themegen.json", #"{"themes": [{"input": "Art"}]}"#)
        XCTAssertEqual(cli(["run", "--config", dir + "/themegen.json", "--swift-only"]).2,
                       "themegen: error: --swift-only needs --output-root DIR, a folder of its own: in the config's folder it would delete the catalogs and preview a full run wrote\n")
        XCTAssertEqual(cli(["run", "--config", dir + "/themegen.json", "--swift-only", "--output-root", dir + "/."]).2,
                       "themegen: error: --output-root \(dir)/.: is the config's folder; give --swift-only a folder of its own\n")
        XCTAssertEqual(allFiles(dir), ["Art/.keep", "themegen.json"])
    }

    // MARK: - Watching

    func testWatchSnapshotsSeeEditsAdditionsRemovalsAndMissingFolders() throws {
        let dir = makeTemporaryFolder(self)
        writeFile(dir + "/Art/a.png", "a")
        writeFile(dir + "/Art/Sub/b.png", "b")
        writeFile(dir + "/Art/.a.png.themegen-tmp", "hidden")
        let paths = InputWatcher.Paths(folders: [dir + "/Art", dir + "/Gone"], optionalFolders: [dir + "/Templates"],
                                       files: [dir + "/themegen.json"])
        let first = InputWatcher.snapshot(paths)
        XCTAssertEqual(first.files.keys.sorted(), [dir + "/Art/Sub/b.png", dir + "/Art/a.png"])
        XCTAssertEqual(first.missingFolders, [dir + "/Gone"], "a missing optional folder is not reported")
        writeFile(dir + "/Art/a.png", "a2")
        writeFile(dir + "/Art/c.png", "c")
        try FileManager.default.removeItem(atPath: dir + "/Art/Sub/b.png")
        writeFile(dir + "/themegen.json", "{}")
        let second = InputWatcher.snapshot(paths)
        var change = InputWatcher.diff(first, second)
        XCTAssertEqual(change, WatchChange(added: [dir + "/Art/c.png", dir + "/themegen.json"],
                                           removed: [dir + "/Art/Sub/b.png"], modified: [dir + "/Art/a.png"]))
        change.merge(WatchChange(removed: [dir + "/Art/c.png"], modified: [dir + "/themegen.json"]))
        XCTAssertEqual(change, WatchChange(added: [dir + "/themegen.json"], removed: [dir + "/Art/Sub/b.png"],
                                           modified: [dir + "/Art/a.png"]), "added then removed is no change")
        XCTAssertEqual(WatchCommand.describe(change, root: dir), "Art/a.png changed, themegen.json added, Art/Sub/b.png removed")
    }

    func testWatchRefusesFlagsThatWriteNothing() {
        XCTAssertEqual(cli(["run", "--watch", "--check"]).2,
                       "themegen: error: --watch and --check do not go together: --check writes nothing, so there is nothing to watch\n")
        XCTAssertEqual(cli(["run", "--watch", "--dry-run"]).0, .input)
        XCTAssertEqual(cli(["watch", "extra"]).2, "themegen: error: watch takes no arguments; unexpected 'extra'\n")
    }

    /// The real loop as a process: an edit, an addition and a broken export each show up in the
    /// outputs (or as an error) within 2 s; a vanished input folder is reported and waited for;
    /// SIGINT ends it with exit 0 and the lock free.
    func testWatchRerunsOnChangesSurvivesABrokenExportAndStopsCleanlyOnSIGINT() throws {
        let binary = try themegenBinary()
        let dir = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        try themePNG("#FF0000", "#0000FF").write(to: URL(fileURLWithPath: dir + "/Art/Alpha.png"))
        writeFile(dir + "/themegen.json", #"{"themes": [{"input": "Art", "outputs": [{"template": "css", "output": "out/themes.css"}]}], "preview": false}"#)
        let css = dir + "/out/themes.css"

        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["watch", "--config", dir + "/themegen.json"]
        let errPipe = Pipe()
        p.standardError = errPipe
        p.standardOutput = FileHandle.nullDevice
        let log = LockedText()
        errPipe.fileHandleForReading.readabilityHandler = { h in log.append(String(decoding: h.availableData, as: UTF8.self)) }
        try p.run()
        defer { if p.isRunning { p.terminate() }; errPipe.fileHandleForReading.readabilityHandler = nil }

        /// Waits up to `seconds` for `condition`.
        func eventually(_ seconds: Double, _ what: String, _ condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(seconds)
            while !condition() && Date() < deadline { usleep(20_000) }
            XCTAssertTrue(condition(), "\(what); stderr so far:\n\(log.text)")
        }
        func stops(_ theme: String) -> [String] {
            (readText(css) ?? "").split(separator: "\n").filter { $0.hasPrefix("  --theme-\(theme)-stop-") }
                .map { String($0.split(separator: ":")[1].dropFirst().dropLast()) }
        }
        // The first run (the process starting up, in a debug build) may take longer.
        eventually(30, "watching") { log.text.contains("watching ") }
        XCTAssertEqual(stops("alpha"), ["#FF0000", "#0000FF"])

        // Edit an export.
        try themePNG("#00FF00", "#FFFFFF").write(to: URL(fileURLWithPath: dir + "/Art/Alpha.png"))
        eventually(2, "the edit") { stops("alpha") == ["#00FF00", "#FFFFFF"] }
        XCTAssertTrue(log.text.contains("changed: Art/Alpha.png changed; rerunning\n"), log.text)

        // Add one.
        try themePNG("#000000", "#FFFF00").write(to: URL(fileURLWithPath: dir + "/Art/Beta.png"))
        eventually(2, "the addition") { stops("beta") == ["#000000", "#FFFF00"] }
        XCTAssertTrue(log.text.contains("changed: Art/Beta.png added; rerunning\n"), log.text)

        // Break one: reported, outputs left as they were, still watching.
        let good = readText(css)
        writeFile(dir + "/Art/Beta.png", "not a png")
        eventually(2, "the broken export's error") { log.text.contains("run failed; fix the error above, watching for changes\n") }
        XCTAssertTrue(log.text.contains("themegen: error: \(dir)/Art/Beta.png: "), log.text)
        XCTAssertEqual(readText(css), good)
        XCTAssertTrue(p.isRunning)

        // The input folder goes away: reported, no run; it comes back fixed: a run.
        try FileManager.default.moveItem(atPath: dir + "/Art", toPath: dir + "/Art-away")
        eventually(2, "the missing folder") { log.text.contains("Art: folder is gone; waiting for it to come back\n") }
        try themePNG("#000000", "#FFFF00").write(to: URL(fileURLWithPath: dir + "/Art-away/Beta.png"))
        try FileManager.default.moveItem(atPath: dir + "/Art-away", toPath: dir + "/Art")
        eventually(2, "the folder coming back") { log.text.contains("Art: folder is back\n") && stops("beta") == ["#000000", "#FFFF00"] }
        XCTAssertEqual(log.text.components(separatedBy: "themegen: error:").count - 1, 1, "only the broken export was an error")

        p.interrupt()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .exit)
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertTrue(log.text.hasSuffix("stopped watching\n"), log.text)
        // No lock left held: another run takes it at once.
        let fd = open(dir + "/.themegen/lock", O_RDWR)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        close(fd)
    }
}

/// Text appended from another thread (a pipe's handler) and read by the test.
final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""
    func append(_ s: String) { lock.withLock { value += s } }
    var text: String { lock.withLock { value } }
}
