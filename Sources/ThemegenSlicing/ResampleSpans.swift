import ThemegenCore
import ThemegenImage

/// Which parts of which source pixels one axis of a downscale reads, computed once per axis.
///
/// Output pixel `j` covers the source interval [j·n/m, (j+1)·n/m) for n source and m output
/// pixels. Boundaries are rational, so they are split into an integer pixel index and an exact
/// fraction: at 3:1 every span is a whole pixel, which makes that case an exact area average.
struct ResampleSpans: Sendable {
    /// Spans of output pixel `j` are `start[j] ..< start[j + 1]`.
    var start: [Int]
    var source: [Int]
    /// The covered part [from, to] of the source pixel, in its own 0…1 coordinates.
    var from: [Double]
    var to: [Double]
    /// 1 / (source pixels per output pixel).
    var norm: Double

    init(sourceCount n: Int, outputCount m: Int) {
        precondition(n > 0 && m > 0)
        start = [0]; start.reserveCapacity(m + 1)
        source = []; from = []; to = []
        source.reserveCapacity(n + m); from.reserveCapacity(n + m); to.reserveCapacity(n + m)
        norm = Double(m) / Double(n)
        for j in 0..<m {
            let lo = j * n, hi = (j + 1) * n          // in units of 1/m source pixel
            var i = lo / m
            while i * m < hi {
                let a = max(lo - i * m, 0), b = min(hi - i * m, m)
                if b > a {
                    source.append(i)
                    from.append(Double(a) / Double(m))
                    to.append(Double(b) / Double(m))
                }
                i += 1
            }
            start.append(source.count)
        }
    }

    /// The source pixels a pass needs for output pixels `range`, including the two
    /// neighbours either side that the edge reconstruction reads, clamped to the image.
    func sourceRange(outputs range: Range<Int>, sourceCount n: Int) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        let lo = source[start[range.lowerBound]]
        let hi = source[start[range.upperBound] - 1]
        return max(lo - 2, 0) ..< min(hi + 3, n)
    }
}
