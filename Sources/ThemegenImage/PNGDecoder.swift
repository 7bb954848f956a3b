#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes whole PNGs into `Image`s (RGBA, raw samples, 16-bit kept).
package enum PNGDecoder {
    package static func decode(path: String, maxPixels: Int = PNGLimits.defaultMaxPixels) throws -> Image {
        try decode(PNGRowReader(path: path, maxPixels: maxPixels))
    }

    package static func decode(data: [UInt8], name: String, maxPixels: Int = PNGLimits.defaultMaxPixels) throws -> Image {
        try decode(PNGRowReader(data: data, name: name, maxPixels: maxPixels))
    }

    /// The pixel buffer is never zero-filled (pages are only touched as rows decode, so a
    /// header that lies costs nothing), and an allocation the system refuses is an error
    /// naming the file, not an abort.
    static func decode(_ reader: PNGRowReader) throws -> Image {
        let w = reader.header.width, h = reader.header.height
        let count = w * h * 4
        let pixels: Image.Pixels
        if reader.rowBitDepth == 16 {
            try ensureAllocatable(count * 2, reader.path)
            let a = try [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
                try reader.readRows(into: buffer.baseAddress!, count: h)
                initialized = count
            }
            pixels = .rgba16(a)
        } else {
            try ensureAllocatable(count, reader.path)
            let a = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                try reader.readRows(into: buffer.baseAddress!, count: h)
                initialized = count
            }
            pixels = .rgba8(a)
        }
        try reader.finish()
        return Image(width: w, height: h, colorSpace: reader.colorSpace, pixels: pixels)
    }

    /// Swift aborts when an array cannot be allocated; malloc says no instead. The probe costs
    /// an mmap and munmap of untouched pages.
    static func ensureAllocatable(_ bytes: Int, _ path: String) throws {
        guard let p = malloc(max(bytes, 1)) else { throw PNGError(path: path, reason: .outOfMemory(bytes: bytes)) }
        free(p)
    }
}
