import Foundation

/// Files in an input folder that themegen does not read (it reads PNG exports only). They are
/// reported once per run as a note, so an export saved as JPEG is not skipped without a word;
/// `--strict` makes the note a warning. A folder with no PNG at all is a warning.
public enum SkippedInputs {
    public static let extensions: Set<String> = ["jpg", "jpeg", "pdf", "svg", "heic"]
    /// How many names a note lists before "…".
    static let shown = 3

    public static func report(folder: String, pngCount: Int, console: any Diagnostics) {
        let skipped = scan(folder)
        if !skipped.isEmpty {
            let names = skipped.prefix(shown).joined(separator: ", ") + (skipped.count > shown ? ", …" : "")
            console.note("\(folder): skipped \(skipped.count) file(s) that are not PNG exports: \(names)")
        }
        if pngCount == 0 {
            console.warning("\(folder): no PNG exports in this folder")
        }
    }

    /// Skipped files under `folder`, relative to it, sorted (hidden entries and catalogs skipped).
    static func scan(_ folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let rel = walker.nextObject() as? String {
            let name = (rel as NSString).lastPathComponent
            if name.hasPrefix(".") || name.hasSuffix(".xcassets") { walker.skipDescendants(); continue }
            if extensions.contains((name as NSString).pathExtension.lowercased()) { found.append(rel) }
        }
        return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
