#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore

/// Theme names from artboard file names, and the grouping of scale variants.
package enum ThemeName {
    /// `Ocean Blue@3x.png` → ("Ocean Blue", 3); `Sunset.png` → ("Sunset", 1).
    package static func parse(fileName: String) -> (name: String, scale: Int) {
        var base = fileName
        if base.lowercased().hasSuffix(".png") { base.removeLast(4) }
        if let at = base.lastIndex(of: "@") {
            let suffix = base[base.index(after: at)...]
            if suffix.count >= 2, suffix.last == "x" || suffix.last == "X",
               let n = Int(suffix.dropLast()), n >= 1 {
                return (String(base[..<at]), n)
            }
        }
        return (base, 1)
    }

    /// One file per artboard: of `Sunset.png`, `Sunset@2x.png`, `Sunset@3x.png` in one folder
    /// the largest scale wins. Keeps the order of `files` (already sorted for output).
    package static func largestVariants(_ files: [String]) -> [String] {
        var best: [String: (scale: Int, index: Int)] = [:]
        for (i, f) in files.enumerated() {
            let p = parse(fileName: FilePath.lastComponent(f))
            let key = (FilePath.parent(f) + "/" + p.name).nfc
            if let b = best[key], b.scale >= p.scale { continue }
            best[key] = (p.scale, i)
        }
        let keep = Set(best.values.map(\.index))
        return files.enumerated().filter { keep.contains($0.offset) }.map(\.element)
    }

    /// The suffix that marks a theme's dark-appearance export: `Day~dark@3x.png` is the dark
    /// variant of `Day@3x.png` (as Xcode names appearance variants).
    package static let darkSuffix = "~dark"

    /// `Day~dark` → "Day"; nil for a name without the suffix.
    package static func lightName(ofDark name: String) -> String? {
        guard name.lowercased().hasSuffix(darkSuffix), name.count > darkSuffix.count else { return nil }
        return String(name.dropLast(darkSuffix.count))
    }
}
