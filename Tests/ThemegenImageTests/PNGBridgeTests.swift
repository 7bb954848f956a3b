import XCTest
import CPNGBridge

/// The C bridge refuses what would overrun its fixed buffers, before libpng sees it.
final class PNGBridgeTests: XCTestCase {
    func write(paletteCount: Int32, trnsCount: Int32 = 0) -> (tg_status, String) {
        let palette = [UInt8](repeating: 7, count: 3 * 300), trns = [UInt8](repeating: 255, count: 300)
        let pixels = [UInt8](repeating: 0, count: 4)
        var err = [CChar](repeating: 0, count: 128)
        var out: UnsafeMutablePointer<UInt8>?
        var outLen = 0
        let status = palette.withUnsafeBufferPointer { pal in
            trns.withUnsafeBufferPointer { tr in
                var p = tg_write_params()
                p.width = 2; p.height = 2; p.bit_depth = 8; p.color_type = 3 // PNG_COLOR_TYPE_PALETTE
                p.palette = pal.baseAddress; p.palette_count = paletteCount
                p.trns = tr.baseAddress; p.trns_count = trnsCount
                p.srgb = 1; p.compression_level = 6
                return err.withUnsafeMutableBufferPointer { e in
                    tg_write_memory(&p, pixels, 2, &out, &outLen, e.baseAddress, e.count)
                }
            }
        }
        if let out { tg_free(out) }
        return (status, String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// A palette count over 256 (or under 1, or more transparency entries than colours) would
    /// write past `pal[256]`; the bridge refuses it with an encode error.
    func testPaletteCountIsBoundedBeforeTheFixedBuffer() {
        for (count, trns) in [(Int32(257), Int32(0)), (300, 0), (0, 0), (-1, 0), (4, 5)] {
            let (status, message) = write(paletteCount: count, trnsCount: trns)
            XCTAssertEqual(status, TG_ERR_WRITE, "\(count) colours, \(trns) alpha")
            XCTAssertEqual(message, "palette must have 1 to 256 entries", "\(count) colours, \(trns) alpha")
        }
        XCTAssertEqual(write(paletteCount: 256, trnsCount: 256).0, TG_OK)
        XCTAssertEqual(write(paletteCount: 1).0, TG_OK)
    }
}
