#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore

/// Expands command-line paths into the PNG files they name.
public enum InputFiles {
    /// Files are taken as given; folders are scanned recursively for `*.png` (not following
    /// links, skipping hidden entries), sorted by Unicode scalar values after NFC normalisation,
    /// so every machine sees the same order. A missing path is reported and skipped.
    public static func pngs(in paths: [String], console: any Diagnostics) throws -> [String] {
        var result: [String] = []
        for path in paths {
            guard let isDir = FileSystem.isFolder(path) else {
                console.error(FileError(path, "no such file or folder", kind: .input))
                continue
            }
            if isDir && !path.lowercased().hasSuffix(".png") {
                result += scan(folder: path)
            } else {
                result.append(path) // a folder named x.png is reported by the reader
            }
        }
        return result
    }

    static func scan(folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        walk(base, into: &found)
        return sortedForOutput(found)
    }

    /// Every `*.png` entry under `folder`, descending into real folders only (not links).
    /// A folder named x.png is listed, not entered: a mistake worth reporting, not a PNG to
    /// skip silently.
    static func walk(_ folder: String, into found: inout [String]) {
        for name in FileSystem.list(folder) where !name.hasPrefix(".") {
            let full = folder + "/" + name
            if name.lowercased().hasSuffix(".png") {
                found.append(full)
            } else if FileSystem.isRealDirectory(full) {
                walk(full, into: &found)
            }
        }
    }

    /// Sorts by Unicode scalar values after NFC normalisation.
    public static func sortedForOutput(_ paths: [String]) -> [String] {
        paths.map { ($0.nfc, $0) }
            .sorted { a, b in a.0.unicodeScalars.lexicographicallyPrecedes(b.0.unicodeScalars) }
            .map(\.1)
    }
}
