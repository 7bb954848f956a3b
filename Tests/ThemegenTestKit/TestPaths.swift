import Foundation

/// Where the tests find what they read, from this file's own path, so they need nothing outside
/// the repository: the repository itself (Exports/, Templates/, README.md), the fixtures and
/// golden files shared by every test target (`Tests/Fixtures`), and the vendored third-party
/// corpora (`Tests/Corpus/`: PngSuite and libpng's test images with their manifest, the Mustache
/// spec; `Tests/Corpus/README.md` names their sources).
package enum SharedCorpus {
    /// Tests/ThemegenTestKit/TestPaths.swift → the repository.
    package static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static let root: URL = repoRoot.appendingPathComponent("Tests/Corpus")

    /// `Tests/Fixtures`: fixtures and golden files.
    package static let fixtures: URL = repoRoot.appendingPathComponent("Tests/Fixtures")

    /// A path relative to `Tests/Corpus/`, e.g. `pngsuite/manifest.tsv`.
    package static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The text of a file under `Tests/Fixtures`.
    package static func fixtureText(_ relative: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(relative), encoding: .utf8)
    }
}

/// The Mustache spec's files, which the engine's tests and the CLI's both run.
package enum MustacheSpecFiles {
    package static let folder = SharedCorpus.url("mustache-spec")
    /// The spec's required (not optional `~`) test files.
    package static let required = ["interpolation", "sections", "inverted", "comments", "partials", "delimiters"]
}
