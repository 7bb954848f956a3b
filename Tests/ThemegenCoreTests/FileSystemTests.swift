import XCTest
@testable import ThemegenCore

final class FileSystemTests: XCTestCase {
    func testLooksTemporaryFindsTheMarkerAnywhereInAPath() {
        for path in [".themegen-tmp", "a/.x.png.themegen-tmp-12", "Generated/x.themegen-tmpfile/y.swift", "é/🌅.themegen-tmp"] {
            XCTAssertTrue(FileSystem.looksTemporary(path), path)
        }
        for path in ["", ".themegen", "a/.themegen-tm", "Generated/themegen-tmp/x", "a/.themegen/tmp", "É.THEMEGEN-TMP"] {
            XCTAssertFalse(FileSystem.looksTemporary(path), path)
        }
    }
}
