import ThemegenCore
import ThemegenImage

/// What the theme pass made of a set of artboards: the themes, the artboards that could not
/// become themes (already reported), and the thumbnails the options asked for.
package struct ThemeExtraction: Sendable {
    package var themes: [Theme] = []
    package var failures: [ThemeFailure] = []
    /// By artboard file, as `Theme.file` and `ThemeFailure.file` name it (dark variants too).
    package var thumbnails: [String: Thumbnail] = [:]

    package init() {}
}

/// An artboard that did not become a theme, and why, for the preview to show.
package struct ThemeFailure: Sendable, Equatable {
    package var file: String
    /// The reason, without the file name in front.
    package var message: String

    package init(file: String, message: String) {
        self.file = file; self.message = message
    }

    /// From the error the pass reported; `file` relative to `baseDirectory` when the error
    /// names one.
    init(error: Error, baseDirectory: String?) {
        let path = (error as? FileError)?.path ?? (error as? PNGError)?.path ?? ""
        self.init(file: FilePath.relative(path, to: baseDirectory), message: Self.message(of: error, path: path))
    }

    /// An error's text without its leading `path: `, its hint after a semicolon.
    static func message(of error: Error, path: String? = nil) -> String {
        let (text, hint) = Remedy.split("\(error)")
        let prefix = (path ?? (error as? FileError)?.path ?? "") + ": "
        let message = prefix.count > 2 && text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
        return message + (hint.map { "; " + $0 } ?? "")
    }
}
