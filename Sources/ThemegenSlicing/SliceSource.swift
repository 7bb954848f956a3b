import Foundation
import ThemegenCore
import ThemegenImage

/// One exported PNG that feeds an asset: `NAME@3x.png`, `NAME@2x.png`, `NAME.png` (1x), each
/// optionally as a 9-patch (`NAME@3x.9.png`).
public struct SliceSource: Sendable, Hashable {
    /// The file as found (the input path joined with the path inside it), for messages and
    /// `Asset.file`.
    public var path: String
    /// Subfolders between the input folder and the file, outermost first.
    public var groups: [String]
    public var name: String
    public var scale: Int
    public var isNinePatch: Bool

    public init(path: String, groups: [String] = [], name: String, scale: Int, isNinePatch: Bool = false) {
        self.path = path; self.groups = groups; self.name = name; self.scale = scale; self.isNinePatch = isNinePatch
    }

    /// Reads `NAME[@Sx][.9].png`; nil for a file that is not a PNG export. Scales above 3 are
    /// not iOS scales and are not sources.
    public init?(path: String, groups: [String] = []) {
        var base = (path as NSString).lastPathComponent
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
    public var assetKey: String { (groups + [name]).joined(separator: "/") }

    /// Sources from files and folders. Folders are walked recursively in byte order of names;
    /// their subfolders become groups. Files that are not PNG exports are skipped; a missing
    /// input is an error naming it.
    public static func scan(_ inputs: [String]) throws -> [SliceSource] {
        let fm = FileManager.default
        var out: [SliceSource] = []
        for input in inputs {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: input, isDirectory: &isDir) else {
                throw FileError(input, "no such file or folder")
            }
            if !isDir.boolValue {
                guard let s = SliceSource(path: input) else {
                    throw FileError(input, "not a PNG export (expected NAME@3x.png, NAME@2x.png, NAME.png or NAME@3x.9.png)")
                }
                out.append(s)
                continue
            }
            try walk(input, groups: [], into: &out)
        }
        return out
    }

    private static func walk(_ folder: String, groups: [String], into out: inout [SliceSource]) throws {
        let fm = FileManager.default
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: folder) } catch {
            throw FileError(folder, "cannot list the folder: \(error.localizedDescription)", kind: .io)
        }
        for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { continue }
            if isDir.boolValue {
                // An asset catalog inside the input is output, not source.
                if name.hasSuffix(".xcassets") { continue }
                try walk(path, groups: groups + [name], into: &out)
            } else if let s = SliceSource(path: path, groups: groups) {
                out.append(s)
            }
        }
    }
}
