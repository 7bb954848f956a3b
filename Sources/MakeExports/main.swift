import Foundation
import ThemegenImage

// Writes the sample design exports in `Exports/` from code, so they can be reproduced:
//   swift run make-exports [OUTPUT_FOLDER]     (default: Exports)
//   swift run make-exports --shapes FOLDER     radial and angular artboards for `make bench`
//   swift run make-exports --overlays FOLDER   linear artboards with overlays (FOLDER/overlays) and
//                                              the same gradients plain (FOLDER/plain), for `make bench`
let arguments = Array(CommandLine.arguments.dropFirst())
let mode = arguments.first.flatMap { ["--shapes", "--overlays"].contains($0) ? $0 : nil }
let root = (mode != nil ? arguments.dropFirst().first : arguments.first) ?? "Exports"

func write(_ image: Image, to relative: String) throws {
    let url = URL(fileURLWithPath: root).appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(try PNGEncoder.encode(image, name: relative)).write(to: url, options: .atomic)
    print("wrote \(url.path)")
}

switch mode {
case "--shapes":
    for (path, image) in ShapeArtboards.all() { try write(image, to: path) }
case "--overlays":
    try OverlayArtboards.each { name, overlaid, plain in
        try write(overlaid, to: "overlays/" + name)
        try write(plain, to: "plain/" + name)
    }
default:
    for (path, image) in SampleThemes.all() { try write(image, to: "Themes/" + path) }
    for (path, image) in SampleAssets.all() { try write(image, to: "Assets/" + path) }
}
