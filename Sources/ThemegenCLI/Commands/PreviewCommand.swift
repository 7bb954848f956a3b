#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenBuild
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenSlicing

/// `themegen preview THEMES... [--assets DIR]... [--output DIR]`: writes the static preview
/// page on its own, before (and besides) a full build step run.
enum PreviewCommand {
    static let command = make { args in
        var themes = ThemeOptions(allowPoorFit: args.flag("allow-poor-fit"))
        themes.textColors = try args.values("text-color").map(TextColorCheck.parse)
        themes.convertToSRGB = try parseColorSpace(args)
        themes.maxPixels = try parseMaxPixels(args)
        var assets = SliceOptions()
        assets.convertToSRGB = themes.convertToSRGB
        assets.maxPixels = themes.maxPixels
        assets.pad = args.flag("pad")
        return .standard(themes: themes, assets: assets)
    }

    /// The command, with where its models come from (tests give fixtures).
    static func make(sources makeSources: @escaping @Sendable (Arguments) throws -> PreviewSources) -> Command {
        Command(
            name: "preview",
            summary: "Write the HTML preview of gradient themes and sliced assets.",
            usage: ["preview THEMES_DIR... [--assets DIR]... [--output DIR] [--text-color NAME=#RRGGBB[,large]]... [--allow-poor-fit] [--pad] [--color-space srgb]"],
            options: [
                .value("assets", "DIR", repeatable: true, help: "Asset exports (@3x PNGs) to preview; may be repeated."),
                .value("output", "DIR", help: "The page's folder (default \(PreviewBuilder.defaultFolder))."),
                .value("templates", "FOLDER", help: "Where preview-html.mustache is looked for first (default ./Templates)."),
                .value("text-color", "NAME=#RRGGBB[,large]", repeatable: true,
                       help: "A text colour to sample on every gradient, with its contrast; may be repeated."),
                .flag("allow-poor-fit", help: "Show themes that are not linear gradients too (flagged poor)."),
                .flag("pad", help: "Pad asset exports whose sides are not a multiple of 3 instead of warning (as slice --pad)."),
                colorSpaceOption,
                maxPixelsOption,
            ] + Command.writeOptionSpecs
        ) { args, console in
            guard !args.positionals.isEmpty || !args.values("assets").isEmpty else {
                throw UsageError("preview needs a folder of theme exports or --assets DIR (e.g. 'themegen preview Exports/Themes --assets Exports/Assets'); a bare 'themegen' writes the preview from the config or the conventions")
            }
            let given = args.value("output") ?? PreviewBuilder.defaultFolder
            let output = given.hasSuffix("/") ? String(given.dropLast()) : given
            let parts = output.split(separator: "/", omittingEmptySubsequences: false)
            guard !output.isEmpty, !output.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) else {
                throw UsageError("--output '\(given)': the page's folder must be a relative path inside the current folder")
            }
            let themeFiles = try InputFiles.pngs(in: args.positionals, console: console)
            let sources = try makeSources(args)
            let themes = try sources.themes(themeFiles, console)
            let assets = try sources.assets(args.values("assets"), console)
            // A page missing what failed would look complete: write nothing instead.
            guard console.errorCount == 0 else { return console.exitCode }
            // An empty page would look like a successful preview of nothing.
            guard !themes.isEmpty || !assets.isEmpty else {
                throw UsageError("preview: no theme or asset exports in \((args.positionals + args.values("assets")).joined(separator: ", ")); no page written")
            }

            var options = PreviewBuilder.Options()
            options.folder = output
            options.templateFolder = args.value("templates").map { URL(fileURLWithPath: $0) }
            let files = try PreviewBuilder.plan(themes: themes, assets: assets, options: options)
            console.verbose("preview: \(themes.count) theme(s), \(assets.count) asset(s) in \(output)/index.html")
            // The safe writer: only changed files are rewritten, images of themes and assets
            // that are gone are deleted, and the folder is recorded in the ownership manifest.
            return try StandaloneOutput.write(files, scope: [output], options: Command.writeOptions(args),
                                          console: console).exitCode
        }
    }
}
