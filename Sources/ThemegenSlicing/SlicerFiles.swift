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
        slice(sources, options: options, decode: fileDecoder(options: options, progress: progress), encode: fileEncoder)
    }

    /// One asset's files from disk, as `slice(files:)` does it.
    package static func sliceAsset(files group: [SliceSource], options: SliceOptions,
                                  progress: (@Sendable (String) -> Void)? = nil) -> AssetOutcome {
        sliceAsset(group, options: options, decode: fileDecoder(options: options, progress: progress), encode: fileEncoder)
    }

    static func fileDecoder(options: SliceOptions, progress: (@Sendable (String) -> Void)?) -> Decode {
        { path in
            progress?(path)
            guard let bytes = try FileSystem.readFile(path, shownAs: path) else {
                throw FileError(path, "cannot read the file: it no longer exists", kind: .io)
            }
            return DecodedSource(image: try PNGDecoder.decode(data: bytes, name: path, maxPixels: options.maxPixels), bytes: bytes)
        }
    }

    static let fileEncoder: Encode = { try PNGEncoder.encode($0, name: $1) }
}
