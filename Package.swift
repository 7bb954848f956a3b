// swift-tools-version:6.0
import PackageDescription
import Foundation

// The targets follow the pipeline; each depends only on the ones above it, so a reference
// against the flow does not compile:
//
//   ThemegenCore ← ThemegenImage ← ThemegenGradients ─┐
//        ↑              ↑ └────── ThemegenSlicing ────┤
//     Mustache ─────────┴──────────────────────── ThemegenGenerate ← ThemegenConfig ← ThemegenBuild ← ThemegenCLI ← themegen
let package = Package(
    name: "themegen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "themegen", targets: ["themegen"]),
        .library(name: "ThemegenKit", targets: ["ThemegenCLI"]),
        .plugin(name: "ThemegenCommand", targets: ["ThemegenCommand"]),
        .plugin(name: "ThemegenCheck", targets: ["ThemegenCheck"]),
        .plugin(name: "ThemeGenPlugin", targets: ["ThemeGenPlugin"]),
    ],
    targets: [
        // The system libpng, found through pkg-config.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // Owns every setjmp: libpng's longjmp never crosses a Swift frame.
        // Also reads the image data of clean 8-bit RGB(A) files itself, with zlib (tg_idat.c).
        .target(name: "CPNGBridge", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),
        // Errors, diagnostics, JSON, paths, the file system, hashing, identifiers.
        .target(name: "ThemegenCore"),
        // PNG reading and writing, colour spaces, colour difference.
        .target(name: "ThemegenImage", dependencies: ["ThemegenCore", "CPNGBridge"]),
        // The Mustache engine, nothing themegen-specific.
        .target(name: "Mustache", dependencies: ["ThemegenCore"]),
        // Gradient themes recovered from artboards.
        .target(name: "ThemegenGradients", dependencies: ["ThemegenImage"]),
        // @3x exports sliced into 1x/2x/3x images with caps.
        .target(name: "ThemegenSlicing", dependencies: ["ThemegenImage"]),
        // Asset catalogs, template contexts and the default templates, the preview.
        // Its default templates are the repository's Templates/*.mustache (linked in as
        // Sources/ThemegenGenerate/Templates), compiled in.
        .target(
            name: "ThemegenGenerate",
            dependencies: ["ThemegenGradients", "ThemegenSlicing", "Mustache"],
            resources: [
                .embedInCode("Templates/css.mustache"),
                .embedInCode("Templates/objc-h.mustache"),
                .embedInCode("Templates/objc-m.mustache"),
                .embedInCode("Templates/preview-html.mustache"),
                .embedInCode("Templates/swift.mustache"),
                .embedInCode("Templates/swift-assets.mustache"),
            ]
        ),
        // themegen.json: parser, validator, schema, conventions.
        .target(name: "ThemegenConfig", dependencies: ["ThemegenGenerate"]),
        // The build step: producers, safe writer, manifest, cache, lock.
        .target(name: "ThemegenBuild", dependencies: ["ThemegenConfig"]),
        // Commands, argument parsing, the console, exit codes.
        .target(name: "ThemegenCLI", dependencies: ["ThemegenBuild"]),
        .executableTarget(name: "themegen", dependencies: ["ThemegenCLI"]),
        // Test fixtures shared by the tests and make-exports: the gradient renderer, seeded noise,
        // images built pixel by pixel, the gradient accuracy measure, overlay scenarios.
        .target(name: "ThemegenTestSupport", dependencies: ["ThemegenGradients"]),
        // `swift package themegen`: the build step from SwiftPM, writing into the package.
        .plugin(
            name: "ThemegenCommand",
            capability: .command(
                intent: .custom(verb: "themegen", description: "Regenerate themes, assets and code from design exports"),
                permissions: [.writeToPackageDirectory(reason: "themegen writes the generated code and asset catalog")]
            ),
            dependencies: ["themegen"]
        ),
        // `swift package themegen-check`: `themegen check` or `--dry-run`, which write nothing,
        // so it needs no permission (SwiftPM grants permissions per plugin, up front).
        .plugin(
            name: "ThemegenCheck",
            capability: .command(
                intent: .custom(verb: "themegen-check", description: "Check that generated files are up to date (writes nothing)")
            ),
            dependencies: ["themegen"]
        ),
        // The build-tool plugin: generated Swift in the plugin work directory, rerun only when
        // exports, the config or templates change (Examples/PluginDemo uses it).
        .plugin(name: "ThemeGenPlugin", capability: .buildTool(), dependencies: ["themegen"]),
        // Draws the sample exports in Exports/ (`make exports`).
        .executableTarget(name: "make-exports", dependencies: ["ThemegenTestSupport"], path: "Sources/MakeExports"),

        // Tests: one target per library target, each depending only on the layer it tests and
        // the helpers below. Fixtures and golden files are in Tests/Fixtures, the vendored
        // third-party corpora in Tests/Corpus; the tests find both through ThemegenTestKit.
        // The test-only helpers: paths, temporary folders, file helpers, a Diagnostics that
        // records (Core only, so every test target can use it).
        .target(name: "ThemegenTestKit", dependencies: ["ThemegenCore"], path: "Tests/ThemegenTestKit"),
        // Themes, assets and previews built in memory, for the generate layer and above.
        .target(name: "ThemegenFixtures", dependencies: ["ThemegenGenerate", "ThemegenTestKit"],
                path: "Tests/ThemegenFixtures"),
        .testTarget(name: "ThemegenCoreTests", dependencies: ["ThemegenCore", "ThemegenTestKit"]),
        .testTarget(name: "ThemegenImageTests", dependencies: ["ThemegenImage", "ThemegenTestKit", "ThemegenTestSupport"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "ThemegenTestKit"]),
        .testTarget(name: "ThemegenGradientsTests", dependencies: ["ThemegenGradients", "ThemegenTestKit", "ThemegenTestSupport"]),
        .testTarget(name: "ThemegenSlicingTests", dependencies: ["ThemegenSlicing", "ThemegenTestKit", "ThemegenTestSupport"]),
        .testTarget(name: "ThemegenGenerateTests",
                    dependencies: ["ThemegenGenerate", "ThemegenTestKit", "ThemegenTestSupport", "ThemegenFixtures"]),
        .testTarget(name: "ThemegenConfigTests", dependencies: ["ThemegenConfig", "ThemegenTestKit"]),
        .testTarget(name: "ThemegenBuildTests",
                    dependencies: ["ThemegenBuild", "ThemegenTestKit", "ThemegenTestSupport", "ThemegenFixtures"]),
        .testTarget(name: "ThemegenCLITests",
                    dependencies: ["ThemegenCLI", "ThemegenTestKit", "ThemegenTestSupport", "ThemegenFixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (`make fuzz`), one product each. They exist only when THEMEGEN_FUZZ is
// set, so a normal build or `swift test` never compiles them: their entry point has no `main`
// without `--sanitize fuzzer`.
if ProcessInfo.processInfo.environment["THEMEGEN_FUZZ"] != nil {
    for name in ["FuzzPNG", "FuzzMustache", "FuzzConfig", "FuzzManifest"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["ThemegenCLI"],
                                                 swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
