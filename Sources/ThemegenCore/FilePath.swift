#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Path arithmetic on `/`-separated strings. Foundation's `NSString.deletingLastPathComponent`
/// traps on one-character paths on Linux (swift-corelibs-foundation), so themegen uses this.
package enum FilePath {
    /// The folder part: `a/b/c.png` → `a/b`, `c.png` → ``, `/c` → `/`.
    package static func parent(_ path: String) -> String {
        let p = trimmed(path)
        guard let slash = p.lastIndex(of: slashByte) else { return "" }
        return slash == p.startIndex ? "/" : String(Substring(p[..<slash]))
    }

    /// `path` relative to `base` when it lies inside it, with `/`, so models never hold
    /// absolute paths: `base` may be relative (`sub`) or absolute, and defaults to the current
    /// folder, against which absolute paths are also compared.
    package static func relative(_ path: String, to base: String? = nil) -> String {
        var p = String(path.map { $0 == "\\" ? "/" : $0 })
        while p.hasPrefix("./") { p.removeFirst(2) }
        let cwd = FileManager.default.currentDirectoryPath
        for root in [base, cwd].compactMap({ $0 }) where !root.isEmpty && root != "." {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if p.hasPrefix(prefix) { return String(p.dropFirst(prefix.count)) }
            if !root.hasPrefix("/") {
                let absolute = (cwd.hasSuffix("/") ? cwd : cwd + "/") + prefix
                if p.hasPrefix(absolute) { return String(p.dropFirst(absolute.count)) }
            }
        }
        return p
    }

    /// The last component: `a/b/c.png` → `c.png`.
    package static func lastComponent(_ path: String) -> String {
        let p = trimmed(path)
        guard let slash = p.lastIndex(of: slashByte), p.count > 1 else { return String(Substring(p)) }
        return String(Substring(p[p.index(after: slash)...]))
    }

    /// `path`'s bytes without trailing slashes (a lone `/` stays). Paths are split on the byte
    /// `/`, as the system does, which is also far cheaper than walking characters; an ASCII
    /// byte is always a character boundary in UTF-8.
    private static func trimmed(_ path: String) -> Substring.UTF8View {
        var p = Substring(path).utf8
        while p.count > 1 && p.last == slashByte { p = p.dropLast() }
        return p
    }

    private static let slashByte = UInt8(ascii: "/")
}
