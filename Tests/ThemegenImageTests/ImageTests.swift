import XCTest
@testable import ThemegenCore
@testable import ThemegenImage

final class ImageTests: XCTestCase {
    func testTo8BitRoundsOnce() {
        let img = Image(width: 1, height: 1, pixels: .rgba16([0, 128, 32896, 65535]))
        XCTAssertEqual(img.to8Bit().pixels, .rgba8([0, 0, 128, 255]))
    }
}

final class FilePathTests: XCTestCase {
    func testParentOfOneCharacterPathsDoesNotTrap() {
        XCTAssertEqual(FilePath.parent("G"), "")
        XCTAssertEqual(FilePath.parent("G/A.xcassets"), "G")
        XCTAssertEqual(FilePath.parent("/a"), "/")
        XCTAssertEqual(FilePath.parent("a/b/c.png"), "a/b")
        XCTAssertEqual(FilePath.parent("a/b/"), "a")
    }
}

final class FilePathRelativeTests: XCTestCase {
    func testModelPathsAreRelativeToTheConfigFolderOrTheCurrentOne() {
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertEqual(FilePath.relative("sub/Exports/A.png", to: "sub"), "Exports/A.png")
        XCTAssertEqual(FilePath.relative(cwd + "/sub/Exports/A.png", to: "sub"), "Exports/A.png")
        XCTAssertEqual(FilePath.relative(cwd + "/Exports/A.png"), "Exports/A.png")
        XCTAssertEqual(FilePath.relative("./Exports/A.png", to: "."), "Exports/A.png")
        XCTAssertEqual(FilePath.relative("/elsewhere/A.png", to: "/work"), "/elsewhere/A.png")
    }
}
