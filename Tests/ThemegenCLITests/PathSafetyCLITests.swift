import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
import ThemegenTestKit

/// Hostile manifests, links and names, through the CLI: nothing outside the project is ever
/// written or deleted, and every refusal names what to change.
final class PathSafetyCLITests: XCTestCase {
    func cli(_ args: [String]) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.out, c.err)
    }

    /// A project with one asset and no preview, run once; returns its folder.
    func project(run: Bool = true) throws -> String {
        let root = makeTemporaryFolder(self) + "/proj"
        let png = try PNGEncoder.encode(Image(width: 6, height: 6, fill: (200, 40, 40, 255)))
        try FileManager.default.createDirectory(atPath: root + "/Art", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/Art/Dot@3x.png", contents: Data(png)))
        writeFile(root + "/themegen.json", #"{"assets": [{"input": "Art"}], "preview": false}"# + "\n")
        if run { XCTAssertEqual(cli(["--config", root + "/themegen.json"]).0, .ok) }
        return root
    }

    /// A file outside the project with the bytes of `content`, and a check that it is intact.
    func victim(_ dir: String, _ name: String, _ content: String) -> () -> Void {
        let path = dir + "/" + name
        writeFile(path, content)
        return { XCTAssertEqual(readText(path), content, "\(path) was touched") }
    }

    func hash(_ s: String) -> String { SHA256.hex(Array(s.utf8)) }

    func testManifestEntriesLeavingTheProjectAreAnErrorAndNothingIsDeleted() throws {
        let root = try project()
        let outside = FilePath.parent(root)
        let intact = victim(outside, "victim.txt", "precious\n")
        let intactAbs = victim(outside, "abs.txt", "absolute\n")
        let manifestPath = root + "/Generated/.themegen-manifest.json"
        var text = readText(manifestPath)!
        text = text.replacingOccurrences(of: "\"files\": {", with: """
            "files": {
                "../../victim.txt": "\(hash("precious\n"))",
                "\(outside)/abs.txt": "\(hash("absolute\n"))",
            """)
        writeFile(manifestPath, text)
        let before = allFiles(root)
        for command in [["--config"], ["clean", "--config"], ["check", "--config"]] {
            let (code, _, err) = cli(command + [root + "/themegen.json"])
            XCTAssertEqual(code, .input, "\(command)")
            XCTAssertEqual(err, """
                themegen: error: Generated/.themegen-manifest.json: files."../../victim.txt": the path has an empty, '.' or '..' component; an output path must be relative, inside the output root, without '.' or '..'; nothing was deleted. Remove the entry (or delete the manifest and run with --force)
                themegen: error: Generated/.themegen-manifest.json: files."\(outside)/abs.txt": the path is absolute; an output path must be relative, inside the output root, without '.' or '..'; nothing was deleted. Remove the entry (or delete the manifest and run with --force)

                """, "\(command)")
            intact(); intactAbs()
            XCTAssertEqual(allFiles(root), before)
        }
    }

    func testPendingEntryThroughALinkedFolderIsRefused() throws {
        let root = try project()
        let outside = FilePath.parent(root) + "/home"
        let intact = victim(outside, ".bashrc", "alias ls='ls'\n")
        XCTAssertEqual(symlink(outside, root + "/Generated/home"), 0)
        let manifestPath = root + "/Generated/.themegen-manifest.json"
        let text = readText(manifestPath)!.replacingOccurrences(of: "\n}", with: ",\n  \"pending\": {\"Generated/home/.bashrc\": \"\(hash("alias ls='ls'\n"))\"}\n}")
        writeFile(manifestPath, text)
        let (code, _, err) = cli(["clean", "--config", root + "/themegen.json"])
        XCTAssertEqual(code, .io)
        XCTAssertEqual(err, "themegen: error: Generated/.themegen-manifest.json: pending.\"Generated/home/.bashrc\": Generated/home is a symbolic link leading outside the config's folder (to \(PathGuard.resolved(outside))); themegen does not follow it; replace it with a real folder or file; nothing was deleted. Remove the entry (or delete the manifest and run with --force)\n")
        intact()
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside))
    }

    func testALinkedOutputFolderLeadingOutsideIsRefused() throws {
        let root = try project(run: false)
        let outside = FilePath.parent(root) + "/elsewhere"
        let intact = victim(outside, "Assets.swift", "mine\n")
        XCTAssertEqual(symlink(outside, root + "/Generated"), 0)
        let (code, _, err) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code, .io)
        XCTAssertEqual(err, "themegen: error: Generated: is a symbolic link leading outside the config's folder (to \(PathGuard.resolved(outside))); themegen does not follow it; replace it with a real folder or file\n")
        intact()
        XCTAssertEqual(allFiles(outside), ["Assets.swift"])
        // A link that stays inside the project is fine.
        try FileManager.default.removeItem(atPath: root + "/Generated")
        try FileManager.default.createDirectory(atPath: root + "/Real", withIntermediateDirectories: true)
        XCTAssertEqual(symlink("Real", root + "/Generated"), 0)
        XCTAssertEqual(cli(["--config", root + "/themegen.json"]).0, .ok)
        XCTAssertTrue(allFiles(root + "/Real").contains("Assets.swift"))
    }

    func testALinkedBookkeepingFolderOrLockIsRefused() throws {
        let root = try project(run: false)
        let outside = FilePath.parent(root) + "/cachevictim"
        let intact = victim(outside, "lock", "not a lock\n")
        XCTAssertEqual(symlink(outside, root + "/.themegen"), 0)
        let (code, _, err) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code, .io)
        XCTAssertEqual(err, "themegen: error: .themegen: is a symbolic link leading outside the config's folder (to \(PathGuard.resolved(outside))); themegen does not follow it; replace it with a real folder or file\n")
        intact()
        // A link at the lock file itself, even to a file inside the project, is not followed.
        try FileManager.default.removeItem(atPath: root + "/.themegen")
        try FileManager.default.createDirectory(atPath: root + "/.themegen", withIntermediateDirectories: true)
        let intactInside = victim(root, "notes.txt", "inside\n")
        XCTAssertEqual(symlink(root + "/notes.txt", root + "/.themegen/lock"), 0)
        let (code2, _, err2) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code2, .io)
        XCTAssertEqual(err2, "themegen: error: .themegen/lock: cannot open the lock file: it is a symbolic link; delete it\n")
        intact(); intactInside()
    }

    func testLinksAtTheCacheAndAFileNamedLikeATempAreLeftAlone() throws {
        let root = try project()
        let outside = FilePath.parent(root)
        let intactCache = victim(outside, "cache-victim", "cache victim\n")
        let intactTemp = victim(outside, "temp-victim", "temp victim\n")
        try FileManager.default.removeItem(atPath: root + "/.themegen/cache.json")
        XCTAssertEqual(symlink(outside + "/cache-victim", root + "/.themegen/cache.json"), 0)
        // The user's own file that looks like an old-style temp, and a link at one.
        writeFile(root + "/Generated/.Assets.swift.themegen-tmp", "the user's notes\n")
        XCTAssertEqual(symlink(outside + "/temp-victim", root + "/Generated/.Assets.swift.themegen-tmp-\(getpid())"), 0)
        // A second export makes the run write Assets.swift (and so its temp) again.
        let before = readText(root + "/Generated/Assets.swift")
        try FileManager.default.copyItem(atPath: root + "/Art/Dot@3x.png", toPath: root + "/Art/Ring@3x.png")
        XCTAssertEqual(cli(["--config", root + "/themegen.json"]).0, .ok)
        XCTAssertNotEqual(readText(root + "/Generated/Assets.swift"), before)
        XCTAssertTrue(readText(root + "/Generated/Assets.swift")!.contains("ring"))
        intactCache(); intactTemp()
        XCTAssertEqual(readText(root + "/Generated/.Assets.swift.themegen-tmp"), "the user's notes\n")
    }

    func testOutputNamedLikeATempIsAConfigError() throws {
        let root = try project(run: false)
        writeFile(root + "/themegen.json", #"{"assets": [{"input": "Art", "outputs": [{"template": "swift-assets", "output": "Generated/.Assets.swift.themegen-tmp"}]}], "preview": false}"#)
        let (code, _, err) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(err, "themegen: error: \(root)/themegen.json:1: assets[0].outputs[0].output: \"Generated/.Assets.swift.themegen-tmp\" looks like one of themegen's temp files (names containing '.themegen-tmp'); choose another name\n")
        writeFile(root + "/themegen.json", "{\"assets\": [{\"input\": \"Art\", \"catalog\": \"A\\u0000.xcassets\"}], \"preview\": false}")
        let (code2, _, err2) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code2, .input)
        XCTAssertEqual(err2, "themegen: error: \(root)/themegen.json:1: assets[0].catalog: \"A\\u{0}.xcassets\" contains a NUL character; remove it\n")
        XCTAssertEqual(allFiles(root), ["Art/Dot@3x.png", "themegen.json"])
    }

    func testAFIFOAsConfigIsRefusedAtOnce() throws {
        let dir = makeTemporaryFolder(self)
        XCTAssertEqual(mkfifo(dir + "/themegen.json", 0o644), 0)
        let (code, _, err) = cli(["--config", dir + "/themegen.json"])
        XCTAssertEqual(code, .io)
        XCTAssertEqual(err, "themegen: error: \(dir)/themegen.json: is not a regular file (a pipe or device?), expected a file\n")
    }

    func testStandaloneManifestEntriesOutsideTheNamedFoldersAreRefused() throws {
        let dir = makeTemporaryFolder(self)
        let intact = victim(dir, "victim.txt", "precious\n")
        let work = dir + "/work"
        let png = try PNGEncoder.encode(Image(width: 6, height: 6, fill: (200, 40, 40, 255)))
        try FileManager.default.createDirectory(atPath: work + "/Art", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: work + "/Art/Dot@3x.png", contents: Data(png)))
        // With an absolute --catalog, manifest keys are relative to `/`: one naming a file
        // outside the current folder and the named folders is refused.
        let victimKey = String(dir.dropFirst()) + "/victim.txt"
        writeFile(work + "/Gen/.themegen-manifest.json", """
            {"generator": "themegen", "files": {}, "pending": {"\(victimKey)": "\(hash("precious\n"))"}}
            """)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(work))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let (code, _, err) = cli(["slice", "Art", "--catalog", work + "/Gen/A.xcassets"])
        XCTAssertEqual(code, .io)
        XCTAssertEqual(err, "themegen: error: \(String(work.dropFirst()))/Gen/.themegen-manifest.json: pending.\"\(victimKey)\": \(victimKey) lies outside the current folder and the folders named by --output/--catalog (at \(PathGuard.resolved(dir))/victim.txt); themegen only writes and deletes inside it; nothing was deleted. Remove the entry (or delete the manifest and run with --force)\n")
        intact()
        // Without the bad entry the same command works.
        writeFile(work + "/Gen/.themegen-manifest.json", #"{"generator": "themegen", "files": {}}"#)
        XCTAssertEqual(cli(["slice", "Art", "--catalog", work + "/Gen/A.xcassets"]).0, .ok)
        XCTAssertTrue(allFiles(work + "/Gen").contains("A.xcassets/Dot.imageset/Contents.json"))
        intact()
    }

    func testLinkLoopsAndLinksOutOfAnInputFolderAreErrorsNotCopiesOrHangs() throws {
        let root = try project(run: false)
        try FileManager.default.createDirectory(atPath: root + "/Art/Icons", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/Art/Dot@3x.png", toPath: root + "/Art/Icons/Star@3x.png")
        XCTAssertEqual(symlink(".", root + "/Art/Icons/loop"), 0)
        XCTAssertEqual(symlink("..", root + "/Art/Icons/up"), 0)
        let (code, _, err) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(err, "themegen: error: \(root)/Art/Icons/loop: is a link back to a folder already read (\(PathGuard.resolved(root + "/Art/Icons"))), a loop; remove it\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Generated"))
        unlink(root + "/Art/Icons/loop"); unlink(root + "/Art/Icons/up")
        let outside = FilePath.parent(root) + "/shared-art"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        XCTAssertEqual(symlink(outside, root + "/Art/Shared"), 0)
        let (code2, _, err2) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code2, .input)
        XCTAssertEqual(err2, "themegen: error: \(root)/Art/Shared: is a link to a folder outside the input folder (\(PathGuard.resolved(outside))); themegen does not follow it; move the exports in or remove the link\n")
        // A link to a folder inside the input is a group of its own, read once.
        unlink(root + "/Art/Shared")
        XCTAssertEqual(symlink("Icons", root + "/Art/Alias"), 0)
        let (code3, _, err3) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code3, .ok, err3)
        XCTAssertEqual(allFiles(root + "/Generated/Assets.xcassets").filter { $0.hasSuffix("Contents.json") }, [
            "Alias/Contents.json", "Alias/Star.imageset/Contents.json", "Contents.json",
            "Dot.imageset/Contents.json", "Icons/Contents.json", "Icons/Star.imageset/Contents.json",
        ])
    }

    func testANonUTF8NameInAnExportFolderNamesTheFolder() throws {
        let root = try project(run: false)
        let name: [UInt8] = Array("Art/Bad".utf8) + [0xFF, 0xFE] + Array("@3x.png".utf8)
        let full = Array(root.utf8) + [UInt8(ascii: "/")] + name
        let fd = full.withUnsafeBufferPointer { p -> Int32 in
            var z = Array(p) + [0]
            return z.withUnsafeMutableBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let (code, _, err) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(err, "themegen: error: \(root)/Art: holds a file whose name is not valid UTF-8 (shown as \"Bad\u{fffd}\u{fffd}@3x.png\"); rename it\n")
    }

    /// A save in an editor between themegen's comparison and its rename: the user's bytes stay,
    /// the run stops with exit 3, and the next run (after the user's edit) reports it as theirs.
    func testAnEditDuringTheWritePhaseIsKept() throws {
        let root = try project()
        try FileManager.default.copyItem(atPath: root + "/Art/Dot@3x.png", toPath: root + "/Art/Ring@3x.png")
        let swift = root + "/Generated/Assets.swift"
        let loaded = try ConfigLoader.load(explicitPath: root + "/themegen.json")
        var options = BuildOptions(toolVersion: ThemegenCLI.version)
        options.beforeEachChange = { path in
            if path == "Generated/Assets.swift" { writeFile(swift, "// my edit\n") }
        }
        let c = CapturedConsole()
        XCTAssertThrowsError(try BuildRun.run(config: loaded, jobs: Producers.standard.jobs(for: loaded), options: options, console: c.console)) { error in
            XCTAssertEqual("\(error)", "Generated/Assets.swift: was changed while themegen was writing; your version was kept; move it away or run with --force to let themegen take it")
            XCTAssertEqual((error as? ThemegenError)?.kind.exitCode, .io)
        }
        XCTAssertEqual(readText(swift), "// my edit\n")
        let (code, _, err) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code, .io)
        XCTAssertEqual(err, "themegen: error: Generated/Assets.swift: was changed since themegen wrote it; move it away or run with --force to let themegen take it\n")
    }
}
