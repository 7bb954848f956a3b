#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two PNG files hold the same image: same header, same colour chunks (iCCP compared
/// decompressed) and the same decoded samples. Compression, filters and chunk order may differ,
/// so a PNG written by another zlib (another machine) still counts as up to date.
package enum PNGComparison {
    @Sendable package static func sameImage(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a == b { return true }
        guard let ra = try? PNGRowReader(data: a, name: "on disk"),
              let rb = try? PNGRowReader(data: b, name: "planned"),
              ra.header == rb.header, ra.colorChunks == rb.colorChunks,
              ra.rowBitDepth == rb.rowBitDepth, ra.rowBytes == rb.rowBytes else { return false }
        // Row by row: memory grows with the width only.
        let rowA = UnsafeMutableRawBufferPointer.allocate(byteCount: max(ra.rowBytes, 1), alignment: 8)
        let rowB = UnsafeMutableRawBufferPointer.allocate(byteCount: max(rb.rowBytes, 1), alignment: 8)
        defer { rowA.deallocate(); rowB.deallocate() }
        let n = ra.rowBytes
        for _ in 0..<ra.header.height {
            do {
                try ra.readRow(into: UnsafeMutableRawBufferPointer(rebasing: rowA[0..<n]))
                try rb.readRow(into: UnsafeMutableRawBufferPointer(rebasing: rowB[0..<n]))
            } catch {
                return false
            }
            if memcmp(rowA.baseAddress!, rowB.baseAddress!, n) != 0 { return false }
        }
        return true
    }
}
