/// What kind of failure an error is, which decides the exit code.
package enum ErrorKind: Sendable {
    case usage, input, io
}

/// An error a user can act on. `description` is the whole message after `themegen: error: `,
/// and starts with the path it concerns when there is one.
package protocol ThemegenError: Error, CustomStringConvertible {
    var kind: ErrorKind { get }
}

/// A plain error for usage mistakes and one-off conditions.
package struct UsageError: ThemegenError {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var kind: ErrorKind { .usage }
    package var description: String { message }
}

/// An error about one file, named by its path.
package struct FileError: ThemegenError {
    package let path: String
    package let message: String
    package let kind: ErrorKind
    package init(_ path: String, _ message: String, kind: ErrorKind = .input) {
        self.path = path; self.message = message; self.kind = kind
    }
    package var description: String { "\(path): \(message)" }
}
