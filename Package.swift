// swift-tools-version:6.0
import PackageDescription

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
    ],
    targets: [
        // The system libpng, found through pkg-config.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // Owns every setjmp: libpng's longjmp never crosses a Swift frame.
        .target(name: "CPNGBridge", dependencies: ["CLibPNG"]),
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
        .target(name: "ThemegenGenerate", dependencies: ["ThemegenGradients", "ThemegenSlicing", "Mustache"]),
        // themegen.json: parser, validator, schema, conventions.
        .target(name: "ThemegenConfig", dependencies: ["ThemegenGenerate"]),
        // The build step: producers, safe writer, manifest, cache, lock.
        .target(name: "ThemegenBuild", dependencies: ["ThemegenConfig"]),
        // Commands, argument parsing, the console, exit codes.
        .target(name: "ThemegenCLI", dependencies: ["ThemegenBuild"]),
        .executableTarget(name: "themegen", dependencies: ["ThemegenCLI"]),
        // Test fixtures shared by the tests and make-exports: the gradient renderer, seeded noise.
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
        // Draws the sample exports in Exports/ (`make exports`).
        .executableTarget(name: "make-exports", dependencies: ["ThemegenTestSupport"], path: "Sources/MakeExports"),
        .testTarget(
            name: "ThemegenKitTests",
            dependencies: ["ThemegenCLI", "ThemegenTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v5]
)
