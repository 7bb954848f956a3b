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

/// Files in an input folder that themegen does not read (it reads PNG exports only). They are
/// reported once per run as a note, so an export saved as JPEG is not skipped without a word;
/// `--strict` makes the note a warning. A folder with no PNG at all is a warning.
package enum SkippedInputs {
    package static let extensions: Set<String> = ["jpg", "jpeg", "pdf", "svg", "heic"]
    /// How many names a note lists before "…".
    static let shown = 3

    package static func report(folder: String, pngCount: Int, console: any Diagnostics) {
        let skipped = scan(folder)
        if !skipped.isEmpty {
            let names = skipped.prefix(shown).joined(separator: ", ") + (skipped.count > shown ? ", …" : "")
            console.note("\(folder): skipped \(skipped.count) file(s) that are not PNG exports: \(names)")
        }
        if pngCount == 0 {
            console.warning("\(folder): no PNG exports in this folder")
        }
    }

    /// Skipped files under `folder`, relative to it, sorted (hidden entries and catalogs
    /// skipped, links to folders not followed).
    static func scan(_ folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        func walk(_ dir: String, _ prefix: String) {
            for entry in (try? FileSystem.entries(dir, shownAs: dir)) ?? [] {
                if entry.isFolder {
                    if !entry.isLink && !entry.name.hasSuffix(".xcassets") { walk(dir + "/" + entry.name, prefix + entry.name + "/") }
                } else if let dot = entry.name.lastIndex(of: "."),
                          extensions.contains(entry.name[entry.name.index(after: dot)...].lowercased()) {
                    found.append(prefix + entry.name)
                }
            }
        }
        walk(base, "")
        return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
