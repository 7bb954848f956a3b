import Foundation

/// `themegen preview THEMES... [--assets DIR]... [--output DIR]`: writes the static preview
/// page on its own, before (and besides) a full build step run.
enum PreviewCommand {
    static let command = make { args in
        var themes = ThemeOptions(allowPoorFit: args.flag("allow-poor-fit"))
        themes.textColors = try args.values("text-color").map(TextColorCheck.parse)
        return .standard(themes: themes)
    }

    /// The command, with where its models come from (tests give fixtures).
    static func make(sources makeSources: @escaping @Sendable (Arguments) throws -> PreviewSources) -> Command {
        Command(
            name: "preview",
            summary: "Write the HTML preview of gradient themes and sliced assets.",
            usage: ["preview THEMES_DIR... [--assets DIR]... [--output DIR] [--text-color NAME=#RRGGBB[,large]]... [--allow-poor-fit]"],
            options: [
                .value("assets", "DIR", repeatable: true, help: "Asset exports (@3x PNGs) to preview; may be repeated."),
                .value("output", "DIR", help: "The page's folder (default \(PreviewBuilder.defaultFolder))."),
                .value("templates", "FOLDER", help: "Where preview-html.mustache is looked for first (default ./Templates)."),
                .value("text-color", "NAME=#RRGGBB[,large]", repeatable: true,
                       help: "A text colour to sample on every gradient, with its contrast; may be repeated."),
                .flag("allow-poor-fit", help: "Show themes that are not linear gradients too (flagged poor)."),
                maxPixelsOption,
            ]
        ) { args, console in
            let maxPixels = try parseMaxPixels(args)
            let output = args.value("output") ?? PreviewBuilder.defaultFolder
            guard !output.isEmpty else { throw UsageError("--output needs a folder") }
            let themeFiles = try InputFiles.pngs(in: args.positionals, console: console)
            let sources = try makeSources(args)
            let themes = try sources.themes(themeFiles, console)
            let assets = try sources.assets(args.values("assets"), console)
            // A page missing what failed would look complete: write nothing instead.
            guard console.errorCount == 0 else { return console.exitCode }

            var options = PreviewBuilder.Options()
            options.folder = ""
            options.maxPixels = maxPixels
            options.templateFolder = args.value("templates").map { URL(fileURLWithPath: $0) }
            let files = try PreviewBuilder.plan(themes: themes, assets: assets, options: options)
            let changed = try write(files, into: output)
            console.info("preview: \(output)/index.html (\(themes.count) theme(s), \(assets.count) asset(s); \(changed) of \(files.count) file(s) changed)")
            return .ok
        }
    }

    /// Writes each file that differs from what is on disk, atomically (temporary file, then
    /// rename), so a reader never sees half a file. Returns how many were written.
    static func write(_ files: [PlannedFile], into folder: String) throws -> Int {
        let root = URL(fileURLWithPath: folder)
        var written = 0
        for f in files {
            let url = root.appendingPathComponent(f.path)
            if let existing = FileManager.default.contents(atPath: url.path), existing.elementsEqual(f.bytes) { continue }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(f.bytes).write(to: url, options: .atomic)
            } catch {
                throw FileError(url.path, "cannot write the preview file: \(error.localizedDescription)", kind: .io)
            }
            written += 1
        }
        return written
    }
}
