#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore

/// One exported PNG that feeds an asset: `NAME@3x.png`, `NAME@2x.png`, `NAME.png` (1x), each
/// optionally as a 9-patch (`NAME@3x.9.png`).
package struct SliceSource: Sendable, Hashable {
    /// The file as found (the input path joined with the path inside it), for messages and
    /// `Asset.file`.
    package var path: String
    /// Subfolders between the input folder and the file, outermost first.
    package var groups: [String]
    package var name: String
    package var scale: Int
    package var isNinePatch: Bool

    package init(path: String, groups: [String] = [], name: String, scale: Int, isNinePatch: Bool = false) {
        self.path = path; self.groups = groups; self.name = name; self.scale = scale; self.isNinePatch = isNinePatch
    }

    /// Reads `NAME[@Sx][.9].png`; nil for a file that is not a PNG export. Scales above 3 are
    /// not iOS scales and are not sources.
    package init?(path: String, groups: [String] = []) {
        var base = FilePath.lastComponent(path)
        guard base.lowercased().hasSuffix(".png") else { return nil }
        base = String(base.dropLast(4))
        let nine = base.hasSuffix(".9")
        if nine { base = String(base.dropLast(2)) }
        var scale = 1
        if let at = base.lastIndex(of: "@"), base.hasSuffix("x"),
           let s = Int(base[base.index(after: at)..<base.index(before: base.endIndex)]) {
            guard (1...3).contains(s) else { return nil }
            scale = s
            base = String(base[..<at])
        }
        guard !base.isEmpty else { return nil }
        self.init(path: path, groups: groups, name: base, scale: scale, isNinePatch: nine)
    }

    /// The asset this source belongs to: its groups and name.
    package var assetKey: String { (groups + [name]).joined(separator: "/") }

    /// Sources from files and folders. Folders are walked recursively in byte order of names;
    /// their subfolders become groups. Files that are not PNG exports are skipped; a missing
    /// input is an error naming it.
    package static func scan(_ inputs: [String]) throws -> [SliceSource] {
        var tallies: [SkippedInputs.Tally] = []
        return try scan(inputs, tallies: &tallies)
    }

    /// The same, with one tally per input folder (its exports and the files themegen skips),
    /// counted on the same walk.
    package static func scan(_ inputs: [String], tallies: inout [SkippedInputs.Tally]) throws -> [SliceSource] {
        var out: [SliceSource] = []
        for input in inputs {
            guard let isDir = FileSystem.isFolder(input) else {
                throw FileError(input, "no such file or folder")
            }
            if !isDir {
                guard let s = SliceSource(path: input) else {
                    throw FileError(input, "not a PNG export (expected NAME@3x.png, NAME@2x.png, NAME.png or NAME@3x.9.png)")
                }
                out.append(s)
                continue
            }
            var visited: Set<String> = []
            var tally = SkippedInputs.Tally(folder: input)
            let before = out.count
            try walk(input, root: PathGuard.resolved(input), groups: [], visited: &visited, into: &out, skipped: &tally.skipped)
            tally.pngCount = out.count - before
            tallies.append(tally)
        }
        return out
    }

    /// Walks `folder` depth-first. A link to a folder is followed only when it stays inside
    /// the input folder and leads to a folder not walked yet (its exports then appear in the
    /// link's group too); otherwise (a loop, or a link out of the tree) it is an error naming
    /// the link.
    private static func walk(_ folder: String, root: String, groups: [String], visited: inout Set<String>,
                             into out: inout [SliceSource], skipped: inout [String]) throws {
        let real = PathGuard.resolved(folder)
        visited.insert(real)
        for entry in try FileSystem.entries(folder, shownAs: folder) {
            let path = folder.hasSuffix("/") ? folder + entry.name : folder + "/" + entry.name
            if entry.isFolder {
                // An asset catalog inside the input is output, not source.
                if entry.name.hasSuffix(".xcassets") { continue }
                if entry.isLink {
                    let target = PathGuard.resolved(path)
                    if target != root && !target.hasPrefix(root == "/" ? "/" : root + "/") {
                        throw FileError(path, "is a link to a folder outside the input folder (\(target)); themegen does not follow it; move the exports in or remove the link")
                    }
                    if visited.contains(target) || real.hasPrefix(target + "/") || real == target {
                        throw FileError(path, "is a link back to a folder already read (\(target)), a loop; remove it")
                    }
                }
                try walk(path, root: root, groups: groups + [entry.name], visited: &visited, into: &out, skipped: &skipped)
            } else if let s = SliceSource(path: path, groups: groups) {
                out.append(s)
            } else if SkippedInputs.isSkipped(entry.name) {
                skipped.append((groups + [entry.name]).joined(separator: "/"))
            }
        }
    }
}
