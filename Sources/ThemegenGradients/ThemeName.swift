import Foundation
import ThemegenCore
import ThemegenImage

/// Theme names from artboard file names, and the grouping of scale variants.
public enum ThemeName {
    /// `Ocean Blue@3x.png` → ("Ocean Blue", 3); `Sunset.png` → ("Sunset", 1).
    public static func parse(fileName: String) -> (name: String, scale: Int) {
        var base = fileName
        if base.lowercased().hasSuffix(".png") { base.removeLast(4) }
        if let at = base.range(of: "@", options: .backwards) {
            let suffix = base[at.upperBound...]
            if suffix.count >= 2, suffix.last == "x" || suffix.last == "X",
               let n = Int(suffix.dropLast()), n >= 1 {
                return (String(base[..<at.lowerBound]), n)
            }
        }
        return (base, 1)
    }

    /// One file per artboard: of `Sunset.png`, `Sunset@2x.png`, `Sunset@3x.png` in one folder
    /// the largest scale wins. Keeps the order of `files` (already sorted for output).
    public static func largestVariants(_ files: [String]) -> [String] {
        var best: [String: (scale: Int, index: Int)] = [:]
        for (i, f) in files.enumerated() {
            let p = parse(fileName: (f as NSString).lastPathComponent)
            let key = (FilePath.parent(f) + "/" + p.name).precomposedStringWithCanonicalMapping
            if let b = best[key], b.scale >= p.scale { continue }
            best[key] = (p.scale, i)
        }
        let keep = Set(best.values.map(\.index))
        return files.enumerated().filter { keep.contains($0.offset) }.map(\.element)
    }
}
