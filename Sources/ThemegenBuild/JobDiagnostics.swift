import ThemegenCore

/// A job's view of the run's diagnostics: everything goes to the run's console, while the error
/// count and the warnings are the job's own, so one job's errors stop only that job's outputs.
/// Jobs produce one after another, so what the console gained since the job started is the
/// job's.
final class JobDiagnostics: Diagnostics {
    private let run: any Diagnostics
    private let errorsBefore: Int
    private let warningsBefore: Int

    init(_ run: any Diagnostics) {
        self.run = run
        errorsBefore = run.errorCount
        warningsBefore = run.warnings.count
    }

    func error(_ error: Error) { run.error(error) }
    func warning(_ message: String) { run.warning(message) }
    func note(_ message: String) { run.note(message) }
    func info(_ line: String) { run.info(line) }
    func verbose(_ line: String) { run.verbose(line) }
    func output(_ line: String) { run.output(line) }
    func progress(_ line: String) { run.progress(line) }
    func endProgress() { run.endProgress() }
    var errorCount: Int { run.errorCount - errorsBefore }
    var warnings: [String] { Array(run.warnings.dropFirst(warningsBefore)) }
    var worstErrorKind: ErrorKind? { run.worstErrorKind }
}
