/// What kind of failure an error is, which decides the exit code.
public enum ErrorKind: Sendable {
    case usage, input, io
}

/// An error a user can act on. `description` is the whole message after `themegen: error: `,
/// and starts with the path it concerns when there is one.
public protocol ThemegenError: Error, CustomStringConvertible {
    var kind: ErrorKind { get }
}

/// A plain error for usage mistakes and one-off conditions.
public struct UsageError: ThemegenError {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var kind: ErrorKind { .usage }
    public var description: String { message }
}

/// An error about one file, named by its path.
public struct FileError: ThemegenError {
    public let path: String
    public let message: String
    public let kind: ErrorKind
    public init(_ path: String, _ message: String, kind: ErrorKind = .input) {
        self.path = path; self.message = message; self.kind = kind
    }
    public var description: String { "\(path): \(message)" }
}
