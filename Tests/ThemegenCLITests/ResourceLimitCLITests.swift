import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenSlicing
@testable import ThemegenCLI
import ThemegenTestKit

/// Tiny hostile files must not cost memory or crash, through the CLI: the error names the file.
final class ResourceLimitCLITests: XCTestCase {
    func cli(_ args: [String]) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.out, c.err)
    }

    func chunk(_ type: String, _ data: [UInt8], declaredLength: UInt32? = nil) -> [UInt8] {
        let t = Array(type.utf8)
        return be(declaredLength ?? UInt32(data.count)) + t + data + be(crc32(t + data))
    }

    func be(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (24 - 8 * UInt32($0)) & 0xFF) } }

    func header(_ w: UInt32, _ h: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(w) + be(h) + [depth, colorType, 0, 0, interlace])
    }

    func write(_ bytes: [UInt8], _ name: String) -> String {
        let path = makeTemporaryFolder(self) + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    /// 41 bytes whose tEXt chunk claims 2 GiB: libpng would allocate it before seeing the end.
    func testTinyFileClaimingAHugeChunkIsTruncatedNotGigabytes() {
        for type in ["tEXt", "iCCP", "zTXt"] {
            let path = write(header(4, 4) + be(0x7FFF_FFFF) + Array(type.utf8), "\(type).png")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)).count, 41)
            let (code, _, err) = cli(["inspect", path])
            XCTAssertEqual(code, .input, type)
            XCTAssertEqual(err, "themegen: error: \(path): PNG file is truncated: it ends before the data its chunks declare\n", type)
        }
    }

    /// With --max-pixels raised past a lying header, the decoder must not allocate what the
    /// header claims (40 GB here) up front: the data is checked first.
    func testRaisedMaxPixelsAndAHugeHeaderIsAnErrorNotAnAbort() throws {
        let rows = [UInt8](repeating: 0, count: 10 * 401)
        let path = write(header(100_000, 100_000) + chunk("IDAT", zlibStored(rows)) + chunk("IEND", []), "Huge@3x.png")
        let out = makeTemporaryFolder(self) + "/A.xcassets"
        let (code, _, err) = cli(["slice", path, "--catalog", out, "--max-pixels", "100000000000"])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(err, "themegen: error: \(path): PNG file is truncated: it ends before the data its chunks declare\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testLargeInterlacedImagesAreRefusedWithTheDocumentedLimit() {
        let path = write(header(10_000, 10_000, depth: 16, colorType: 0, interlace: 1) + chunk("IDAT", zlibStored([0])) + chunk("IEND", []), "Inter.png")
        let (code, _, err) = cli(["inspect", path])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(err, "themegen: error: \(path): interlaced image is 10000×10000 pixels; themegen buffers interlaced images whole and reads them only up to 16777216 pixels; export it without interlacing\n")
    }

    /// A 3×3 RGB PNG tagged with an ICC profile that is neither sRGB nor Display P3 and whose
    /// description holds an ANSI escape and a newline forging an error line.
    func adobeLikePNG(_ name: String) -> String {
        let description = "Evil\u{1B}[2K\nthemegen: error: forged"
        let profile = ICCProfile.build(description: description, primaries: .init(red: (0.64, 0.33), green: (0.21, 0.71), blue: (0.15, 0.06), white: (0.3127, 0.3290)))
        let rows = [UInt8]((0..<3).flatMap { _ in [0] + [UInt8](repeating: 128, count: 9) })
        let iccp = chunk("iCCP", Array("x".utf8) + [0, 0] + zlibStored(profile))
        return write(header(3, 3, colorType: 2) + iccp + chunk("IDAT", zlibStored(rows)) + chunk("IEND", []), name)
    }

    func testSliceRefusesOtherColourSpacesAsInputErrorsWithTheThemesWording() {
        let path = adobeLikePNG("Odd@3x.png")
        let out = FilePath.parent(path) + "/A.xcassets"
        let (code, _, err) = cli(["slice", path, "--catalog", out])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(err, "themegen: error: \(path): colour profile 'Evil\\u{1b}[2K\\nthemegen: error: forged' is neither sRGB nor Display P3\n    hint: re-export in sRGB or Display P3, or pass --color-space srgb to take its values as sRGB\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        // `themes` says the same of the same file, and neither lets the description forge a line.
        let (themesCode, _, themesErr) = cli(["themes", path])
        XCTAssertEqual(themesCode, .input)
        XCTAssertEqual(themesErr, "themegen: error: \(path): colour profile 'Evil\\u{1b}[2K\\nthemegen: error: forged' is neither sRGB nor Display P3\n    hint: re-export in sRGB or Display P3, or pass --color-space srgb to take its values as sRGB\n")
    }

    /// In a `run` the same file's message offers no flag: `run` has no `--color-space`, and a
    /// config no key for it, so re-exporting is the remedy.
    /// In a run the remedy is the themes input's `colorSpace` key (run takes no such flag); the
    /// other outputs (here the preview, which shows the error) are still written.
    func testThemesInputOfARunNamesTheColourSpaceKey() throws {
        let root = FilePath.parent(adobeLikePNG("Odd@3x.png"))
        let path = root + "/Art/Odd@3x.png"
        try FileManager.default.createDirectory(atPath: root + "/Art", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: root + "/Odd@3x.png", toPath: path)
        writeFile(root + "/themegen.json", #"{"themes": [{"input": "Art", "outputs": [{"template": "json", "output": "Generated/Themes.json"}]}]}"#)
        let (code, _, err) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(code, .input)
        // A run names files relative to the config's folder.
        XCTAssertEqual(err, """
            themegen: error: Art/Odd@3x.png: colour profile 'Evil\\u{1b}[2K\\nthemegen: error: forged' is neither sRGB nor Display P3
                hint: re-export in sRGB or Display P3, or set "themes[0].colorSpace": "srgb" in \(root)/themegen.json to take its values as sRGB
            wrote 1 file(s), deleted 0, unchanged 0

            """)
        XCTAssertTrue(readText(root + "/Generated/Preview/index.html")!.contains("<dt>Source</dt><dd><code>Art/Odd@3x.png</code></dd>"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Generated/Themes.json"))
    }

    /// A zlib stream of stored blocks: no compression, so the size is exactly known.
    func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let last: UInt8 = i + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[i..<(i + n)]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for x in data { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return out + be(b << 16 | a)
    }
}

/// Cap insets from the config: huge values and caps larger than the image are errors naming
/// the key (lint) or the file (run), never a crash.
final class CapsCLITests: XCTestCase {
    func cli(_ args: [String]) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.out, c.err)
    }

    func project(caps: String) throws -> String {
        let root = makeTemporaryFolder(self)
        let png = try PNGEncoder.encode(Image(width: 6, height: 9, fill: (200, 40, 40, 255)))
        try FileManager.default.createDirectory(atPath: root + "/Art", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/Art/Dot@3x.png", contents: Data(png)))
        writeFile(root + "/themegen.json", "{\"assets\": [{\"input\": \"Art\", \"assets\": {\"Dot\": {\"caps\": \(caps)}}}], \"preview\": true}\n")
        return root
    }

    func testHugeCapsAreAConfigErrorInLintAndRun() throws {
        let root = try project(caps: #"{"top": 1e19}"#)
        for command in [["config", "lint", "--config"], ["--config"]] {
            let (code, _, err) = cli(command + [root + "/themegen.json"])
            XCTAssertEqual(code, .input)
            XCTAssertEqual(err, "themegen: error: \(root)/themegen.json:1: assets[0].assets.Dot.caps.top: expected a number from 0 to 100000 (points), found 1e+19\n")
        }
        XCTAssertEqual(allFiles(root), ["Art/Dot@3x.png", "themegen.json"])
    }

    func testCapsLargerThanTheImageAreAnErrorInLintAndRun() throws {
        // The image is 2×3 points.
        let root = try project(caps: #"{"left": 1, "right": 1.5}"#)
        let (code, _, err) = cli(["config", "lint", "--config", root + "/themegen.json"])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(err, "themegen: error: \(root)/themegen.json: assets[0].assets.Dot.caps: the caps (left 1 + right 1.5 points) are wider than the image (2 points) of Art/Dot@3x.png; make them smaller\n")
        let (runCode, _, runErr) = cli(["--config", root + "/themegen.json"])
        XCTAssertEqual(runCode, .input)
        XCTAssertEqual(runErr, "themegen: error: \(root)/Art/Dot@3x.png: the caps configured for \"Dot\" (left 1 + right 1.5 points) are wider than the image (2 points); make them smaller (the asset's \"caps\" in the config)\n")
        XCTAssertEqual(allFiles(root).filter { !$0.hasPrefix(".themegen/") }, ["Art/Dot@3x.png", "themegen.json"])
        // Caps that fit exactly are fine, and the preview lays them out.
        writeFile(root + "/themegen.json", "{\"assets\": [{\"input\": \"Art\", \"assets\": {\"Dot\": {\"caps\": {\"top\": 1, \"bottom\": 2}}}}]}\n")
        XCTAssertEqual(cli(["config", "lint", "--config", root + "/themegen.json"]).0, .ok)
        XCTAssertEqual(cli(["--config", root + "/themegen.json"]).0, .ok)
    }

    func testScaledSlicingAndPreviewClampInsteadOfTrapping() {
        XCTAssertEqual(ScaledSlicing.pixels(1e19, 3), Int(Int32.max))
        XCTAssertEqual(ScaledSlicing.pixels(.infinity, 3), Int(Int32.max))
        XCTAssertEqual(ScaledSlicing.pixels(-.infinity, 3), 0)
        XCTAssertEqual(ScaledSlicing.pixels(2.5, 3), 8)
    }
}
