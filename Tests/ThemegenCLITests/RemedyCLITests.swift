import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenCLI
import ThemegenTestKit

/// Issue #18, items 9 and 10: every remedy a hint names exists where it is suggested. Each
/// scenario triggers a message, reads the remedies off its hint line as a user would (a flag
/// after "pass", config keys such as `themes[0].colorSpace`), applies each one alone, and
/// sees the message go away with exit 0: flags for `themes`, `slice` and `preview`, config
/// keys in a `run`.
final class RemedyCLITests: XCTestCase {
    var dir = ""

    override func setUp() {
        super.setUp()
        dir = makeTemporaryFolder(self)
    }

    func cli(_ args: [String]) -> (code: ExitCode, err: String) {
        let c = CapturedConsole()
        c.console.currentDirectory = dir
        // preview and slice write relative to the process's folder.
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(dir))
        defer { XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previous)) }
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.err)
    }

    // MARK: - Fixtures

    func save(_ image: Image, _ path: String, gamma: Bool = false) throws {
        var png = try PNGEncoder.encode(image)
        if gamma {
            // Only gAMA 1.0 (the encoder's sRGB chunk dropped): neither sRGB nor Display P3.
            var chunks: [[UInt8]] = []
            var at = 8
            while at < png.count {
                let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
                if type != "sRGB" { chunks.append(Array(png[at..<at + 12 + length])) }
                if type == "IHDR" { chunks.append(Self.chunk("gAMA", [0, 1, 0x86, 0xA0])) }
                at += 12 + length
            }
            png = Array(png[0..<8]) + chunks.flatMap { $0 }
        }
        try FileManager.default.createDirectory(atPath: (dir + "/" + path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(png).write(to: URL(fileURLWithPath: dir + "/" + path))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for b in body {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return be(UInt32(data.count)) + body + be(crc)
    }

    /// A left-to-right ramp: a linear gradient the fitter recovers.
    func ramp(_ w: Int = 64, _ h: Int = 64) -> Image {
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h { for x in 0..<w {
            let t = Double(x) / Double(w - 1), i = (y * w + x) * 4
            px[i] = UInt8((200 - 160 * t).rounded()); px[i + 1] = 60; px[i + 2] = UInt8((40 + 160 * t).rounded())
        } }
        return Image(width: w, height: h, pixels: .rgba8(px))
    }

    /// Seeded noise: far noisier than dither or grain, so no gradient explains it (rejected quickly).
    func noise(_ w: Int = 64, _ h: Int = 64) -> Image {
        var state: UInt32 = 12345
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<w * h {
            for c in 0..<3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                px[i * 4 + c] = UInt8(state >> 24)
            }
        }
        return Image(width: w, height: h, pixels: .rgba8(px))
    }

    // MARK: - Reading and applying hints

    enum Fix: CustomStringConvertible {
        case flags([String])
        case key([String])
        var description: String {
            switch self {
            case .flags(let f): return f.joined(separator: " ")
            case .key(let k): return k.joined(separator: ".")
            }
        }
    }

    /// The messages with a hint, and each remedy the hint names.
    func hinted(_ err: String) -> [(message: String, fixes: [Fix])] {
        let lines = err.split(separator: "\n").map(String.init)
        var out: [(String, [Fix])] = []
        for (i, line) in lines.enumerated() where line.hasPrefix("    hint: ") && i > 0 {
            let hint = String(line.dropFirst(10))
            var fixes: [Fix] = []
            for m in hint.matches(of: /pass (--[a-z-]+)( srgb)?/) {
                fixes.append(.flags([String(m.1)] + (m.2 == nil ? [] : ["srgb"])))
            }
            for m in hint.matches(of: /(themes|assets)\[(\d+)\]((?:\.(?:"[^"]*"|[A-Za-z]+))+)/) {
                var path = [String(m.1), String(m.2)]
                for part in String(m.3).dropFirst().matches(of: /"[^"]*"|[A-Za-z]+/) {
                    path.append(String(part.output).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
                }
                fixes.append(.key(path))
            }
            out.append((lines[i - 1], fixes))
        }
        return out
    }

    /// The config with `path` set to what its key takes to switch the remedy on.
    func applying(_ path: [String], to config: [String: Any], file: String) -> [String: Any] {
        let value: Any
        switch path.last! {
        case "colorSpace": value = "srgb"
        case "exclude": value = [file]
        default: value = true // allowPoorFit, pad
        }
        func set(_ node: Any, _ rest: ArraySlice<String>) -> Any {
            guard let key = rest.first else { return value }
            if var array = node as? [Any], let i = Int(key) {
                array[i] = set(array[i], rest.dropFirst())
                return array
            }
            var object = node as? [String: Any] ?? [:]
            object[key] = set(object[key] ?? [String: Any](), rest.dropFirst())
            return object
        }
        return set(config, path[...]) as! [String: Any]
    }

    func write(config: [String: Any]) throws {
        try JSONSerialization.data(withJSONObject: config, options: [.sortedKeys])
            .write(to: URL(fileURLWithPath: dir + "/themegen.json"))
    }

    /// Runs `args`, expects `marker` in a message with a hint naming `expected` remedies, then
    /// applies each remedy alone and expects that message gone and exit 0.
    func check(_ args: [String], config: [String: Any]? = nil, marker: String, file: String,
               expected: [String], line: UInt = #line) throws {
        if let config { try write(config: config) }
        let (code, err) = cli(args)
        let found = hinted(err).filter { $0.message.contains(marker) }
        XCTAssertEqual(found.count, 1, "\(args): \(err)", line: line)
        guard let (message, fixes) = found.first else { return }
        XCTAssertEqual(fixes.map(\.description), expected, err, line: line)
        XCTAssertNotEqual(code, .ok, "without the remedy: \(err)", line: line) // an error, or a warning under --strict
        for fix in fixes {
            var fixedArgs = args
            switch fix {
            case .flags(let f):
                XCTAssertNil(config, "a run suggests no flag: \(fix)", line: line)
                fixedArgs += f
            case .key(let path):
                XCTAssertNotNil(config, "a standalone command suggests no config key: \(fix)", line: line)
                try write(config: applying(path, to: config!, file: file))
            }
            let (fixedCode, fixedErr) = cli(fixedArgs)
            XCTAssertFalse(fixedErr.contains(message), "\(fix) leaves: \(fixedErr)", line: line)
            XCTAssertEqual(fixedCode, .ok, "\(fix): \(fixedErr)", line: line)
        }
        if let config { try write(config: config) }
    }

    // MARK: - The scenarios

    func testOffGridAssetPad() throws {
        try save(Image(width: 10, height: 6, fill: (200, 10, 10, 255)), "Art/Odd@3x.png")
        try check(["--strict", "slice", "Art", "--catalog", "A.xcassets"], marker: "not a multiple of 3",
                  file: "Odd@3x.png", expected: ["--pad"])
        try check(["--strict", "preview", "--assets", "Art"], marker: "not a multiple of 3",
                  file: "Odd@3x.png", expected: ["--pad"])
        try check(["--strict", "run"], config: ["assets": [["input": "Art"]], "preview": false],
                  marker: "not a multiple of 3", file: "Odd@3x.png", expected: ["assets.0.pad"])
    }

    func testAssetInAnotherColourSpace() throws {
        try save(Image(width: 6, height: 6, fill: (200, 10, 10, 255)), "Art/Dot@3x.png", gamma: true)
        let marker = "is neither sRGB nor Display P3"
        try check(["slice", "Art", "--catalog", "A.xcassets"], marker: marker, file: "Dot@3x.png",
                  expected: ["--color-space srgb"])
        try check(["preview", "--assets", "Art"], marker: marker, file: "Dot@3x.png", expected: ["--color-space srgb"])
        try check(["run"], config: ["assets": [["input": "Art"]], "preview": false], marker: marker,
                  file: "Dot@3x.png", expected: ["assets.0.colorSpace"])
    }

    func testThemeInAnotherColourSpace() throws {
        try save(ramp(), "Themes/Dawn.png", gamma: true)
        let marker = "is neither sRGB nor Display P3"
        try check(["themes", "Themes"], marker: marker, file: "Dawn.png", expected: ["--color-space srgb"])
        try check(["preview", "Themes"], marker: marker, file: "Dawn.png", expected: ["--color-space srgb"])
        try check(["run"], config: ["themes": [["input": "Themes"]], "preview": false], marker: marker,
                  file: "Dawn.png", expected: ["themes.0.colorSpace"])
    }

    func testPoorFitTheme() throws {
        try save(ramp(), "Themes/Dawn.png")
        try save(noise(), "Themes/Saddle.png")
        let marker = "not a linear, radial or angular gradient"
        try check(["themes", "Themes"], marker: marker, file: "Saddle.png", expected: ["--allow-poor-fit"])
        try check(["preview", "Themes"], marker: marker, file: "Saddle.png", expected: ["--allow-poor-fit"])
        try check(["run"], config: ["themes": [["input": "Themes"]], "preview": false], marker: marker, file: "Saddle.png",
                  expected: ["themes.0.themes.Saddle.allowPoorFit", "themes.0.allowPoorFit", "themes.0.exclude"])
    }
}
