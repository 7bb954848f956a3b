/// One file a run should leave on disk: where, and exactly which bytes.
///
/// Producers (themes, slicing, templates, preview) return these; `OutputWriter` decides what
/// actually has to be written, deleted or reported. `path` is relative to the output root
/// (the config's folder), with `/` separators, so plans never hold absolute paths.
package struct PlannedFile: Sendable, Equatable {
    /// How `--check` compares the file with what is on disk.
    package enum Kind: Sendable, Equatable {
        /// Byte for byte.
        case text
        /// By header, colour chunks and decoded pixels, so that a PNG compressed by another
        /// zlib (another machine) still counts as up to date.
        case png
    }

    package var path: String
    package var bytes: [UInt8]
    package var kind: Kind

    package init(path: String, bytes: [UInt8], kind: Kind? = nil) {
        self.path = path
        self.bytes = bytes
        self.kind = kind ?? (path.lowercased().hasSuffix(".png") ? .png : .text)
    }

    /// A UTF-8 text file.
    package init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8), kind: .text)
    }

    /// The last path component.
    package var fileName: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
