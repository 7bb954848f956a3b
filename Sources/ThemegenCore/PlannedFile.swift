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
    package var content: FileContent
    package var kind: Kind

    package init(path: String, content: FileContent, kind: Kind? = nil) {
        self.path = path
        self.content = content
        self.kind = kind ?? (path.lowercased().hasSuffix(".png") ? .png : .text)
    }

    package init(path: String, bytes: [UInt8], kind: Kind? = nil) {
        self.init(path: path, content: .bytes(bytes), kind: kind)
    }

    /// A UTF-8 text file.
    package init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8), kind: .text)
    }

    /// The exact bytes (a spooled file's are read back).
    package func read() throws -> [UInt8] { try content.read(shownAs: path) }

    /// The last path component.
    package var fileName: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// A planned file's bytes: in memory, or kept in the run's `Spool` when they are made long
/// before the write and there may be hundreds of them (the preview's thumbnails).
package enum FileContent: Sendable, Equatable {
    case bytes([UInt8])
    case spooled(SpooledFile)

    package func read(shownAs name: String) throws -> [UInt8] {
        switch self {
        case .bytes(let b): return b
        case .spooled(let s): return try s.read(shownAs: name)
        }
    }

    /// The SHA-256 of the bytes, in hex (a spooled file's was taken when it was stored).
    package var sha256: String {
        switch self {
        case .bytes(let b): return SHA256.hex(b)
        case .spooled(let s): return s.sha256
        }
    }

    /// Whether `other` (a file's bytes on disk) is exactly this content.
    package func isIdentical(to other: [UInt8]) -> Bool {
        switch self {
        case .bytes(let b): return b == other
        case .spooled(let s): return other.count == s.size && SHA256.hex(other) == s.sha256
        }
    }
}
