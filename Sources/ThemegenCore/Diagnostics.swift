/// Where the library reports what it finds while it works. The library never prints: the CLI's
/// `Console` implements this and words each report for a terminal, Xcode or a test.
package protocol Diagnostics: AnyObject, Sendable {
    /// An error; the work goes on so one run reports everything wrong with its inputs.
    func error(_ error: Error)
    func warning(_ message: String)
    /// Something the user may want to know that is not a problem (a skipped file, a converted
    /// colour space): `themegen: note: …`, hidden by `-q`.
    func note(_ message: String)
    /// A status line (waiting for a lock, what a run wrote), hidden by `-q`.
    func info(_ line: String)
    /// A detail shown only with `-v`.
    func verbose(_ line: String)
    /// A line of the output itself (the lists of `--check` and `--dry-run`).
    func output(_ line: String)
    /// One updating progress line, on a terminal only.
    func progress(_ line: String)
    func endProgress()
    var errorCount: Int { get }
    /// Every warning of the run, in order; the build cache replays a skipped job's.
    var warnings: [String] { get }
    /// The most serious kind of error reported so far (nil with none).
    var worstErrorKind: ErrorKind? { get }
}

extension Diagnostics {
    package func note(_ message: String) { info(message) }
}
