#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore
import ThemegenImage

extension Slicer {
    /// Slices PNG files from disk with themegen's decoder and encoder. `progress` hears each
    /// source file as it is decoded, from any thread.
    package static func slice(files sources: [SliceSource], options: SliceOptions = SliceOptions(),
                             progress: (@Sendable (String) -> Void)? = nil) -> SliceResult {
        slice(sources, options: options, decode: { path in
            progress?(path)
            guard let bytes = try FileSystem.readFile(path, shownAs: path) else {
                throw FileError(path, "cannot read the file: it no longer exists", kind: .io)
            }
            return DecodedSource(image: try PNGDecoder.decode(data: bytes, name: path, maxPixels: options.maxPixels), bytes: bytes)
        }, encode: { try PNGEncoder.encode($0, name: $1) })
    }
}
