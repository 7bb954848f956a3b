/// Path arithmetic on `/`-separated strings. Foundation's `NSString.deletingLastPathComponent`
/// traps on one-character paths on Linux (swift-corelibs-foundation), so themegen uses this.
public enum FilePath {
    /// The folder part: `a/b/c.png` → `a/b`, `c.png` → ``, `/c` → `/`.
    public static func parent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        return slash == p.startIndex ? "/" : String(p[..<slash])
    }
}
