import Foundation
import XCTest
@testable import ThemegenCLI
import ThemegenTestKit

/// Issue #18, item 5: `slice --catalog /abs/A.xcassets` and `--catalog A.xcassets` in the same
/// folder are one catalog, in either order and with a manifest written before the manifest
/// recorded its base; an output outside the current folder still makes keys relative to `/`
/// (which PathSafetyCLITests holds to).
final class CatalogSpellingCLITests: XCTestCase {
    var dir = ""
    var previous = ""

    override func setUp() {
        super.setUp()
        dir = makeTemporaryFolder(self)
        previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(dir))
        dir = FileManager.default.currentDirectoryPath // the real path (/tmp may be a link)
    }

    override func tearDown() {
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previous))
        super.tearDown()
    }

    func cli(_ args: [String]) -> (ExitCode, String) {
        let c = CapturedConsole()
        c.console.currentDirectory = dir
        return (ThemegenCLI.run(args, console: c.console), c.err)
    }

    func icon(_ name: String) -> String {
        SharedCorpus.repoRoot.appendingPathComponent("Exports/Assets/Icons/\(name)@3x.png").path
    }

    var checkOnly: [String] {
        [".themegen-manifest.json", "A.xcassets/Check.imageset/Check.png", "A.xcassets/Check.imageset/Check@2x.png",
         "A.xcassets/Check.imageset/Check@3x.png", "A.xcassets/Check.imageset/Contents.json", "A.xcassets/Contents.json"]
    }

    func manifest() -> [String: Any] {
        try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/.themegen-manifest.json"))) as! [String: Any]
    }

    func testAbsoluteThenRelativeIsOneCatalog() throws {
        XCTAssertEqual(cli(["slice", icon("Star"), "--catalog", dir + "/A.xcassets"]).1, "wrote 5 file(s), deleted 0, unchanged 0\n")
        XCTAssertEqual(manifest()["root"] as? String, ".")
        XCTAssertEqual((manifest()["files"] as! [String: String]).keys.sorted().first, "A.xcassets/Contents.json")
        let (code, err) = cli(["slice", icon("Check"), "--catalog", "A.xcassets"])
        XCTAssertEqual(code, .ok)
        XCTAssertEqual(err, "wrote 4 file(s), deleted 4, unchanged 1\n")
        XCTAssertEqual(allFiles(dir).filter { !$0.hasPrefix(".themegen/") }, checkOnly)
    }

    func testRelativeThenAbsoluteIsOneCatalog() throws {
        XCTAssertEqual(cli(["slice", icon("Star"), "--catalog", "./A.xcassets"]).0, .ok)
        let (code, err) = cli(["slice", icon("Check"), "--catalog", dir + "/A.xcassets"])
        XCTAssertEqual(code, .ok)
        XCTAssertEqual(err, "wrote 4 file(s), deleted 4, unchanged 1\n")
        XCTAssertEqual(allFiles(dir).filter { !$0.hasPrefix(".themegen/") }, checkOnly)
        // Nothing left to do under either spelling.
        XCTAssertEqual(cli(["slice", icon("Check"), "--catalog", "A.xcassets", "--check"]).0, .ok)
        XCTAssertEqual(cli(["slice", icon("Check"), "--catalog", dir + "/A.xcassets", "--check"]).0, .ok)
    }

    /// A manifest an earlier themegen wrote for the absolute spelling (keys relative to `/`, no
    /// `root`) is read as such and rewritten relative to the current folder.
    func testAnOlderAbsoluteManifestIsTakenOver() throws {
        XCTAssertEqual(cli(["slice", icon("Star"), "--catalog", dir + "/A.xcassets"]).0, .ok)
        var old = manifest()
        let prefix = String(dir.dropFirst()) + "/"
        old["root"] = nil
        old["files"] = Dictionary(uniqueKeysWithValues: (old["files"] as! [String: String]).map { (prefix + $0.key, $0.value) })
        try JSONSerialization.data(withJSONObject: old).write(to: URL(fileURLWithPath: dir + "/.themegen-manifest.json"))
        let (code, err) = cli(["slice", icon("Check"), "--catalog", "A.xcassets"])
        XCTAssertEqual(code, .ok, err)
        XCTAssertEqual(err, "wrote 4 file(s), deleted 4, unchanged 1\n")
        XCTAssertEqual(allFiles(dir).filter { !$0.hasPrefix(".themegen/") }, checkOnly)
        XCTAssertEqual(manifest()["root"] as? String, ".")
    }

    /// An output outside the current folder is recorded from `/`, and the next run with the
    /// same spelling replaces what the first wrote.
    func testAnOutputOutsideTheCurrentFolderIsRecordedFromTheRoot() throws {
        let outside = makeTemporaryFolder(self)
        XCTAssertEqual(cli(["slice", icon("Star"), "--catalog", outside + "/B.xcassets"]).0, .ok)
        let m = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: outside + "/.themegen-manifest.json"))) as! [String: Any]
        XCTAssertEqual(m["root"] as? String, "/")
        XCTAssertTrue((m["files"] as! [String: String]).keys.allSatisfy { ("/" + $0).hasPrefix(outside + "/B.xcassets/") })
        XCTAssertEqual(cli(["slice", icon("Check"), "--catalog", outside + "/B.xcassets"]).1, "wrote 4 file(s), deleted 4, unchanged 1\n")
    }
}
