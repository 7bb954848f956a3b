import Foundation
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenTestSupport

// Writes the sample design exports in `Exports/` from code, so they can be reproduced:
//   swift run make-exports [OUTPUT_FOLDER]     (default: Exports)
let root = CommandLine.arguments.dropFirst().first ?? "Exports"

func write(_ image: Image, to relative: String) throws {
    let url = URL(fileURLWithPath: root).appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(try PNGEncoder.encode(image, name: relative)).write(to: url, options: .atomic)
    print("wrote \(url.path)")
}

for (path, image) in SampleThemes.all() { try write(image, to: "Themes/" + path) }
for (path, image) in SampleAssets.all() { try write(image, to: "Assets/" + path) }
