import Foundation

/// What a producer gets while it runs.
public struct JobContext: Sendable {
    /// The config's folder: inputs and outputs are relative to it.
    public let root: String
    public let console: Console

    /// Reports progress as `[37/220] slicing Card@3x.png` (on a terminal only).
    public func progress(_ done: Int, of total: Int, _ what: String) {
        console.progress("[\(done)/\(total)] \(what)")
    }

    /// A path relative to the root, made usable by this process.
    public func path(_ relative: String) -> String { OutputWriter.join(root, relative) }
}

/// One unit of a run: the files it reads and a closure that turns them into planned outputs.
/// The run skips `produce` entirely when the cache vouches that the inputs and the outputs are
/// unchanged since the job last ran.
public struct BuildJob: Sendable {
    /// Names the job in messages and in the cache ("themes[0]", "assets[0]", "preview").
    public var name: String
    /// Every file the job reads, relative to the root: its exports and any template files.
    /// Called on every run (a folder listing), so added and removed exports are noticed.
    public var inputs: @Sendable () throws -> [String]
    /// Produces the job's outputs. May report problems through `context.console` and return
    /// what it could; a run with errors writes nothing.
    public var produce: @Sendable (JobContext) throws -> [PlannedFile]

    public init(name: String, inputs: @escaping @Sendable () throws -> [String],
                produce: @escaping @Sendable (JobContext) throws -> [PlannedFile]) {
        self.name = name; self.inputs = inputs; self.produce = produce
    }
}

/// Listing of input folders, deterministic and relative to the root.
public enum InputFiles {
    /// Files under `folder` (relative to `root`) whose extension is one of `extensions`
    /// (lowercased, without dot), recursively, skipping hidden entries; sorted by path.
    public static func list(_ folder: String, root: String, extensions: Set<String>) throws -> [String] {
        var out: [String] = []
        func walk(_ rel: String) throws {
            let full = OutputWriter.join(root, rel)
            guard FileSystem.isDirectory(full) else {
                throw FileError(rel, "input folder does not exist or is not a folder")
            }
            for name in FileSystem.list(full) where !name.hasPrefix(".") {
                let child = rel + "/" + name
                if FileSystem.isDirectory(OutputWriter.join(root, child)) {
                    try walk(child)
                } else if extensions.contains((name as NSString).pathExtension.lowercased()) {
                    out.append(child)
                }
            }
        }
        try walk(folder)
        return out.sorted()
    }
}
