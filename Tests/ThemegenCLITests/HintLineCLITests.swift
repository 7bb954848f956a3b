import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenCLI
import ThemegenTestKit

/// Issue #18, items 8, 11 and 13: a hint prints on an indented line under its message (a note
/// at the same file for Xcode), text from files cannot forge one, and `run` takes `--max-pixels`.
final class HintLineCLITests: XCTestCase {
    func testTheHintIsAnIndentedLineUnderItsMessage() {
        let c = CapturedConsole()
        c.console.currentDirectory = "/p"
        c.console.warning(Remedy.hinted("/p/a.png: odd", "pass --pad to pad it"))
        c.console.error(FileError("/p/b.png", Remedy.hinted("broken", "re-export it from /p/Art")))
        // Once per run, hint included.
        c.console.warning(Remedy.hinted("/p/a.png: odd", "pass --pad to pad it"))
        XCTAssertEqual(c.err, """
            themegen: warning: a.png: odd
                hint: pass --pad to pad it
            themegen: error: b.png: broken
                hint: re-export it from Art

            """)
        XCTAssertEqual(c.console.warnings, ["/p/a.png: odd\u{1F}pass --pad to pad it", "/p/a.png: odd\u{1F}pass --pad to pad it"])
    }

    func testXcodeGetsTheHintAsANoteAtTheSameFile() {
        let c = CapturedConsole()
        c.console.currentDirectory = "/p"
        c.console.style = .xcode
        c.console.error(FileError("a.png", Remedy.hinted("odd", "pass --pad")))
        XCTAssertEqual(c.err, "/p/a.png: error: odd\n/p/a.png: note: pass --pad\n")
    }

    /// A newline or separator inside a file name or profile is escaped, never a line of its own:
    /// only the separator the code appends starts a hint.
    func testTextFromFilesCannotForgeAHintOrALine() {
        let c = CapturedConsole()
        c.console.currentDirectory = "/p"
        c.console.warning("/p/x\u{1F}y\nthemegen: error: z.png: forged" + String(Remedy.separator) + "real hint\nforged")
        XCTAssertEqual(c.err, """
            themegen: warning: x\\u{1f}y\\nthemegen: error: z.png: forged
                hint: real hint\\nforged

            """)
    }

    func testStrictBeforeTheCommandIsTheGlobalOption() {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(["--strict", "slice"], console: c.console)
        XCTAssertEqual(code, .input)
        XCTAssertEqual(c.err, "themegen: error: slice needs at least one file or folder of @3x exports\n")
    }

    /// `run --max-pixels` refuses larger exports before decoding, as the standalone commands do,
    /// cached or not; a value that is not a positive number is a usage error.
    func testRunTakesMaxPixels() throws {
        let dir = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        try Data(try PNGEncoder.encode(Image(width: 6, height: 6, fill: (1, 2, 3, 255))))
            .write(to: URL(fileURLWithPath: dir + "/Art/Dot@3x.png"))
        writeFile(dir + "/themegen.json", #"{"assets": [{"input": "Art"}], "preview": false}"#)
        func run(_ extra: [String]) -> (ExitCode, String) {
            let c = CapturedConsole()
            c.console.currentDirectory = dir
            return (ThemegenCLI.run(["run", "--config", dir + "/themegen.json"] + extra, console: c.console), c.err)
        }
        let (refused, err) = run(["--max-pixels", "35"])
        XCTAssertEqual(refused, .input)
        XCTAssertEqual(err, "themegen: error: Art/Dot@3x.png: image is 6×6 = 36 pixels, over the limit of 35; raise it with --max-pixels if the file is genuine\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/Generated"))
        XCTAssertEqual(run(["--max-pixels", "zero"]).1, "themegen: error: --max-pixels expects a positive whole number, got 'zero'\n")
        let (ok, okErr) = run(["--max-pixels", "36"])
        XCTAssertEqual(ok, .ok, okErr)
        XCTAssertEqual(okErr, "wrote 6 file(s), deleted 0, unchanged 0\n")
        // The cache vouches for a job only under the limit it ran with: a lower one checks again.
        XCTAssertEqual(run(["--max-pixels", "35"]).1, err)
        XCTAssertEqual(run(["--max-pixels", "36"]).1, "")
    }
}
