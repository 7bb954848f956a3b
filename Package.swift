// swift-tools-version:6.0
import PackageDescription
import Foundation

let package = Package(
    name: "themegen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "themegen", targets: ["themegen"]),
        .library(name: "ThemegenKit", targets: ["ThemegenKit"]),
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

// libFuzzer targets (`make fuzz`), one product each. They exist only when THEMEGEN_FUZZ is
// set, so a normal build or `swift test` never compiles them: their entry point has no `main`
// without `--sanitize fuzzer`.
if ProcessInfo.processInfo.environment["THEMEGEN_FUZZ"] != nil {
    for name in ["FuzzPNG", "FuzzMustache", "FuzzConfig", "FuzzManifest"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["ThemegenKit"],
                                                 swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
