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
/// `--strict` makes the note a warning. A folder with no PNG at all is a warning. The walkers
/// that find the PNGs (`InputFiles`, `SliceSource`) count these as they go, so a folder is
/// read once.
package enum SkippedInputs {
    package static let extensions: Set<String> = ["jpg", "jpeg", "pdf", "svg", "heic"]
    /// How many names a note lists before "…".
    static let shown = 3

    /// What a walk of one input folder found.
    package struct Tally: Sendable, Equatable {
        package var folder: String
        package var pngCount = 0
        /// Skipped files, relative to the folder.
        package var skipped: [String] = []
        package init(folder: String) { self.folder = folder }
    }

    /// Whether a file of this name is an export themegen skips (and says so).
    package static func isSkipped(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    package static func report(_ tally: Tally, console: any Diagnostics) {
        let skipped = tally.skipped.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        if !skipped.isEmpty {
            let names = skipped.prefix(shown).joined(separator: ", ") + (skipped.count > shown ? ", …" : "")
            console.note("\(tally.folder): skipped \(skipped.count) file(s) that are not PNG exports: \(names)")
        }
        if tally.pngCount == 0 {
            console.warning("\(tally.folder): no PNG exports in this folder")
        }
    }
}
