#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ThemegenCore

/// Where a command's output goes. Tests capture it; the CLI writes to the process's streams.
///
/// Errors and warnings of a run are collected here and printed together, so one run reports
/// everything wrong with the inputs, not only the first problem. Sendable because every
/// mutable field is guarded by `lock`; the settings are set once before work starts.
public final class Console: Diagnostics, @unchecked Sendable {
    public enum Verbosity: Int, Sendable { case quiet, normal, verbose }

    public var verbosity: Verbosity = .normal
    /// `--strict`: warnings count as errors.
    public var strict = false
    /// Whether stderr is a terminal (progress lines are shown only then).
    public var isTerminal = false
    /// How diagnostics are worded: for a terminal, or for Xcode's issue navigator.
    package var style: DiagnosticFormat.Style = .plain
    /// Paths in messages print relative to this folder (absolute for Xcode).
    public var currentDirectory = FileManager.default.currentDirectoryPath

    private let lock = Lock()
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    public private(set) var errorCount = 0
    public private(set) var warningCount = 0
    private var worstExit: ExitCode = .ok
    private var progressShown = false

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        writeOut = out
        writeErr = err
    }

    /// A console over the process's standard output and error.
    public static func standard() -> Console {
        let c = Console(out: { s in FileSystem.writeAll(fd: 1, Array(s.utf8)) },
                        err: { s in FileSystem.writeAll(fd: 2, Array(s.utf8)) })
        c.isTerminal = isatty(2) != 0
        return c
    }

    /// Exactly these bytes to stdout.
    public func write(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        clearProgressLocked()
        writeOut(text)
    }

    /// A line to stdout.
    public func print(_ line: String) { write(TerminalText.safe(line) + "\n") }

    public func output(_ line: String) { print(line) }

    /// A status line to stderr, shown unless `-q`.
    public func info(_ line: String) {
        guard verbosity != .quiet else { return }
        emitErr(TerminalText.safe(line) + "\n")
    }

    /// A line to stderr, shown only with `-v`.
    public func verbose(_ line: String) {
        guard verbosity == .verbose else { return }
        emitErr(TerminalText.safe(line) + "\n")
    }

    /// Every warning message of the run, in order; the build cache replays a skipped job's.
    public var warnings: [String] {
        lock.lock(); defer { lock.unlock() }
        return warningLog
    }
    private var warningLog: [String] = []

    public func warning(_ message: String) {
        let message = Self.safe(message)
        lock.lock()
        warningCount += 1
        warningLog.append(message)
        if strict { errorCount += 1; worstExit = max(worstExit, .input); worstKind = worse(worstKind, .input) }
        lock.unlock()
        if strict {
            report("error", message, suffix: " (warning treated as error by --strict)")
        } else {
            // Warnings show even under -q: quiet hides status, never a problem.
            report("warning", message)
        }
    }

    /// `--strict` makes a note a warning (which it then counts as an error).
    public func note(_ message: String) {
        if strict { return warning(message) }
        guard verbosity != .quiet else { return }
        report("note", message)
    }

    public func error(_ error: Error) {
        if let list = error as? ErrorList {
            for e in list.errors { self.error(e) }
            return
        }
        let (message, kind): (String, ErrorKind)
        if let e = error as? ThemegenError {
            (message, kind) = (e.description, e.kind)
        } else {
            (message, kind) = ("\(error)", .io)
        }
        let code = kind.exitCode
        lock.lock()
        errorCount += 1
        worstExit = max(worstExit, code)
        worstKind = worse(worstKind, kind)
        lock.unlock()
        report("error", message)
    }

    /// Forgets the errors and warnings reported so far: the watch loop starts each rerun
    /// afresh, since producers stop at the first reported error.
    public func startOver() {
        lock.lock(); defer { lock.unlock() }
        errorCount = 0; warningCount = 0; worstExit = .ok; worstKind = nil; warningLog = []; reported = []
    }

    /// Prints one diagnostic in the chosen style, once per run: the same problem met by several
    /// outputs is one line, plus its hint (a remedy) on an indented line when it has one.
    private func report(_ severity: String, _ message: String, suffix: String = "") {
        // Made safe for a terminal: a newline from a file name or profile stays on its line.
        let (line, hint) = Remedy.split(Self.safe(message))
        var text = DiagnosticFormat.line(severity: severity, message: line + suffix, style: style,
                                         currentDirectory: currentDirectory) + "\n"
        if let hint {
            text += DiagnosticFormat.hint(hint, of: line, style: style, currentDirectory: currentDirectory) + "\n"
        }
        lock.lock()
        let isNew = reported.insert(text).inserted
        lock.unlock()
        if isNew { emitErr(text) }
    }

    /// Each part of a message escaped for a terminal, the hint separator kept.
    static func safe(_ text: String) -> String {
        let (message, hint) = Remedy.split(text)
        guard let hint else { return TerminalText.safe(message) }
        return Remedy.hinted(TerminalText.safe(message), TerminalText.safe(hint))
    }
    private var reported: Set<String> = []

    package var worstErrorKind: ErrorKind? {
        lock.lock(); defer { lock.unlock() }
        return worstKind
    }
    private var worstKind: ErrorKind?

    /// The exit code that the errors reported so far call for.
    public var exitCode: ExitCode {
        lock.lock(); defer { lock.unlock() }
        return worstExit
    }

    /// A single updating progress line, on a terminal only.
    public func progress(_ line: String) {
        guard isTerminal, verbosity != .quiet else { return }
        lock.lock(); defer { lock.unlock() }
        writeErr("\r\u{1B}[K" + line)
        progressShown = true
    }

    public func endProgress() {
        lock.lock(); defer { lock.unlock() }
        clearProgressLocked()
    }

    private func clearProgressLocked() {
        if progressShown { writeErr("\r\u{1B}[K"); progressShown = false }
    }

    private func emitErr(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        clearProgressLocked()
        writeErr(text)
    }
}

/// The kind that decides the exit code: the first of the highest exit code.
private func worse(_ a: ErrorKind?, _ b: ErrorKind) -> ErrorKind {
    guard let a else { return b }
    return b.exitCode > a.exitCode ? b : a
}
