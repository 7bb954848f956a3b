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
import ThemegenCore

/// Expands command-line paths into the PNG files they name.
package enum InputFiles {
    /// Files are taken as given; folders are scanned recursively for `*.png` (not following
    /// links, skipping hidden entries), sorted by Unicode scalar values after NFC normalisation,
    /// so every machine sees the same order. A missing path is reported and skipped.
    package static func pngs(in paths: [String], console: any Diagnostics) throws -> [String] {
        var result: [String] = []
        for path in paths {
            guard let isDir = FileSystem.isFolder(path) else {
                console.error(FileError(path, "no such file or folder", kind: .input))
                continue
            }
            if isDir && !path.lowercased().hasSuffix(".png") {
                var tally = SkippedInputs.Tally(folder: path)
                let found = try scan(folder: path, tally: &tally)
                SkippedInputs.report(tally, console: console)
                result += found
            } else {
                result.append(path) // a folder named x.png is reported by the reader
            }
        }
        return result
    }

    /// Links to folders are not followed (no loops, nothing outside the tree); a name that is
    /// not UTF-8 is an error naming its folder.
    /// `tally` counts the PNGs and the files themegen skips (`SkippedInputs`) on the way.
    static func scan(folder: String, tally: inout SkippedInputs.Tally) throws -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        func walk(_ dir: String, _ prefix: String?) throws {
            for entry in try FileSystem.entries(dir, shownAs: dir) {
                let full = dir + "/" + entry.name
                let isPNG = entry.name.lowercased().hasSuffix(".png")
                if entry.isFolder && !isPNG {
                    // Catalogs inside an input are output; their files are not reported as skipped.
                    if !entry.isLink { try walk(full, entry.name.hasSuffix(".xcassets") ? nil : prefix.map { $0 + entry.name + "/" }) }
                } else if isPNG {
                    // A folder named x.png is a mistake worth reporting, not a PNG to skip silently.
                    found.append(full)
                } else if let prefix, SkippedInputs.isSkipped(entry.name) {
                    tally.skipped.append(prefix + entry.name)
                }
            }
        }
        try walk(base, "")
        tally.pngCount += found.count
        return sortedForOutput(found)
    }

    /// Sorts by Unicode scalar values after NFC normalisation.
    package static func sortedForOutput(_ paths: [String]) -> [String] {
        paths.map { ($0.nfc, $0) }
            .sorted { a, b in a.0.unicodeScalars.lexicographicallyPrecedes(b.0.unicodeScalars) }
            .map(\.1)
    }
}

extension InputFiles {
    /// The PNGs under `folder` (relative to `root`), relative to `root`, in `scan`'s order.
    package static func relativePNGs(in folder: String, root: String, excluding patterns: [String] = []) throws -> [String] {
        var tally = SkippedInputs.Tally(folder: folder)
        return try relativePNGs(in: folder, root: root, excluding: patterns, tally: &tally)
    }

    /// The same, counting what the folder holds in `tally` (PNGs left after `exclude`, and the
    /// skipped files) from the same walk.
    package static func relativePNGs(in folder: String, root: String, excluding patterns: [String] = [],
                                     tally: inout SkippedInputs.Tally) throws -> [String] {
        let full = OutputWriter.join(root, folder)
        guard FileSystem.isDirectory(full) else {
            throw FileError(folder, "input folder does not exist or is not a folder")
        }
        let prefix = root.isEmpty || root == "." ? "" : (root.hasSuffix("/") ? root : root + "/")
        let base = full.hasSuffix("/") ? full : full + "/"
        var found = SkippedInputs.Tally(folder: tally.folder)
        let kept = try scan(folder: full, tally: &found).filter { path in
            !excluded(String(path.dropFirst(base.count)), by: patterns)
        }.map { String($0.dropFirst(prefix.count)) }
        tally.skipped += found.skipped
        tally.pngCount += kept.count
        return kept
    }

    /// Whether a path relative to an input folder matches one of the `exclude` globs: a
    /// pattern without `/` is matched against the file name, one with `/` against the whole
    /// relative path; `*` does not cross `/`.
    package static func excluded(_ relative: String, by patterns: [String]) -> Bool {
        let name = FilePath.lastComponent(relative)
        return patterns.contains { p in
            fnmatch(p, p.contains("/") ? relative : name, FNM_PATHNAME) == 0
        }
    }
}
