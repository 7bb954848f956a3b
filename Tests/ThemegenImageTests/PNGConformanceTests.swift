import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
import ThemegenTestKit

/// Walks `Tests/Corpus/pngsuite/manifest.tsv`: every `ok` file decodes to exactly the raw
/// samples libpng gives (16-bit reduced by >> 8 for the comparison), and every `error` file
/// is rejected with themegen's own message naming the file.
final class PNGConformanceTests: XCTestCase {
    struct Row { let file: String; let ok: Bool; let width: Int; let height: Int; let raw8: String }

    static func manifest() throws -> [Row] {
        let text = try String(contentsOf: SharedCorpus.url("pngsuite/manifest.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(file: f[0], ok: f[1] == "ok", width: Int(f[2]) ?? -1, height: Int(f[3]) ?? -1, raw8: f[6])
        }
    }

    static func raw8(_ image: Image) -> [UInt8] {
        switch image.pixels {
        case .rgba8(let a): return a
        case .rgba16(let a): return a.map { UInt8($0 >> 8) }
        }
    }

    func testManifestCoversTheCorpus() throws {
        let rows = try Self.manifest()
        XCTAssertEqual(rows.count, 374)
        XCTAssertEqual(rows.filter(\.ok).count, 338)
    }

    func testEveryOkFileDecodesToLibpngsRawSamples() throws {
        var checked = 0
        for row in try Self.manifest() where row.ok {
            let path = SharedCorpus.url("pngsuite/" + row.file).path
            do {
                let image = try PNGDecoder.decode(path: path)
                XCTAssertEqual(image.width, row.width, row.file)
                XCTAssertEqual(image.height, row.height, row.file)
                XCTAssertEqual(SHA256.hex(Self.raw8(image)), row.raw8, "pixels of \(row.file)")
                checked += 1
            } catch {
                XCTFail("\(row.file) should decode: \(error)")
            }
        }
        XCTAssertEqual(checked, 338)
    }

    /// The streaming reader, opened so that opaque images give RGB rows, yields the same samples.
    func testStreamingReaderMatchesWholeDecode() throws {
        var rgbFiles = 0
        for row in try Self.manifest() where row.ok {
            let path = SharedCorpus.url("pngsuite/" + row.file).path
            let reader = try PNGRowReader(path: path, rgbWhenOpaque: true)
            if reader.channels == 3 { rgbFiles += 1 }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: reader.rowBytes)
            for _ in 0..<reader.header.height {
                try buffer.withUnsafeMutableBytes { try reader.readRow(into: $0) }
                let samples: [UInt8] = reader.rowBitDepth == 16
                    ? buffer.withUnsafeBytes { $0.bindMemory(to: UInt16.self).map { UInt8($0 >> 8) } }
                    : buffer
                if reader.channels == 3 {
                    for x in 0..<reader.header.width { bytes += samples[(3 * x)..<(3 * x + 3)] + [255] }
                } else {
                    bytes += samples
                }
            }
            try reader.finish()
            XCTAssertEqual(SHA256.hex(bytes), row.raw8, "streamed pixels of \(row.file)")
        }
        XCTAssertGreaterThan(rgbFiles, 100)
    }

    func testEveryErrorFileIsRejectedWithOurOwnMessage() throws {
        var rejected = 0
        for row in try Self.manifest() where !row.ok {
            let path = SharedCorpus.url("pngsuite/" + row.file).path
            do {
                _ = try PNGDecoder.decode(path: path)
                XCTFail("\(row.file) should be rejected")
            } catch let error as PNGError {
                XCTAssertTrue(error.description.hasPrefix(path + ": "), error.description)
                XCTAssertEqual(error.kind, .input, row.file)
                rejected += 1
            }
        }
        XCTAssertEqual(rejected, 36)
    }

    func testSixteenBitSourcesKeepTheirPrecision() throws {
        let image = try PNGDecoder.decode(path: SharedCorpus.url("pngsuite/pngsuite-full/basn2c16.png").path)
        guard case .rgba16(let samples) = image.pixels else { return XCTFail("16-bit source decoded to 8 bits") }
        XCTAssertTrue(samples.contains { $0 & 0xFF != 0 && $0 & 0xFF != $0 >> 8 }, "low bytes were lost")
    }
}
