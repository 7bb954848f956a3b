import CPNGBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore

/// Reads a PNG top to bottom, one RGBA row at a time, with memory that grows with the width
/// only. Samples are raw (no colour management): 8-bit sources give 8-bit rows, 16-bit
/// sources 16-bit rows in host byte order. Opened with `rgbWhenOpaque`, an image without
/// alpha gives RGB rows (`channels` 3), which spares a pass over every row.
package final class PNGRowReader {
    package let path: String
    package let header: PNGHeader
    package let colorChunks: ColorChunks
    package let colorSpace: ColorSpace
    /// 8 or 16.
    package let rowBitDepth: Int
    /// Samples per pixel in the rows delivered: 4 (RGBA) or 3 (RGB).
    package let channels: Int
    /// Bytes in one row: `channels` samples per pixel, 1 or 2 bytes per sample.
    package var rowBytes: Int { header.width * channels * rowBitDepth / 8 }
    package private(set) var rowsRead = 0

    private let reader: OpaquePointer
    /// Owned copy of an in-memory PNG; libpng reads from it until `deinit`.
    private let memory: UnsafeMutableBufferPointer<UInt8>?
    private let maxPixels: Int

    /// Opens a file. `path` is also the name used in error messages. `libpngOnly` reads the
    /// image data with libpng too, not with the bridge's own reader (tests compare the two).
    package convenience init(path: String, maxPixels: Int = PNGLimits.defaultMaxPixels,
                            rgbWhenOpaque: Bool = false, libpngOnly: Bool = false) throws {
        if FileSystem.isFolder(path) == true {
            throw PNGError(path: path, reason: .isDirectory)
        }
        let flags = (rgbWhenOpaque ? Int(TG_READ_RGB_IF_OPAQUE) : 0) | (libpngOnly ? Int(TG_READ_LIBPNG_ONLY) : 0)
        try self.init(name: path, maxPixels: maxPixels, memory: nil) { status, err, len in
            tg_reader_open_file(path, UInt64(maxPixels), Int32(flags), status, err, len)
        }
    }

    /// Opens PNG bytes held in memory; `name` is used in error messages.
    package convenience init(data: [UInt8], name: String, maxPixels: Int = PNGLimits.defaultMaxPixels,
                             libpngOnly: Bool = false) throws {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(data.count, 1))
        _ = copy.initialize(from: data)
        let base = copy.baseAddress!
        let flags = libpngOnly ? Int(TG_READ_LIBPNG_ONLY) : 0
        try self.init(name: name, maxPixels: maxPixels, memory: copy) { status, err, len in
            tg_reader_open_memory(base, data.count, UInt64(maxPixels), Int32(flags), status, err, len)
        }
    }

    private init(name: String, maxPixels: Int, memory: UnsafeMutableBufferPointer<UInt8>?,
                 open: (UnsafeMutablePointer<tg_status>, UnsafeMutablePointer<CChar>, Int) -> OpaquePointer?) throws {
        PNGReadLog.opened(name)
        var status = TG_OK
        var err = [CChar](repeating: 0, count: 256)
        let handle = err.withUnsafeMutableBufferPointer { open(&status, $0.baseAddress!, $0.count) }
        guard let handle else {
            memory?.deallocate()
            let detail = PNGError.detail(err)
            throw PNGError.from(status: status, detail: detail, path: name, limit: maxPixels)
        }
        self.path = name
        self.reader = handle
        self.memory = memory
        self.maxPixels = maxPixels
        let info = tg_reader_info(handle)!.pointee
        header = PNGHeader(width: Int(info.width), height: Int(info.height), bitDepth: Int(info.bit_depth),
                           colorType: PNGHeader.ColorType(rawValue: Int(info.color_type)) ?? .rgba,
                           interlaced: info.interlaced != 0, hasAlpha: info.has_alpha != 0)
        rowBitDepth = Int(info.row_depth)
        channels = Int(info.channels)
        var chunks = ColorChunks()
        if info.has_cicp != 0 {
            let c = info.cicp
            chunks.cicp = [c.0, c.1, c.2, c.3]
        }
        if info.has_iccp != 0 {
            var len: UInt32 = 0
            if let p = tg_reader_iccp(handle, &len) {
                chunks.iccpProfile = Array(UnsafeBufferPointer(start: p, count: Int(len)))
            }
            chunks.iccpName = withUnsafeBytes(of: info.iccp_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        if info.has_srgb != 0 { chunks.srgbIntent = Int(info.srgb_intent) }
        if info.has_chrm != 0 {
            chunks.chromaticities = withUnsafeBytes(of: info.chrm) { Array($0.bindMemory(to: Double.self)) }
        }
        if info.has_gama != 0 { chunks.gamma = info.gama }
        colorChunks = chunks
        colorSpace = chunks.colorSpace
    }

    deinit {
        tg_reader_close(reader)
        memory?.deallocate()
    }

    /// Rows the bridge's own reader delivered (tg_idat.c), and whether libpng then read the
    /// file again from the top because something in it was not clean.
    package var fastRows: Int { Int(tg_reader_fast_rows(reader)) }
    package var fellBackToLibpng: Bool { tg_reader_fell_back(reader) != 0 }

    /// Reads the next `count` rows into `buffer`, which holds at least `count · rowBytes` bytes.
    package func readRows(into buffer: UnsafeMutableRawPointer, count: Int = 1) throws {
        let status = tg_reader_read_rows(reader, buffer, rowBytes, UInt32(count))
        guard status == TG_OK else { throw error(status) }
        rowsRead += count
    }

    /// Reads the next row into `row` (at least `rowBytes` bytes).
    package func readRow(into row: UnsafeMutableRawBufferPointer) throws {
        precondition(row.count >= rowBytes, "row buffer too small")
        try readRows(into: row.baseAddress!, count: 1)
    }

    /// Reads the remaining rows into one reused buffer and the chunks after them, so any
    /// damage in the file is found without holding the image.
    package func validate() throws {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(rowBytes, 1), alignment: 8)
        defer { buffer.deallocate() }
        while rowsRead < header.height { try readRows(into: buffer, count: 1) }
        try finish()
    }

    /// Reads the chunks after the image data, so damage there is reported too.
    package func finish() throws {
        let status = tg_reader_finish(reader)
        guard status == TG_OK else { throw error(status) }
    }

    private func error(_ status: tg_status) -> PNGError {
        PNGError.from(status: status, detail: String(cString: tg_reader_error(reader)), path: path, limit: maxPixels)
    }
}
