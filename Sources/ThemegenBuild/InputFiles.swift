import Foundation
import Mustache
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// Expands command-line paths into the PNG files they name.
public enum InputFiles {
    /// Files are taken as given; folders are scanned recursively for `*.png` (not following
    /// links, skipping hidden entries), sorted by Unicode scalar values after NFC normalisation,
    /// so every machine sees the same order. A missing path is reported and skipped.
    public static func pngs(in paths: [String], console: any Diagnostics) throws -> [String] {
        var result: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                console.error(FileError(path, "no such file or folder", kind: .input))
                continue
            }
            if isDir.boolValue && !path.lowercased().hasSuffix(".png") {
                result += scan(folder: path)
            } else {
                result.append(path) // a folder named x.png is reported by the reader
            }
        }
        return result
    }

    static func scan(folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let rel = walker.nextObject() as? String {
            let name = (rel as NSString).lastPathComponent
            if name.hasPrefix(".") { walker.skipDescendants(); continue }
            guard name.lowercased().hasSuffix(".png") else { continue }
            let full = base + "/" + rel
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), isDir.boolValue {
                walker.skipDescendants()
                // A folder named x.png is a mistake worth reporting, not a PNG to skip silently.
            }
            found.append(full)
        }
        return sortedForOutput(found)
    }

    /// Sorts by Unicode scalar values after NFC normalisation.
    public static func sortedForOutput(_ paths: [String]) -> [String] {
        paths.map { ($0.precomposedStringWithCanonicalMapping, $0) }
            .sorted { a, b in a.0.unicodeScalars.lexicographicallyPrecedes(b.0.unicodeScalars) }
            .map(\.1)
    }
}
