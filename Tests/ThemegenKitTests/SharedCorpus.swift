import Foundation

/// The third-party test corpora vendored under `Tests/Corpus/` (PngSuite and libpng's test
/// images with their manifest, the Mustache spec), found from this file's own path so the tests
/// need nothing outside the repository. `Tests/Corpus/README.md` names their sources.
enum SharedCorpus {
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let root: URL = repoRoot.appendingPathComponent("Tests/Corpus")

    /// A path relative to `Tests/Corpus/`, e.g. `pngsuite/manifest.tsv`.
    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
