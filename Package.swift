// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "themegen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "themegen", targets: ["themegen"]),
        .library(name: "ThemegenKit", targets: ["ThemegenKit"]),
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
