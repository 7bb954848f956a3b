import Foundation

/// Locates `../shared/` beside the repository (or `$THEMEGEN_SHARED`), where the project's
/// shared corpora live.
enum SharedCorpus {
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["THEMEGEN_SHARED"] {
            return URL(fileURLWithPath: env)
        }
        return repoRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
