import XCTest
@testable import ThemegenGenerate
import ThemegenFixtures
import ThemegenTestKit

/// Type-checks the Swift the default `swift` and `swift-assets` templates generate, for the
/// fixture model and for awkward names. On Linux against stand-in UIKit and SwiftUI modules
/// (Fixtures/Stubs, copying the real signatures); on macOS against the iOS simulator SDK.
final class GeneratedCodeCompileTests: XCTestCase {
    struct Run { let status: Int32; let output: String }

    func swiftc(_ args: [String], in folder: URL) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let compiler = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
        #if os(macOS)
        p.arguments = ["xcrun", compiler] + args
        #else
        p.arguments = [compiler] + args
        #endif
        p.currentDirectoryURL = folder
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    func makeTempFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("themegen-compile-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Writes the generated files and returns their names.
    func writeGenerated(to folder: URL) throws -> [String] {
        let builtins = URL(fileURLWithPath: "/nonexistent-themegen-templates")
        let files: [(String, String)] = [
            ("Themes.swift", try CodeGenerator.render(themes: TemplateFixtures.themes, template: "swift", templateSearchFolder: builtins)),
            ("Assets.swift", try CodeGenerator.render(assets: TemplateFixtures.assets, template: "swift-assets", templateSearchFolder: builtins)),
            ("AwkwardThemes.swift", try CodeGenerator.render(themes: TemplateFixtures.awkwardThemes, template: "swift",
                                                             params: ["enumName": "AwkwardTheme", "publicAccess": "true"], templateSearchFolder: builtins)),
            ("AwkwardAssets.swift", try CodeGenerator.render(assets: TemplateFixtures.awkwardAssets, template: "swift-assets",
                                                             params: ["enumName": "AwkwardAsset", "publicAccess": "true"], templateSearchFolder: builtins)),
            ("DarkThemes.swift", try CodeGenerator.render(themes: TemplateFixtures.darkThemes, template: "swift",
                                                          params: ["enumName": "DarkTheme", "themeManager": "false"],
                                                          templateSearchFolder: builtins)),
            ("ShapedThemes.swift", try TemplateFixtures.renderShaped(template: "swift", params: ["enumName": "ShapedTheme"])),
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return files.map(\.0)
    }

    /// Writes the Swift that bare `themegen` generates for this repository's `Exports/`.
    func writeBundled(to folder: URL) throws -> [String] {
        let bundled = folder.appendingPathComponent("bundled")
        try FileManager.default.createDirectory(at: bundled, withIntermediateDirectories: true)
        var names: [String] = []
        for f in try BundledExportsTests.bundled().files where f.path.hasSuffix(".swift") {
            let name = "bundled/" + f.fileName
            try Data(try f.read()).write(to: folder.appendingPathComponent(name))
            names.append(name)
        }
        XCTAssertEqual(names, ["bundled/Themes.swift", "bundled/Assets.swift"])
        return names
    }

    /// Compiles a stub module from `Fixtures/Stubs/NAME.swift.txt` (optionally edited) into `modules`,
    /// against the stubs already there.
    func emitStub(_ name: String, into modules: URL, work: URL, edit: (String) -> String = { $0 }) throws {
        let source = try String(contentsOf: SharedCorpus.fixtures.appendingPathComponent("Stubs/\(name).swift.txt"), encoding: .utf8)
        let file = work.appendingPathComponent("\(modules.lastPathComponent)-\(name)-stub.swift")
        try Data(edit(source).utf8).write(to: file)
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let r = try swiftc(["-parse-as-library", "-emit-module", "-module-name", name, "-I", modules.path,
                            "-emit-module-path", modules.appendingPathComponent("\(name).swiftmodule").path, file.path], in: work)
        XCTAssertEqual(r.status, 0, "stub \(name) failed to compile:\n\(r.output)")
    }

    /// The stub modules of one platform: `UIKit` (iOS, tvOS, Catalyst) or `AppKit` (macOS), each
    /// with QuartzCore, Combine and a SwiftUI built against it.
    func emitStubs(platform: String, into modules: URL, work: URL, edit: (String, String) -> String = { $1 }) throws {
        for name in ["QuartzCore", platform, "Combine", "SwiftUI"] {
            try emitStub(name, into: modules, work: work) { edit(name, $0) }
        }
    }

    func testGeneratedSwiftTypeChecks() throws {
        let work = try makeTempFolder()
        let generated = try writeGenerated(to: work)
        #if os(macOS)
        let sdkPath = try { () -> String in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
            p.arguments = ["--show-sdk-path", "--sdk", "iphonesimulator"]
            let pipe = Pipe(); p.standardOutput = pipe
            try p.run()
            let d = pipe.fileHandleForReading.readDataToEndOfFile(); p.waitUntilExit()
            return String(decoding: d, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }()
        #if arch(arm64)
        let triple = "arm64-apple-ios15.0-simulator"
        #else
        let triple = "x86_64-apple-ios15.0-simulator"
        #endif
        // The iOS SDK is used, so the `#if canImport(...)` parts are really type-checked.
        let probe = work.appendingPathComponent("Probe.swift")
        try Data("#if !canImport(UIKit) || !canImport(SwiftUI)\n#error(\"UIKit or SwiftUI not found\")\n#endif\n".utf8).write(to: probe)
        let p = try swiftc(["-typecheck", "-sdk", sdkPath, "-target", triple, probe.path], in: work)
        XCTAssertEqual(p.status, 0, p.output)
        let r = try swiftc(["-typecheck", "-sdk", sdkPath, "-target", triple] + generated, in: work)
        XCTAssertEqual(r.status, 0, "generated Swift does not type-check against the iOS SDK:\n\(r.output)")
        let rb = try swiftc(["-typecheck", "-sdk", sdkPath, "-target", triple] + (try writeBundled(to: work)), in: work)
        XCTAssertEqual(rb.status, 0, "Swift generated for Exports/ does not type-check against the iOS SDK:\n\(rb.output)")
        #else
        let modules = work.appendingPathComponent("modules")
        try emitStubs(platform: "UIKit", into: modules, work: work)

        // The stubs are found, so the `#if canImport(...)` parts are really type-checked.
        let probe = work.appendingPathComponent("Probe.swift")
        try Data("#if !canImport(UIKit) || !canImport(SwiftUI)\n#error(\"stub modules not found\")\n#endif\n".utf8).write(to: probe)
        let withStubs = try swiftc(["-typecheck", "-I", modules.path, probe.path], in: work)
        XCTAssertEqual(withStubs.status, 0, withStubs.output)
        let withoutStubs = try swiftc(["-typecheck", probe.path], in: work)
        XCTAssertNotEqual(withoutStubs.status, 0, "the probe must fail without the stubs, else canImport passes vacuously")
        XCTAssertTrue(withoutStubs.output.contains("stub modules not found"), withoutStubs.output)

        let swift6 = ["-typecheck", "-swift-version", "6"]
        let r = try swiftc(swift6 + ["-I", modules.path] + generated, in: work)
        XCTAssertEqual(r.status, 0, "generated Swift does not type-check:\n\(r.output)")
        let bundled = try writeBundled(to: work)
        let rb = try swiftc(swift6 + ["-I", modules.path] + bundled, in: work)
        XCTAssertEqual(rb.status, 0, "Swift generated for Exports/ does not type-check:\n\(rb.output)")

        // macOS with AppKit: the `#elseif canImport(AppKit)` parts.
        let appKit = work.appendingPathComponent("appkit")
        try emitStubs(platform: "AppKit", into: appKit, work: work)
        let ra = try swiftc(swift6 + ["-I", appKit.path] + generated, in: work)
        XCTAssertEqual(ra.status, 0, "generated Swift does not type-check against AppKit:\n\(ra.output)")
        let rab = try swiftc(swift6 + ["-I", appKit.path] + bundled, in: work)
        XCTAssertEqual(rab.status, 0, "Swift generated for Exports/ does not type-check against AppKit:\n\(rab.output)")

        // Against a UIKit without `UIColor(displayP3Red:…)` the theme code must fail: the
        // UIKit part is compiled, not skipped.
        let broken = work.appendingPathComponent("broken")
        try emitStubs(platform: "UIKit", into: broken, work: work) { name, source in
            name == "UIKit" ? source.replacingOccurrences(of: "public init(displayP3Red:", with: "public init(p3Red:") : source
        }
        let b = try swiftc(swift6 + ["-I", broken.path, "Themes.swift"], in: work)
        XCTAssertNotEqual(b.status, 0, "theme code type-checked against a UIKit stub without displayP3Red")
        XCTAssertTrue(b.output.contains("displayP3Red"), b.output)
        #endif
    }
}
