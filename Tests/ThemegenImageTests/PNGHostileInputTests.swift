import Foundation
import XCTest
@testable import ThemegenImage
import ThemegenTestKit

/// Hostile and broken files give a clear error naming the file, never a crash or a hang.
final class PNGHostileInputTests: XCTestCase {
    let sample = HostilePNG.sample
    func bytes() throws -> [UInt8] { try HostilePNG.bytes() }
    func withHeader(width: UInt32, height: UInt32) throws -> [UInt8] { try HostilePNG.withHeader(width: width, height: height) }

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
}
