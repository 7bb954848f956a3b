import Foundation
import ThemegenImage

// Writes the sample design exports in `Exports/` from code, so they can be reproduced:
//   swift run make-exports [OUTPUT_FOLDER]     (default: Exports)
//   swift run make-exports --shapes FOLDER     radial and angular artboards for `make bench`
let arguments = Array(CommandLine.arguments.dropFirst())
let shapes = arguments.first == "--shapes"
let root = (shapes ? arguments.dropFirst().first : arguments.first) ?? "Exports"

func write(_ image: Image, to relative: String) throws {
    let url = URL(fileURLWithPath: root).appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(try PNGEncoder.encode(image, name: relative)).write(to: url, options: .atomic)
    print("wrote \(url.path)")
}

if shapes {
    for (path, image) in ShapeArtboards.all() { try write(image, to: path) }
} else {
    for (path, image) in SampleThemes.all() { try write(image, to: "Themes/" + path) }
    for (path, image) in SampleAssets.all() { try write(image, to: "Assets/" + path) }
}
