import Foundation
import XCTest
@testable import ThemegenCore
import ThemegenTestKit

final class SHA256Tests: XCTestCase {
    // FIPS 180-4 examples (NIST CSRC "SHA256.pdf", "SHA2_Additional.pdf").
    func testNISTVectors() {
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex([]),
                       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex(Array(("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                                         + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8)),
                       "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        XCTAssertEqual(SHA256.hex([0xbd]),
                       "68325720aabd7c82f30f554b313d0570c95accbb7dc4b5aae11204c08ffe732b")
        XCTAssertEqual(SHA256.hex([0xc9, 0x8c, 0x8e, 0x55]),
                       "7abc22c0ae5af26ce93dbb94433a0e0b2e119d014f8e7f65bd56c61ccccd9504")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0, count: 55)),
                       "02779466cdec163811d078815c633f21901413081449002f24aa3e80f0b88ef7")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0, count: 56)),
                       "d4817aa5497628e7c77e6b606107042bbba3130888c5f47a375e6179be789fbb")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0, count: 1000)),
                       "541b3e9daa09b20bf85fa273e5cbd3e80185aa4ec298e765db87742b70138a53")
    }

    /// Feeding the bytes in odd-sized pieces gives the same digest as one call.
    func testIncrementalUpdatesMatchOneShot() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = SHA256.hex(bytes)
        for piece in [1, 3, 63, 64, 65, 127, 999] {
            var h = SHA256()
            var i = 0
            while i < bytes.count {
                h.update(Array(bytes[i..<min(i + piece, bytes.count)]))
                i += piece
            }
            XCTAssertEqual(SHA256.hexString(h.finalize()), whole, "piece \(piece)")
        }
    }

    /// Every PNG of libpng's copy of PngSuite (`Tests/Corpus`) hashes as coreutils' sha256sum says.
    func testMatchesSha256sumOnPngSuite() throws {
        let dir = SharedCorpus.url("pngsuite/libpng-pngsuite").path
        let tool = "/usr/bin/sha256sum"
        guard FileManager.default.isExecutableFile(atPath: tool) else { throw XCTSkip("no sha256sum") }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertGreaterThan(names.count, 40)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = names
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        var expected: [String: String] = [:]
        for line in out.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            expected[String(parts[1].drop(while: { $0 == " " || $0 == "*" }))] = String(parts[0])
        }
        XCTAssertEqual(expected.count, names.count)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
            XCTAssertEqual(SHA256.hex(bytes), expected[name], name)
        }
    }
}
