import XCTest
@testable import ThemegenCore

final class FilePathTests: XCTestCase {
    func testParentAndLastComponent() {
        let cases: [(path: String, parent: String, last: String)] = [
            ("a/b/c.png", "a/b", "c.png"),
            ("c.png", "", "c.png"),
            ("/c", "/", "c"),
            ("/", "/", "/"),
            ("//", "/", "/"),
            ("a/b/", "a", "b"),
            ("a/b//", "a", "b"),
            ("", "", ""),
            ("Thèmes/Aube été@3x.png", "Thèmes", "Aube été@3x.png"),
            ("dossier/🌅/x", "dossier/🌅", "x"),
        ]
        for c in cases {
            XCTAssertEqual(FilePath.parent(c.path), c.parent, "parent of \(c.path)")
            XCTAssertEqual(FilePath.lastComponent(c.path), c.last, "last component of \(c.path)")
        }
    }
}
