// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "themegen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "themegen", targets: ["themegen"]),
        .library(name: "ThemegenKit", targets: ["ThemegenKit"]),
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
        .target(name: "CPNGBridge", dependencies: ["CLibPNG"]),
        .target(name: "ThemegenKit", dependencies: ["CPNGBridge"]),
        .executableTarget(name: "themegen", dependencies: ["ThemegenKit"]),
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
        .executableTarget(name: "make-exports", dependencies: ["ThemegenKit"], path: "Sources/MakeExports"),
        .testTarget(
            name: "ThemegenKitTests",
            dependencies: ["ThemegenKit"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v5]
)
