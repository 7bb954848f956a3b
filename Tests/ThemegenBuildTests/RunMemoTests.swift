import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenBuild
import ThemegenTestKit

/// A run lists each input folder once: the cache check, the work and the preview of every job
/// see the same files, even when an export lands while the run goes on.
final class RunMemoTests: XCTestCase {
    func testAFolderIsListedOncePerRun() throws {
        let root = makeTemporaryFolder(self)
        for name in ["b@3x.png", "a@3x.png", "notes.pdf", "skip/c@3x.png"] { writeFile(root + "/Art/" + name, "") }
        let memo = RunMemo()
        let first = try memo.pngs(in: "Art", root: root, excluding: ["skip/*"])
        XCTAssertEqual(first.files, ["Art/a@3x.png", "Art/b@3x.png"])
        XCTAssertEqual(first.tally.pngCount, 2)
        XCTAssertEqual(first.tally.skipped, ["notes.pdf"])

        writeFile(root + "/Art/d@3x.png", "")
        XCTAssertEqual(try memo.pngs(in: "Art", root: root, excluding: ["skip/*"]).files, first.files)
        // Other patterns are another listing; so is the next run.
        XCTAssertEqual(try memo.pngs(in: "Art", root: root).files, ["Art/a@3x.png", "Art/b@3x.png", "Art/d@3x.png", "Art/skip/c@3x.png"])
        XCTAssertEqual(try RunMemo().pngs(in: "Art", root: root, excluding: ["skip/*"]).files, ["Art/a@3x.png", "Art/b@3x.png", "Art/d@3x.png"])
    }
}
