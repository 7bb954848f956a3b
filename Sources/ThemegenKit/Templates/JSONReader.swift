/// A small JSON parser into `TemplateValue`. Own code rather than `JSONSerialization`, so
/// `true` stays a Bool and `1` a number on every platform, and errors give line and column.
public struct JSONReader {
    public struct SyntaxError: ThemegenError {
        public let file: String
        public let line: Int
        public let column: Int
        public let message: String
        public var kind: ErrorKind { .input }
        public var description: String { "\(file):\(line):\(column): invalid JSON: \(message)" }
    }

    /// JSON nested deeper than this is refused rather than overflowing the stack.
    static let maxDepth = 512

    private let bytes: [UInt8]
    private let file: String
    private var i = 0

    /// Parses `text`; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws -> TemplateValue {
        var reader = JSONReader(bytes: Array(text.utf8), file: file)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i == reader.bytes.count else { throw reader.fail("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8], file: String) { self.bytes = bytes; self.file = file }

    private func fail(_ message: String) -> SyntaxError {
        let (l, c) = SourceLocation(offset: i).lineColumn(in: bytes)
        return SyntaxError(file: file, line: l, column: c, message: message)
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
    }

    private mutating func expect(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw fail("expected '\(word)'") }
        i += w.count
    }

    private mutating func value(depth: Int) throws -> TemplateValue {
        guard depth < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth) levels") }
        guard i < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var object: [String: TemplateValue] = [:]
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\"") }
                i += 1
                skipSpace()
                object[key] = try value(depth: depth + 1)
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of input in an object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var list: [TemplateValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .list(list) }
            while true {
                skipSpace()
                list.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of input in a list") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .list(list) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default:
            return .number(try number())
        }
    }

    private mutating func number() throws -> Double {
        let start = i
        while i < bytes.count, let c = Optional(bytes[i]),
              (c >= 48 && c <= 57) || c == 45 || c == 43 || c == 46 || c == 101 || c == 69 { i += 1 }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard !text.isEmpty, let d = Double(text), d.isFinite else {
            i = start
            throw fail(text.isEmpty ? "unexpected character" : "bad number '\(text)'")
        }
        return d
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
            throw fail("bad \\u escape")
        }
        i += 4
        return v
    }

    private mutating func string() throws -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let c = bytes[i]
            i += 1
            if c == UInt8(ascii: "\"") { break }
            if c < 0x20 { i -= 1; throw fail("control character in a string") }
            if c != UInt8(ascii: "\\") { out.append(c); continue }
            guard i < bytes.count else { throw fail("unterminated string") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(34)
            case UInt8(ascii: "\\"): out.append(92)
            case UInt8(ascii: "/"): out.append(47)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800, scalar < 0xDC00, i + 1 < bytes.count,
                   bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    guard low >= 0xDC00, low < 0xE000 else { throw fail("bad surrogate pair") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("bad \\u escape (lone surrogate)") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                i -= 1
                throw fail("bad escape '\\\(Character(Unicode.Scalar(e)))'")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
