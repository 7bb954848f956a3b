import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import Mustache
@testable import ThemegenGradients
@testable import ThemegenSlicing
@testable import ThemegenGenerate
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
@testable import ThemegenTestSupport

/// Hostile and broken files give a clear error naming the file, never a crash or a hang.
final class PNGHostileInputTests: XCTestCase {
    /// A valid 8-bit RGB PNG from the shared corpus.
    let sample = SharedCorpus.url("corpus/pngsuite/pngsuite-full/basn2c08.png").path

    func bytes() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: sample))) }

    /// Rewrites IHDR's width and height and fixes its CRC, as a hostile encoder would.
    func withHeader(width: UInt32, height: UInt32) throws -> [UInt8] {
        var b = try bytes()
        func put(_ v: UInt32, _ at: Int) { for k in 0..<4 { b[at + k] = UInt8(v >> (24 - 8 * UInt32(k)) & 0xFF) } }
        put(width, 16); put(height, 20)
        put(crc32(Array(b[12..<29])), 29)
        return b
    }

    func reason(_ data: [UInt8], maxPixels: Int = PNGLimits.defaultMaxPixels) -> PNGError.Reason? {
        do {
            _ = try PNGDecoder.decode(data: data, name: "hostile.png", maxPixels: maxPixels)
            return nil
        } catch let e as PNGError {
            XCTAssertTrue(e.description.hasPrefix("hostile.png: "))
            return e.reason
        } catch {
            XCTFail("unexpected error \(error)")
            return nil
        }
    }

    func testHugeHeaderIsRefusedBeforeAllocating() throws {
        let data = try withHeader(width: 100_000, height: 100_000)
        XCTAssertEqual(reason(data), .tooLarge(width: 100_000, height: 100_000, limit: PNGLimits.defaultMaxPixels))
    }

    func testDecompressionBombIsRefusedUnderTheLimitAndMaxPixelsRaisesIt() throws {
        // A 20000×20000 header over 6 KB of data: refused by the pixel limit.
        let data = try withHeader(width: 20_000, height: 20_000)
        XCTAssertEqual(reason(data), .tooLarge(width: 20_000, height: 20_000, limit: PNGLimits.defaultMaxPixels))
        // A small real image over a lowered limit, and accepted when the limit allows it.
        XCTAssertEqual(reason(try bytes(), maxPixels: 1000), .tooLarge(width: 32, height: 32, limit: 1000))
        XCTAssertNil(reason(try bytes(), maxPixels: 1024))
    }

    func testHeaderClaimingMoreRowsThanTheDataHoldsIsCorruptNotAHang() throws {
        let data = try withHeader(width: 32, height: 5000)
        XCTAssertNotNil(reason(data))
    }

    func testTruncatedFiles() throws {
        let b = try bytes()
        for cut in [9, 20, 40, b.count / 2, b.count - 13] {
            XCTAssertEqual(reason(Array(b.prefix(cut))), .truncated, "cut at \(cut)")
        }
    }

    func testBadCRC() throws {
        var b = try bytes()
        b[b.count - 13] ^= 0x55   // the last IDAT's CRC, just before IEND
        guard case .badCRC = reason(b) else { return XCTFail("expected a CRC error") }
    }

    func testWrongSignatureAndEmptyFile() throws {
        var b = try bytes()
        b[1] = UInt8(ascii: "Q")
        XCTAssertEqual(reason(b), .notPNG)
        XCTAssertEqual(reason([]), .empty)
        XCTAssertEqual(reason(Array("GIF89a".utf8)), .notPNG)
    }

    func testFolderNamedLikeAPNG() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tg-\(UUID().uuidString)/x.png")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        XCTAssertThrowsError(try PNGDecoder.decode(path: dir.path)) { e in
            XCTAssertEqual((e as? PNGError)?.reason, .isDirectory)
            XCTAssertEqual((e as? PNGError)?.kind, .input)
        }
    }

    func testInspectReportsEveryBadFileAndGoesOn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("x.png"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        FileManager.default.createFile(atPath: dir.appendingPathComponent("a-empty.png").path, contents: Data())
        try Data(try bytes()).write(to: dir.appendingPathComponent("b-good.png"))
        try Data(try withHeader(width: 100_000, height: 100_000)).write(to: dir.appendingPathComponent("c-huge.png"))
        let run = CLIRun(["inspect", dir.path])
        XCTAssertEqual(run.code, .input)
        XCTAssertEqual(run.err.split(separator: "\n").count, 3, run.err)
        XCTAssertTrue(run.err.contains("themegen: error: \(dir.path)/a-empty.png: file is empty"))
        XCTAssertTrue(run.err.contains("themegen: error: \(dir.path)/c-huge.png: image is 100000×100000"))
        XCTAssertTrue(run.err.contains("themegen: error: \(dir.path)/x.png: is a folder"))
        XCTAssertEqual(run.out, """
        [
          {"file": "\(dir.path)/b-good.png", "width": 32, "height": 32, "bitDepth": 8, "colorType": "rgb", "interlaced": false, "hasAlpha": false, "colorSpace": "other", "colorProfile": "gAMA 1"}
        ]

        """)
    }
}

/// CRC-32 as PNG uses it, for crafting files in tests.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return c ^ 0xFFFF_FFFF
}

/// Runs the CLI in-process and captures what it prints.
struct CLIRun {
    let code: ExitCode
    let out: String
    let err: String

    init(_ args: [String]) {
        final class Box: @unchecked Sendable { var out = ""; var err = "" }
        let box = Box()
        let console = Console(out: { box.out += $0 }, err: { box.err += $0 })
        code = ThemegenCLI.run(args, console: console)
        out = box.out
        err = box.err
    }
}
