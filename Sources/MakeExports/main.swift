import Foundation
import ThemegenImage

// Writes the sample design exports in `Exports/` from code, so they can be reproduced:
//   swift run make-exports [OUTPUT_FOLDER]     (default: Exports)
//   swift run make-exports --shapes FOLDER     radial and angular artboards for `make bench`
//   swift run make-exports --overlays FOLDER   linear artboards with overlays (FOLDER/overlays) and
//                                              the same gradients plain (FOLDER/plain), for `make bench`
let usage = """
    usage: make-exports [OUTPUT_FOLDER]          the sample exports (default: Exports)
           make-exports --shapes FOLDER          radial and angular artboards for `make bench`
           make-exports --overlays FOLDER        linear artboards with overlays, and plain twins
    """
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) { print(usage); exit(0) }
let mode = arguments.first.flatMap { ["--shapes", "--overlays"].contains($0) ? $0 : nil }
let rest = mode != nil ? Array(arguments.dropFirst()) : arguments
// A folder named like an option is a typo, not a place to write sample images into.
guard rest.count <= 1, !(rest.first ?? "").hasPrefix("-") else {
    FileHandle.standardError.write(Data("make-exports: unexpected arguments: \(rest.joined(separator: " "))\n\(usage)\n".utf8))
    exit(2)
}
let root = rest.first ?? "Exports"

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
