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

/// The one shape every diagnostic has:
/// `themegen: error|warning|note: PATH[:LINE[:COL]]: message` for a terminal, and
/// `PATH[:LINE[:COL]]: error|warning|note: message` for Xcode, which links it to the file.
/// Messages start with the path they concern (`FileError`, `ConfigError`, warnings); this
/// finds it so it can be shown relative to the current folder (or absolute for Xcode).
package enum DiagnosticFormat {
    package enum Style: String, Sendable { case plain, xcode }

    package static func line(severity: String, message: String, style: Style, currentDirectory: String) -> String {
        guard let (path, position, rest) = location(of: message) else {
            return "themegen: \(severity): \(style == .plain ? relativeEverywhere(message, to: currentDirectory) : message)"
        }
        switch style {
        case .plain:
            return "themegen: \(severity): \(relative(path, to: currentDirectory))\(position): \(relativeEverywhere(rest, to: currentDirectory))"
        case .xcode:
            let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
            return "\(absolute)\(position): \(severity): \(rest)"
        }
    }

    /// A message's hint (its remedy) on a line of its own: indented under the message for a
    /// terminal, a note at the message's file for Xcode.
    package static func hint(_ hint: String, of message: String, style: Style, currentDirectory: String) -> String {
        switch style {
        case .plain:
            return "    hint: " + relativeEverywhere(hint, to: currentDirectory)
        case .xcode:
            guard let (path, position, _) = location(of: message) else { return "note: " + hint }
            return line(severity: "note", message: "\(path)\(position): \(hint)", style: .xcode, currentDirectory: currentDirectory)
        }
    }

    /// `(path, ":LINE:COL", rest)` when the message starts with a file's path.
    static func location(of message: String) -> (String, String, String)? {
        guard let colon = message.firstRange(of: ": ") else { return nil }
        var head = Substring(message[..<colon.lowerBound])
        var position = ""
        for _ in 0..<2 {
            guard let c = head.lastIndex(of: ":"), c > head.startIndex,
                  Int(head[head.index(after: c)...]) != nil else { break }
            position = String(head[c...]) + position
            head = head[..<c]
        }
        let path = String(head)
        guard looksLikePath(path) else { return nil }
        return (path, position, String(message[colon.upperBound...]))
    }

    private static let fileExtensions: Set<String> = [
        "png", "jpg", "jpeg", "pdf", "svg", "heic", "json", "mustache", "swift", "css", "h", "m",
        "html", "xcassets", "imageset", "colorset", "gitignore",
    ]

    static func looksLikePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.contains("\n") else { return false }
        if path.hasPrefix("/") || path.hasPrefix("./") || path.hasPrefix("../") { return true }
        if let dot = path.lastIndex(of: "."), fileExtensions.contains(path[path.index(after: dot)...].lowercased()) {
            return true
        }
        return FileManager.default.fileExists(atPath: path)
    }

    /// Other paths inside the message (the second file of a collision) print relative too.
    static func relativeEverywhere(_ text: String, to folder: String) -> String {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return base == "/" ? text : text.replacing(base, with: "")
    }

    static func relative(_ path: String, to folder: String) -> String {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(base) && path.count > base.count ? String(path.dropFirst(base.count)) : path
    }
}
