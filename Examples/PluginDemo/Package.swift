// swift-tools-version:6.0
import PackageDescription

// An app-side package that gets its themes from themegen's build-tool plugin: `swift build`
// generates Theme.swift from the exports into the plugin's work directory and compiles it in.
let package = Package(
    name: "PluginDemo",
    platforms: [.macOS(.v13)],
    dependencies: [
        // In your app: .package(url: "https://…/themegen.git", from: "0.1.0")
        .package(name: "themegen", path: "../.."),
    ],
    targets: [
        .target(
            name: "DemoThemes",
            plugins: [.plugin(name: "ThemeGenPlugin", package: "themegen")]
        ),
        .testTarget(name: "DemoThemesTests", dependencies: ["DemoThemes"]),
    ]
)
