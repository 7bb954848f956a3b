#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage

/// Turns a `themes` section of the config into planned files: each output is a template
/// rendered over the themes recovered from the section's artboards.
package enum ThemeProducer {
    /// The extractor's options from the section's per-theme overrides.
    package static func options(for section: ThemesInput, index: Int, root: String, configName: String,
                               thumbnails: Bool = false) -> ThemeOptions {
        var options = ThemeOptions(textColors: section.textColors, themeTextColors: section.themes.mapValues(\.textColors),
                                   themeColors: section.themes.compactMapValues(\.themeColor),
                                   allowPoorFit: section.allowPoorFit, baseDirectory: root == "." ? nil : root)
        options.themeAllowPoorFit = section.themes.compactMapValues(\.allowPoorFit)
        options.remedy = .config("themes[\(index)]", file: configName)
        options.convertToSRGB = section.convertToSRGB
        if thumbnails { options.thumbnail = PreviewBuilder.thumbnailSize }
        return options
    }

    static func options(for section: ThemesInput, context ctx: JobContext) -> ThemeOptions {
        var o = options(for: section, index: ctx.section, root: ctx.root, configName: ctx.configName, thumbnails: ctx.thumbnails)
        o.maxPixels = ctx.maxPixels
        o.thumbnailSpool = ctx.memo.spool
        return o
    }

    /// The section's artboards, as paths this process can open, and what the walk skipped.
    static func artboardFiles(_ section: ThemesInput, context ctx: JobContext) throws -> (files: [String], tally: SkippedInputs.Tally) {
        let listed = try ctx.memo.pngs(in: section.input, root: ctx.root, excluding: section.exclude)
        return (listed.files.map { OutputWriter.join(ctx.root, $0) }, listed.tally)
    }

    /// The section's fits, queued with the run's other work (none when already queued).
    package static func work(_ section: ThemesInput, context ctx: JobContext) throws -> [WorkItem] {
        let (files, tally) = try artboardFiles(section, context: ctx)
        return ctx.memo.fitWork(ctx.section, files: files, tally: tally, options: options(for: section, context: ctx))
    }

    /// The section's themes, once per run: from the fits its work made, or fitted here when
    /// none were queued. Errors and warnings go to `ctx.console`; overrides for a theme the
    /// folder does not have are reported, since they are usually a renamed export.
    package static func extraction(_ section: ThemesInput, context ctx: JobContext) throws -> ThemeExtraction {
        try ctx.memo.themes(ctx.section) {
            let options = options(for: section, context: ctx)
            let queued = ctx.memo.fits(ctx.section)
            let (files, tally) = try queued.map { ($0.files, $0.tally) } ?? artboardFiles(section, context: ctx)
            SkippedInputs.report(tally, console: ctx.console)
            let extraction: ThemeExtraction
            if let results = queued?.results {
                extraction = ThemeExtractor.assemble(results, options: options, console: ctx.console)
            } else {
                let line = ProgressLine(console: ctx.console, total: ThemeExtractor.artboards(files).count, verb: "fitting")
                extraction = ThemeExtractor.extraction(files: files, options: options, console: ctx.console, progress: { line.advance($0) })
            }
            let names = Set(extraction.themes.map(\.name) + extraction.failures.map { ThemeName.parse(fileName: FilePath.lastComponent($0.file)).name })
            for name in section.themes.keys.sorted() where !names.contains(name) {
                ctx.console.warning("\(ctx.configName): themes[\(ctx.section)].themes.\(name): no theme of that name in \(section.input)")
            }
            return extraction
        }
    }

    /// The section's themes, as a one-off (tests, tools): `extraction` without a run around it.
    package static func extract(_ section: ThemesInput, index: Int, root: String, configName: String,
                               maxPixels: Int = PNGLimits.defaultMaxPixels, console: any Diagnostics) throws -> [Theme] {
        var ctx = JobContext(root: root, console: console)
        ctx.section = index
        ctx.configName = configName
        ctx.maxPixels = maxPixels
        return try extraction(section, context: ctx).themes
    }

    /// Every text colour a theme sets must exist for every theme, so generated code declares none
    /// optional: a name without an input-level default that some themes lack is an error.
    static func checkTextColors(_ section: ThemesInput, themes: [Theme], index: Int, configName: String) throws {
        var errors: [ThemegenError] = []
        var seen: Set<String> = []
        for themeName in section.themes.keys.sorted() {
            for c in section.themes[themeName]!.textColors where !seen.contains(c.name) {
                seen.insert(c.name)
                let lacking = themes.filter { t in !t.textColors.contains { $0.name == c.name } }.map(\.name)
                guard !lacking.isEmpty else { continue }
                let at = KeyPath.member(KeyPath.member(KeyPath.member("themes[\(index)].themes", themeName), "textColors"), c.name)
                errors.append(ConfigError(
                    file: configName, line: 0, keyPath: at,
                    message: "text colour \(JSONString.quoted(c.name)) is missing from theme(s) "
                        + lacking.map { JSONString.quoted($0) }.joined(separator: ", ")
                        + "; give it a default for every theme under themes[\(index)].textColors, or set it for those themes"))
            }
        }
        if !errors.isEmpty { throw ErrorList(errors) }
    }

    /// The section's outputs, rendered, and its colorsets when the section asks for them.
    package static func files(_ section: ThemesInput, themes: [Theme], index: Int, root: String,
                             configName: String, console: (any Diagnostics)? = nil) throws -> [PlannedFile] {
        try checkTextColors(section, themes: themes, index: index, configName: configName)
        var files = try section.outputs.map { output in
            let text = try CodeGenerator.render(themes: themes, template: output.resolvedTemplate(root: root),
                                                params: output.params, templateSearchFolder: Producers.templatesFolder(root),
                                                diagnostics: console)
            return PlannedFile(path: output.output, text: text)
        }
        if let catalog = section.colorsets {
            files += try CatalogPlanner.plan(catalog: catalog, assets: [], colors: namedColors(themes),
                                             providesNamespace: { _ in true }).files
        }
        return files
    }

    /// Each theme's accent and text colours, in the theme's colour space, in a folder named after
    /// the theme that provides a namespace: `UIColor(named: "Sunset/themeColor")`.
    package static func namedColors(_ themes: [Theme]) -> [NamedColor] {
        themes.flatMap { t in
            [NamedColor(name: "themeColor", groups: [t.name], color: t.themeColor, dark: t.dark?.themeColor,
                        colorSpace: t.colorSpace)]
                + t.textColors.map { c in
                    NamedColor(name: c.name, groups: [t.name], color: c.color, dark: c.dark, colorSpace: t.colorSpace)
                }
        }
    }
}
