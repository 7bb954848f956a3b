import ThemegenCore
import ThemegenImage
import ThemegenSlicing
import Mustache
import ThemegenConfig
import ThemegenBuild

/// What the libFuzzer targets (Sources/Fuzz*, `make fuzz`) run on each input, and what
/// `swift test` replays on every input that once failed (Tests/Fixtures/Fuzz).
/// Each must return normally for any bytes: errors are fine, a trap or a hang is the bug.
package enum FuzzEntries {
    /// PNG reading through libpng, the colour chunks, the ICC parser and 9-patch markers. The
    /// system libpng is not instrumented, so the ICC parser also gets the raw bytes.
    package static func png(_ data: [UInt8]) {
        _ = ICCProfile.description(of: data)
        _ = ICCProfile.colorantChromaticities(of: data)
        _ = ICCProfile.identify(data, name: "fuzz")
        // The bridge's own reader of the image data gives libpng's answer on every input.
        let (fast, libpng) = PNGReadOutcome.bothWays(data, name: "fuzz.png", maxPixels: 1 << 22)
        precondition(fast.agrees(with: libpng), "tg_idat.c: \(fast.error ?? "ok"), libpng: \(libpng.error ?? "ok")")
        guard let image = try? PNGDecoder.decode(data: data, name: "fuzz.png", maxPixels: 1 << 22) else { return }
        if image.width >= 3, image.height >= 3 { _ = try? NinePatch(parsing: image, path: "fuzz.9.png") }
        if image.width * image.height <= 1 << 16 { _ = try? PNGEncoder.encode(image) }
    }

    /// Mustache parsing, and rendering against a small context with lists and partials (the
    /// template is its own partial, so recursion and fan-out are exercised).
    package static func mustache(_ data: [UInt8]) {
        let source = String(decoding: data, as: UTF8.self)
        guard let template = try? Template(source: source, name: "fuzz.mustache") else { return }
        let item: TemplateValue = .object(["name": .string("a<b>"), "n": .number(1), "list": .list([.number(1), .number(2)])])
        let context: TemplateValue = .object(["list": .list([item, item, item]), "flag": .bool(true), "name": .string("x")])
        _ = try? template.render(context, partials: DictionaryPartials(["self": source, "p": "{{name}}"]),
                                 maxSteps: 100_000, maxOutputBytes: 1 << 20)
    }

    /// Config parsing and validation (input folders are looked up under a root that does
    /// not exist, so nothing is read).
    package static func config(_ data: [UInt8]) {
        _ = try? ConfigLoader.decode(data, file: "fuzz.json", root: "/nonexistent-themegen-fuzz")
    }

    /// Manifest parsing and the validation of its keys.
    package static func manifest(_ data: [UInt8]) {
        guard let m = try? OwnershipManifest.parse(data, shownAs: "fuzz-manifest.json") else { return }
        for key in m.allPaths { _ = PathGuard.formProblem(key) }
        _ = m.serialized()
    }
}
