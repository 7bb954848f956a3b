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
import ThemegenSlicing

/// The producers a run plugs into its jobs, one per config section. The themes, slicing and
/// preview code register theirs in `Producers.standard`; a section without a producer is
/// skipped. Producers resolve template names with
/// `TemplateLibrary.resolve(name, searchFolder: <root>/Templates)`, which is what the cache
/// assumes they read (see `templateInputs`).
package struct Producers: Sendable {
    package typealias Themes = @Sendable (ThemesInput, JobContext) throws -> [PlannedFile]
    package typealias Assets = @Sendable (AssetsInput, JobContext) throws -> [PlannedFile]
    package typealias Preview = @Sendable (ThemegenConfig, PreviewOutput, JobContext) throws -> [PlannedFile]

    package var themes: Themes?
    package var assets: Assets?
    package var preview: Preview?
    /// Every job's decoding limit (`run --max-pixels`), handed to producers in their context.
    package var maxPixels = PNGLimits.defaultMaxPixels

    package init(themes: Themes? = nil, assets: Assets? = nil, preview: Preview? = nil) {
        self.themes = themes; self.assets = assets; self.preview = preview
    }

    /// What `themegen run` uses.
    package static let standard = Producers(
        themes: { section, ctx in
            let extraction = try ThemeProducer.extraction(section, context: ctx)
            guard ctx.console.errorCount == 0 else { return [] }
            return try ThemeProducer.files(section, themes: extraction.themes, index: ctx.section, root: ctx.root,
                                           configName: ctx.configName, console: ctx.console)
        },
        assets: { section, ctx in
            guard let assets = try AssetProducer.assets(section, context: ctx) else { return [] }
            // The colorsets the themes write get typed accessors in the assets' code. Their
            // themes jobs ran first and reported their problems; a theme that failed has no
            // accessor until it is fixed.
            var colors: [NamedColor] = []
            for i in colorsetSections(ctx.themesSections, for: section) {
                colors += ThemeProducer.namedColors(try ThemeProducer.extraction(ctx.themesSections[i], context: ctx.forSection(i)).themes)
            }
            guard ctx.console.errorCount == 0 else { return [] }
            return try AssetProducer.files(section, assets: assets, colorAccessors: colors, root: ctx.root, console: ctx.console)
        },
        preview: { config, output, ctx in
            // The same models the themes and assets jobs make (shared through the memo); an
            // artboard that failed shows on the page with its error.
            var themes: [PreviewTheme] = []
            var failures: [PreviewFailure] = []
            for (i, section) in config.themes.enumerated() {
                let shown = PreviewTheme.shown(try ThemeProducer.extraction(section, context: ctx.forSection(i)))
                themes += shown.themes
                failures += shown.failures
            }
            var assets: [PreviewAsset] = []
            for (i, section) in config.assets.enumerated() {
                // The page does not show failed exports, nor link into a catalog its job left
                // as it was: it keeps its last version instead. (The assets jobs fold first.)
                guard let sliced = try AssetProducer.assets(section, context: ctx.forSection(i)),
                      !ctx.memo.hasFailed(Producers.assetsJobName(i)) else { throw FailedDependency() }
                // The catalog gets the same bytes; the page links there rather than keep a copy.
                assets += sliced.map { PreviewAsset(sliced: $0, catalog: section.catalog) }
            }
            return try PreviewProducer.files(output, themes: themes, failures: failures, assets: assets, context: ctx)
        }
    )

    /// The themes inputs whose colorsets an assets section's code names: those with `colorsets`,
    /// when the section renders any code.
    static func colorsetSections(_ themes: [ThemesInput], for section: AssetsInput) -> [Int] {
        section.outputs.isEmpty ? [] : themes.indices.filter { themes[$0].colorsets != nil }
    }

    /// One job per config section that has a producer, named by its key path.
    package func jobs(for loaded: LoadedConfig) -> [BuildJob] {
        let config = loaded.config
        let root = loaded.root
        let maxPixels = self.maxPixels
        // Every job of a run sees the same settings, so whichever queues a section's work
        // queues the same: the theme pass makes the preview's thumbnails when there is one.
        @Sendable func context(_ c: JobContext, _ i: Int) -> JobContext {
            var c = c.forSection(i, of: loaded, thumbnails: config.preview != nil)
            c.maxPixels = maxPixels
            c.themesSections = config.themes
            return c
        }
        var jobs: [BuildJob] = []
        for (i, section) in config.themes.enumerated() {
            guard let themes else { continue }
            jobs.append(BuildJob(name: "themes[\(i)]", inputs: { memo in
                try memo.pngs(in: section.input, root: root, excluding: section.exclude).files + Producers.templateInputs(section.outputs, root: root)
            }, outputs: section.outputs.map(\.output) + (section.colorsets.map { [$0] } ?? []),
            work: { try ThemeProducer.work(section, context: context($0, i)) },
            produce: { try themes(section, context($0, i)) }))
        }
        for (i, section) in config.assets.enumerated() {
            guard let assets else { continue }
            let colorSections = Producers.colorsetSections(config.themes, for: section)
            jobs.append(BuildJob(name: Producers.assetsJobName(i), inputs: { memo in
                // The themes whose colorsets the assets' code names are inputs too.
                try memo.pngs(in: section.input, root: root).files + Producers.templateInputs(section.outputs, root: root)
                    + colorSections.flatMap { t in
                        try memo.pngs(in: config.themes[t].input, root: root, excluding: config.themes[t].exclude).files
                    }
            }, outputs: [section.catalog] + section.outputs.map(\.output),
            work: { ctx in
                try AssetProducer.work(section, context: context(ctx, i))
                    + colorSections.flatMap { t in try ThemeProducer.work(config.themes[t], context: context(ctx, t)) }
            },
            produce: { try assets(section, context($0, i)) }))
        }
        if let output = config.preview, let preview {
            // The preview shows every theme and asset, so every export is its input.
            jobs.append(BuildJob(name: "preview", inputs: { memo in
                try (config.themes.map(\.input) + config.assets.map(\.input)).flatMap {
                    try memo.pngs(in: $0, root: root).files
                } + Producers.templateInputs([OutputSpec(template: PreviewBuilder.templateName, output: output.output)], root: root)
            }, outputs: Producers.previewOutputs(page: output.output), work: { ctx in
                var items: [WorkItem] = []
                for (i, section) in config.themes.enumerated() { items += try ThemeProducer.work(section, context: context(ctx, i)) }
                for (i, section) in config.assets.enumerated() { items += try AssetProducer.work(section, context: context(ctx, i)) }
                return items
            }, produce: { try preview(config, output, context($0, 0)) }))
        }
        return jobs
    }

    static func assetsJobName(_ section: Int) -> String { "assets[\(section)]" }

    /// What the preview writes: its page and the images folder beside it, and nothing else in
    /// that folder (which may be the output root), so a failed preview keeps only its own files.
    static func previewOutputs(page: String) -> [String] {
        let folder = FilePath.parent(page)
        return [page, folder.isEmpty || folder == "." ? "images" : folder + "/images"]
    }

    /// The template files a job's outputs may read: every `*.mustache` in the config's
    /// `Templates/` folder (a name is looked up there before the built-ins) and, for a template
    /// given by path, every `*.mustache` beside it (its partials). Listing whole folders means a
    /// template added later, which would shadow a built-in, also changes the job's inputs.
    static func templateInputs(_ outputs: [OutputSpec], root: String) -> [String] {
        var folders = outputs.isEmpty ? [] : [templatesFolderName]
        for o in outputs {
            if let file = o.templateFile { folders.append(FilePath.parent(file)) }
        }
        var files = Set<String>()
        for folder in Set(folders) {
            for name in FileSystem.list(OutputWriter.join(root, folder)) where name.hasSuffix(".mustache") {
                files.insert(folder.isEmpty ? name : folder + "/" + name)
            }
        }
        for o in outputs { if let file = o.templateFile { files.insert(file) } }
        return files.sorted()
    }

    /// Template names are looked up in the config's `Templates/` before the built-ins: the
    /// folder the producers search and the one the cache watches are this one.
    static let templatesFolderName = "Templates"

    static func templatesFolder(_ root: String) -> URL {
        URL(fileURLWithPath: OutputWriter.join(root, templatesFolderName))
    }
}

extension OutputSpec {
    /// The template to render: a built-in or `Templates/` name as is, a path made relative to
    /// the config's folder.
    func resolvedTemplate(root: String) -> String {
        templateFile.map { OutputWriter.join(root, $0) } ?? template
    }
}
