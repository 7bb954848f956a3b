import Foundation

/// Files a hostile encoder would write, for the PNG and CLI tests.
package enum HostilePNG {
    /// A valid 8-bit RGB PNG from the vendored corpus (`Tests/Corpus`).
    package static let sample = SharedCorpus.url("pngsuite/pngsuite-full/basn2c08.png").path

    package static func bytes() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: sample))) }

    /// `sample` with IHDR's width and height rewritten and its CRC fixed.
    package static func withHeader(width: UInt32, height: UInt32) throws -> [UInt8] {
        var b = try bytes()
        func put(_ v: UInt32, _ at: Int) { for k in 0..<4 { b[at + k] = UInt8(v >> (24 - 8 * UInt32(k)) & 0xFF) } }
        put(width, 16); put(height, 20)
        put(crc32(Array(b[12..<29])), 29)
        return b
    }
}

/// CRC-32 as PNG uses it, for crafting files in tests.
package func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return c ^ 0xFFFF_FFFF
}

