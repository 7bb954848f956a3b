/// A JSON syntax error, naming the file, line and column.
package struct JSONSyntaxError: ThemegenError, Equatable {
    package let file: String
    package let line: Int
    /// 1-based; counts characters, so accents and emoji count once.
    package let column: Int
    package let message: String
    package var kind: ErrorKind { .input }
    /// `file:line:column: invalid JSON: message`, wherever the JSON came from.
    package var description: String { "\(file):\(line):\(column): invalid JSON: \(message)" }
}

/// The project's one JSON parser: strict RFC 8259, keeps line numbers (Foundation's parser
/// does not), reports line and column, and rejects duplicate keys, which JSONSerialization
/// silently merges. Own code also because on Linux JSONSerialization cannot tell `true` from `1`.
package struct JSONParser {
    /// JSON nested deeper than this is refused rather than overflowing the stack.
    static let maxDepth = 512

    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var depth = 0
    private var bodyStart = 0

    /// Parses one JSON document from `bytes`; `file` names it in errors.
    package static func parse(_ bytes: [UInt8], file: String) throws -> JSONItem {
        var p = JSONParser(bytes: bytes, file: file)
        if p.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3; p.bodyStart = 3 }
        p.skipSpace()
        let node = try p.value()
        p.skipSpace()
        if p.i < p.bytes.count { throw p.fail("unexpected '\(p.charName(p.bytes[p.i]))' after the JSON value") }
        return node
    }

    private init(bytes: [UInt8], file: String) { self.bytes = bytes; self.file = file }

    private func fail(_ message: String) -> JSONSyntaxError {
        let end = min(i, bytes.count)
        var lineStart = bodyStart
        if end > bodyStart, let nl = bytes[bodyStart..<end].lastIndex(of: 0x0A) { lineStart = nl + 1 }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return JSONSyntaxError(file: file, line: line, column: column, message: message)
    }

    private func charName(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7f ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A: line += 1; i += 1
            case 0x20, 0x09, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func value() throws -> JSONItem {
        guard i < bytes.count else { throw fail("unexpected end of file, expected a value") }
        let start = line
        switch bytes[i] {
        case UInt8(ascii: "{"): return JSONItem(try object(), line: start)
        case UInt8(ascii: "["): return JSONItem(try array(), line: start)
        case UInt8(ascii: "\""): return JSONItem(.string(try string()), line: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONItem(.bool(true), line: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONItem(.bool(false), line: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONItem(.null, line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONItem(.number(try number()), line: start)
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else {
            throw fail("expected '\(word)'")
        }
        i += w.count
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maxDepth { throw fail("nested deeper than \(Self.maxDepth) levels") }
    }

    private mutating func object() throws -> JSONValue {
        try enter(); defer { depth -= 1 }
        i += 1
        var members: [JSONMember] = []
        var seen = Set<String>()
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw fail(i < bytes.count ? "expected a key in quotes" : "unexpected end of file inside an object")
            }
            let keyStart = i
            let key = try string()
            if !seen.insert(key).inserted { i = keyStart; throw fail("duplicate key '\(key)'") }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after key '\(key)'") }
            i += 1
            skipSpace()
            members.append(JSONMember(key, try value()))
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw fail("expected ',' or '}' in an object")
        }
    }

    private mutating func array() throws -> JSONValue {
        try enter(); defer { depth -= 1 }
        i += 1
        var items: [JSONItem] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("expected ',' or ']' in an array")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - i >= 4 else { throw fail("incomplete \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("invalid \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private mutating func string() throws -> String {
        i += 1
        var out = [UInt8]()
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 { throw fail(c == 0x0A ? "unterminated string (line break inside quotes)" : "control character in a string") }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw fail("unterminated string") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard bytes.count - i >= 6, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate in \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw fail("unpaired surrogate in \\u escape")
                }
                out.append(contentsOf: Array(String(UnicodeScalar(scalar)!).utf8))
            default: i -= 1; throw fail("invalid escape '\\\(charName(e))'")
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("string is not valid UTF-8") }
        return s
    }

    private mutating func number() throws -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        guard i < bytes.count else { throw fail("invalid number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { throw fail("invalid number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw fail("invalid number: digits expected after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { throw fail("invalid number: digits expected in the exponent") }
        }
        guard let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)), d.isFinite else {
            i = start
            throw fail("number out of range")
        }
        return d
    }
}
