#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Valid, stable Swift identifiers from display names such as file names.
///
/// - The name is NFC-normalised, then split into words at every character that cannot be in a
///   Swift identifier (spaces, punctuation, `_`, `-`, emoji and other symbols are dropped).
///   Letters and digits of any script are kept when Swift allows them.
/// - `lowerCamel`: `Ocean Blue` → `oceanBlue`, `URL scheme` → `urlScheme`.
///   `upperCamel`: `ocean blue` → `OceanBlue` (for type names).
/// - A leading digit gets a `_` prefix: `2 Dark` → `_2Dark`.
/// - A Swift keyword (or other reserved word) gets a `_` suffix: `class` → `class_`. A suffix
///   rather than backticks, so the identifier also works in Objective-C and CSS and after a dot.
/// - A name with nothing left (only emoji, say) becomes the fallback.
package enum SwiftIdentifier {
    /// Keywords that cannot be used as plain identifiers, plus names that are special as members.
    package static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "async", "some", "any", "macro", "package",
        "Type", "Protocol",
    ]

    /// Words of `name` (NFC) made only of characters Swift allows in identifiers.
    package static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in name.nfc.unicodeScalars {
            if isWordScalar(scalar, atStart: current.isEmpty) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `Ocean Blue` → `oceanBlue`.
    package static func lowerCamel(_ name: String, fallback: String = "unnamed",
                                  reserved: Set<String> = []) -> String {
        let w = words(name)
        guard let first = w.first else { return fallback }
        let text = lowerFirstWord(first) + w.dropFirst().map(upperFirst).joined()
        return finish(text, reserved: reserved)
    }

    /// `ocean blue` → `OceanBlue`.
    package static func upperCamel(_ name: String, fallback: String = "Unnamed",
                                  reserved: Set<String> = []) -> String {
        let w = words(name)
        guard !w.isEmpty else { return fallback }
        return finish(w.map(upperFirst).joined(), reserved: reserved)
    }

    /// `Ocean Blue` → `ocean-blue`, for CSS custom property and class names.
    package static func kebab(_ name: String, fallback: String = "unnamed") -> String {
        let w = words(name)
        guard !w.isEmpty else { return fallback }
        return w.map { $0.lowercased() }.joined(separator: "-")
    }

    /// Whether `text` is usable as is: valid characters, no leading digit, no keyword.
    package static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isHead(first) || first == "_" else { return false }
        guard text.unicodeScalars.allSatisfy({ isHead($0) || isContinuation($0) || $0 == "_" }) else { return false }
        return !keywords.contains(text) && text != "_"
    }

    private static func finish(_ text: String, reserved: Set<String>) -> String {
        var t = text
        if let f = t.unicodeScalars.first, !isHead(f) { t = "_" + t }
        if keywords.contains(t) || reserved.contains(t) { t += "_" }
        return t
    }

    /// `URLScheme` → `urlScheme`, `Ocean` → `ocean`, `NASA` → `nasa`.
    private static func lowerFirstWord(_ word: String) -> String {
        let chars = Array(word)
        var run = 0
        while run < chars.count, chars[run].isUppercase { run += 1 }
        if run == 0 { return word }
        if run == chars.count { return word.lowercased() }
        let lowerCount = run == 1 ? 1 : run - 1
        return String(chars[..<lowerCount]).lowercased() + String(chars[lowerCount...])
    }

    private static func upperFirst(_ word: String) -> String {
        guard let f = word.first else { return word }
        return String(f).uppercased() + word.dropFirst()
    }

    private static func isWordScalar(_ s: Unicode.Scalar, atStart: Bool) -> Bool {
        let p = s.properties
        let letterOrDigit = p.isAlphabetic || p.numericType == .decimal
        if letterOrDigit && (isHead(s) || ("0"..."9").contains(s)) { return true }
        // Combining marks left after NFC continue a word but cannot start one.
        if !atStart, isContinuation(s), p.generalCategory == .nonspacingMark || p.generalCategory == .spacingMark {
            return true
        }
        return false
    }

    /// Swift's identifier-head ranges (The Swift Programming Language, Lexical Structure),
    /// without `_`, which themegen treats as a word break.
    static func isHead(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) { return true }
        let ranges: [ClosedRange<UInt32>] = [
            0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA,
            0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F,
            0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E,
            0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF, 0x2100...0x218F,
            0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
            0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF,
            0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD,
            0x30000...0x3FFFD, 0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD,
            0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD,
            0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
        ]
        return ranges.contains { $0.contains(v) }
    }

    static func isContinuation(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x30...0x39).contains(v) || (0x300...0x36F).contains(v) || (0x1DC0...0x1DFF).contains(v)
            || (0x20D0...0x20FF).contains(v) || (0xFE20...0xFE2F).contains(v)
    }
}

/// Two inputs whose names give the same identifier: generated code could not tell them apart.
package struct IdentifierCollisionError: ThemegenError {
    package let identifier: String
    package let firstFile: String
    package let secondFile: String
    package init(identifier: String, firstFile: String, secondFile: String) {
        self.identifier = identifier; self.firstFile = firstFile; self.secondFile = secondFile
    }
    package var kind: ErrorKind { .input }
    package var description: String {
        "\(secondFile): its name gives the identifier '\(identifier)', which \(firstFile) already has; rename one of the two files"
    }
}
