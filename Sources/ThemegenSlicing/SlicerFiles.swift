import Foundation
import ThemegenCore
import ThemegenImage

extension Slicer {
    /// Slices PNG files from disk with themegen's decoder and encoder. `progress` hears each
    /// source file as it is decoded, from any thread.
    public static func slice(files sources: [SliceSource], options: SliceOptions = SliceOptions(),
                             progress: (@Sendable (String) -> Void)? = nil) -> SliceResult {
        slice(sources, options: options, decode: { path in
            progress?(path)
            let bytes: [UInt8]
            do { bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
                throw FileError(path, "cannot read the file: \(error.localizedDescription)", kind: .io)
            }
            return DecodedSource(image: try PNGDecoder.decode(data: bytes, name: path, maxPixels: options.maxPixels), bytes: bytes)
        }, encode: { try PNGEncoder.encode($0, name: $1) })
    }
}
