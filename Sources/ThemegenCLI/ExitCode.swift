import ThemegenBuild
import ThemegenCore

import ThemegenBuild
import ThemegenCore

/// themegen's exit codes, documented in the README.
public enum ExitCode: Int32, Sendable, Comparable {
    case ok = 0
    /// `--check` found missing, stale or extra outputs.
    case differences = 1
    /// Bad usage or bad input (a PNG, a template, a config key).
    case input = 2
    /// I/O, lock or ownership errors.
    case io = 3

    public static func < (a: ExitCode, b: ExitCode) -> Bool { a.rawValue < b.rawValue }
}

extension ErrorKind {
    /// Usage and input errors exit 2; I/O, lock and ownership errors exit 3.
    package var exitCode: ExitCode {
        switch self {
        case .usage, .input: return .input
        case .io: return .io
        }
    }
}

extension BuildStatus {
    package var exitCode: ExitCode {
        switch self {
        case .ok: return .ok
        case .differences: return .differences
        case .failed(let kind): return kind.exitCode
        }
    }
}
