import ThemegenImage

/// `--auto-caps`: finds the stretchable middle of an @3x image as the widest band of identical
/// columns and of identical rows, and turns it into cap insets.
package enum AutoCaps {
    /// Cap insets in points, or nil when neither axis has a band of at least one point.
    ///
    /// The band is shrunk to whole points (multiples of `sourceScale` pixels), so that its
    /// edges fall on pixel boundaries at every smaller scale and it stays uniform after
    /// downscaling. An axis whose band is shorter than one point is not stretched.
    package static func slicing(for image: Image, sourceScale: Int = 3, centerMode: CenterMode = .stretch) -> Slicing? {
        let x = aligned(widestRun(count: image.width) { BandUniformity.columnsIdentical(image, ($0 - 1)..<($0 + 1)) }, sourceScale)
        let y = aligned(widestRun(count: image.height) { BandUniformity.rowsIdentical(image, ($0 - 1)..<($0 + 1)) }, sourceScale)
        let s = Double(sourceScale)
        let insets = CapInsets(top: Double(y?.lowerBound ?? 0) / s,
                               left: Double(x?.lowerBound ?? 0) / s,
                               bottom: Double(y.map { image.height - $0.upperBound } ?? 0) / s,
                               right: Double(x.map { image.width - $0.upperBound } ?? 0) / s)
        switch (x != nil, y != nil) {
        case (true, true): return Slicing(capInsets: insets, resizingMode: .ninePart, centerMode: centerMode)
        case (true, false): return Slicing(capInsets: insets, resizingMode: .threePartHorizontal, centerMode: centerMode)
        case (false, true): return Slicing(capInsets: insets, resizingMode: .threePartVertical, centerMode: centerMode)
        case (false, false): return nil
        }
    }

    /// The widest run of indices where each equals the one before (`sameAsPrevious(i)` for
    /// i ≥ 1) and that touches neither end, unless it spans the whole axis; the first of
    /// equally wide runs wins. A run at one end is the transparent margin around an icon, not
    /// a stretchable middle.
    static func widestRun(count: Int, sameAsPrevious: (Int) -> Bool) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        var best = 0..<0, start = 0
        for i in 1...count {
            if i < count && sameAsPrevious(i) { continue }
            let whole = start == 0 && i == count
            if whole || (start > 0 && i < count), i - start > best.count { best = start..<i }
            start = i
        }
        return best
    }

    private static func aligned(_ r: Range<Int>, _ unit: Int) -> Range<Int>? {
        let lo = (r.lowerBound + unit - 1) / unit * unit
        let hi = r.upperBound / unit * unit
        return hi - lo >= unit ? lo..<hi : nil
    }
}
