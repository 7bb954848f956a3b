import CPNGBridge
import ThemegenCore

/// Why a PNG could not be read or written. Messages are themegen's own; libpng's wording,
/// which changes between versions, only ever appears as a detail in parentheses.
package struct PNGError: ThemegenError, Equatable {
    package enum Reason: Sendable, Equatable {
        case unreadable(String)
        case isDirectory
        case empty
        case notPNG
        case truncated
        case badCRC(String)
        case badHeader(String)
        case tooLarge(width: Int, height: Int, limit: Int)
        case interlacedTooLarge(width: Int, height: Int)
        case outOfMemory(bytes: Int)
        case corrupt(String)
        case encodeFailed(String)
    }

    package let path: String
    package let reason: Reason

    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The C bridge's message, a NUL-terminated string in `buffer`, as a detail.
    static func detail(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package var kind: ErrorKind {
        switch reason {
        case .unreadable, .encodeFailed, .outOfMemory: return .io
        default: return .input
        }
    }

    package var description: String {
        let message: String
        switch reason {
        case .unreadable(let why): message = "cannot read the file (\(why))"
        case .isDirectory: message = "is a folder, not a PNG file"
        case .empty: message = "file is empty, not a PNG"
        case .notPNG: message = "not a PNG file (the signature is wrong)"
        case .truncated: message = "PNG file is truncated: it ends before the data its chunks declare"
        case .badCRC(let d): message = "PNG file is damaged: a chunk checksum (CRC) does not match (\(d))"
        case .badHeader(let d): message = "PNG header is invalid (\(d))"
        case .tooLarge(let w, let h, let limit):
            message = "image is \(w)×\(h) = \(w * h) pixels, over the limit of \(limit); raise it with --max-pixels if the file is genuine"
        case .interlacedTooLarge(let w, let h):
            message = "interlaced image is \(w)×\(h) pixels; themegen buffers interlaced images whole and reads them only up to \(PNGLimits.maxInterlacedPixels) pixels; export it without interlacing"
        case .outOfMemory(let bytes):
            message = "not enough memory to decode the image (\(bytes) bytes); lower --max-pixels or make the image smaller"
        case .corrupt(let d): message = "PNG data is corrupt (\(d))"
        case .encodeFailed(let d): message = "could not encode PNG (\(d))"
        }
        return "\(path): \(message)"
    }

    /// Maps the bridge's status and message to a reason.
    static func from(status: tg_status, detail: String, path: String, limit: Int) -> PNGError {
        let reason: Reason
        switch status {
        case TG_ERR_IO: reason = .unreadable(detail)
        case TG_ERR_EMPTY: reason = .empty
        case TG_ERR_SIGNATURE: reason = .notPNG
        case TG_ERR_TRUNCATED: reason = .truncated
        case TG_ERR_CRC: reason = .badCRC(detail)
        case TG_ERR_HEADER: reason = .badHeader(detail)
        case TG_ERR_LIMIT:
            let parts = detail.split(separator: "x").compactMap { Int($0) }
            reason = .tooLarge(width: parts.first ?? 0, height: parts.last ?? 0, limit: limit)
        case TG_ERR_INTERLACED:
            let parts = detail.split(separator: "x").compactMap { Int($0) }
            reason = .interlacedTooLarge(width: parts.first ?? 0, height: parts.last ?? 0)
        case TG_ERR_WRITE: reason = .encodeFailed(detail)
        default: reason = .corrupt(detail)
        }
        return PNGError(path: path, reason: reason)
    }
}
