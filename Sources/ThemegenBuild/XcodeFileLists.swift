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
import ThemegenConfig
import ThemegenCore

/// The input and output file lists of an Xcode Run Script phase that runs themegen
/// (`themegen config xcfilelist`). With them, and "Based on dependency analysis" on, Xcode runs
/// the phase only when an export, the config or a template changed, or an output is missing.
package struct XcodeFileLists: Sendable, Equatable {
    package static let inputFileName = "themegen-input.xcfilelist"
    package static let outputFileName = "themegen-output.xcfilelist"
    /// The first line of both files; themegen overwrites only files that start with it.
    package static let header = "# Written by themegen config xcfilelist; rerun it after adding exports or outputs."

    /// Paths as Xcode reads them: `$(SRCROOT)/…` inside the source root, absolute outside it.
    package var inputs: [String]
    package var outputs: [String]

    /// Inputs: the config, each input folder and its subfolders (a folder's stat changes when
    /// an export is added or removed), every file a run reads (the exports and templates its cache watches) and the
    /// `Templates/` folder when there is one. Outputs: every file and catalog folder the config
    /// names, and the ownership manifest.
    package static func make(config loaded: LoadedConfig, srcroot: String) throws -> XcodeFileLists {
        let root = loaded.root
        let c = loaded.config
        var folders = (c.themes.map(\.input) + c.assets.map(\.input)).map { OutputWriter.join(root, $0) }
        let templates = OutputWriter.join(root, Producers.templatesFolderName)
        if FileSystem.isDirectory(templates) { folders.append(templates) }
        var files: [String] = []
        let memo = RunMemo()
        for job in Producers.standard.jobs(for: loaded) {
            files += try job.inputs(memo).map { OutputWriter.join(root, $0) }
        }
        // Subfolders too: an export added to Icons/ changes Icons/'s stat, not its parent's.
        for f in files {
            var dir = FilePath.parent(f)
            while let top = folders.first(where: { dir.hasPrefix($0 + "/") }), dir != top {
                folders.append(dir)
                dir = FilePath.parent(dir)
            }
        }
        // The config's name as the user gave it is a path usable from here (`--config` or
        // themegen.json in the current folder).
        let config = loaded.fileName.map { [$0] } ?? []
        let inputs = config + unique(folders).sorted() + unique(files).sorted()
        let outputs = unique(outputPaths(of: c) + [c.manifest]).map { OutputWriter.join(root, $0) }
        return XcodeFileLists(inputs: inputs.map { xcodePath($0, srcroot: srcroot) },
                              outputs: outputs.map { xcodePath($0, srcroot: srcroot) })
    }

    /// Every output file and catalog folder the config names, in config order.
    static func outputPaths(of c: ThemegenConfig) -> [String] {
        var paths: [String] = []
        for t in c.themes {
            paths += t.outputs.map(\.output)
            if let colorsets = t.colorsets { paths.append(colorsets) }
        }
        for a in c.assets { paths += [a.catalog] + a.outputs.map(\.output) }
        if let preview = c.preview { paths.append(preview.output) }
        return paths
    }

    /// The text of one list: the header, then one path per line.
    package static func text(_ paths: [String]) -> String {
        ([header] + paths).joined(separator: "\n") + "\n"
    }

    /// `$(SRCROOT)/rel` for a path inside `srcroot`, else the absolute path.
    static func xcodePath(_ path: String, srcroot: String) -> String {
        let full = absolute(path)
        let base = absolute(srcroot)
        if full == base { return "$(SRCROOT)" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return full.hasPrefix(prefix) ? "$(SRCROOT)/" + full.dropFirst(prefix.count) : full
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    static func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }
}
