import ThemegenBuild

/// The writing options of the standalone commands (`themes --output`, `slice --catalog`, `preview`).
extension Command {
    /// The writing options every standalone command takes.
    static let writeOptionSpecs: [OptionSpec] = [
        .flag("force", help: "Overwrite or delete outputs themegen does not own, taking them."),
        .flag("dry-run", help: "Write nothing; list what would be written or deleted."),
        .flag("check", help: "Write nothing; exit 1 listing outputs that are missing, stale or extra."),
    ]

    static func writeOptions(_ args: Arguments) -> StandaloneOutput.Options {
        var o = StandaloneOutput.Options()
        o.force = args.flag("force"); o.dryRun = args.flag("dry-run"); o.check = args.flag("check")
        return o
    }
}
