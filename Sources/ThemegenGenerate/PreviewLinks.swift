/// Links from the preview page to files elsewhere under the output root.
enum PreviewLinks {
    /// The URL of `path` relative to the folder `from` (both from the output root, `/`
    /// separators): `Generated/Preview` to `Generated/Assets.xcassets/A.imageset/A.png` gives
    /// `../Assets.xcassets/A.imageset/A.png`. Each segment is percent-encoded, so names with
    /// spaces, `#`, `%` or parentheses work in `src` and in an unquoted CSS `url()`.
    static func relative(from folder: String, to path: String) -> String {
        let base = segments(folder), target = segments(path)
        var common = 0
        while common < base.count && common < target.count - 1 && base[common] == target[common] { common += 1 }
        let up = [String](repeating: "..", count: base.count - common)
        return (up + target[common...].map(percentEncoded)).joined(separator: "/")
    }

    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    private static let hex = Array("0123456789ABCDEF".unicodeScalars)

    /// RFC 3986 unreserved characters and `@` stay; every other byte of the UTF-8 becomes %XX.
    static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for b in segment.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out += "%"
                out.unicodeScalars.append(hex[Int(b >> 4)]); out.unicodeScalars.append(hex[Int(b & 15)])
            }
        }
        return out
    }
}
