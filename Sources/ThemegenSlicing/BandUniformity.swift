import ThemegenCore
import ThemegenImage

/// Whether a band of an image repeats one column (or row) exactly.
enum BandUniformity {
    static func columnsIdentical(_ image: Image, _ band: Range<Int>) -> Bool {
        guard band.count > 1 else { return true }
        switch image.pixels {
        case .rgba8(let a): return columns(a, image.width, image.height, band)
        case .rgba16(let a): return columns(a, image.width, image.height, band)
        }
    }

    static func rowsIdentical(_ image: Image, _ band: Range<Int>) -> Bool {
        guard band.count > 1 else { return true }
        switch image.pixels {
        case .rgba8(let a): return rows(a, image.width, band)
        case .rgba16(let a): return rows(a, image.width, band)
        }
    }

    private static func columns<T: Equatable>(_ a: [T], _ w: Int, _ h: Int, _ band: Range<Int>) -> Bool {
        a.withUnsafeBufferPointer { p in
            for y in 0..<h {
                let row = y * w * 4, first = row + band.lowerBound * 4
                for x in band.dropFirst() {
                    let i = row + x * 4
                    if p[i] != p[first] || p[i + 1] != p[first + 1] || p[i + 2] != p[first + 2] || p[i + 3] != p[first + 3] {
                        return false
                    }
                }
            }
            return true
        }
    }

    private static func rows<T: Equatable>(_ a: [T], _ w: Int, _ band: Range<Int>) -> Bool {
        a.withUnsafeBufferPointer { p in
            let n = w * 4, first = band.lowerBound * n
            for y in band.dropFirst() {
                let r = y * n
                for i in 0..<n where p[r + i] != p[first + i] { return false }
            }
            return true
        }
    }
}
