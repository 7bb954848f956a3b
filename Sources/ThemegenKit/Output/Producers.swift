/// The producers a run plugs into its jobs, one per config section. The themes, slicing and
/// preview code register theirs in `Producers.standard`; a section without a producer is
/// skipped. Producers resolve template names with
/// `TemplateLibrary.resolve(name, searchFolder: <root>/Templates)`, which is what the cache
/// assumes they read (see `templateInputs`).
public struct Producers: Sendable {
    public typealias Themes = @Sendable (ThemesInput, JobContext) throws -> [PlannedFile]
    public typealias Assets = @Sendable (AssetsInput, JobContext) throws -> [PlannedFile]
    public typealias Preview = @Sendable (ThemegenConfig, PreviewOutput, JobContext) throws -> [PlannedFile]

    public var themes: Themes?
    public var assets: Assets?
    public var preview: Preview?

    public init(themes: Themes? = nil, assets: Assets? = nil, preview: Preview? = nil) {
        self.themes = themes; self.assets = assets; self.preview = preview
    }

    /// What `themegen run` uses.
    public static let standard = Producers(
        themes: { section, ctx in
            let themes = try ctx.memo.themes(ctx.section) {
                try ThemeProducer.extract(section, index: ctx.section, root: ctx.root, configName: ctx.configName, console: ctx.console)
            }
            guard ctx.console.errorCount == 0 else { return [] }
            return try ThemeProducer.files(section, themes: themes, root: ctx.root)
        },
        assets: { section, ctx in
            let assets = try ctx.memo.assets(ctx.section) {
                try AssetProducer.slice(section, root: ctx.root, console: ctx.console) ?? []
            }
            guard ctx.console.errorCount == 0 else { return [] }
            return try AssetProducer.files(section, assets: assets, root: ctx.root)
        }
    )

    /// One job per config section that has a producer, named by its key path.
    public func jobs(for loaded: LoadedConfig) -> [BuildJob] {
        let config = loaded.config
        let root = loaded.root
        var jobs: [BuildJob] = []
        for (i, section) in config.themes.enumerated() {
            guard let themes else { continue }
            jobs.append(BuildJob(name: "themes[\(i)]", inputs: {
                try InputFiles.relativePNGs(in: section.input, root: root) + Producers.templateInputs(section.outputs, root: root)
            }, produce: { try themes(section, $0.forSection(i, of: loaded)) }))
        }
        for (i, section) in config.assets.enumerated() {
            guard let assets else { continue }
            jobs.append(BuildJob(name: "assets[\(i)]", inputs: {
                try InputFiles.relativePNGs(in: section.input, root: root) + Producers.templateInputs(section.outputs, root: root)
            }, produce: { try assets(section, $0.forSection(i, of: loaded)) }))
        }
        if let output = config.preview, let preview {
            // The preview shows every theme and asset, so every export is its input.
            jobs.append(BuildJob(name: "preview", inputs: {
                try (config.themes.map(\.input) + config.assets.map(\.input)).flatMap {
                    try InputFiles.relativePNGs(in: $0, root: root)
                }
            }, produce: { try preview(config, output, $0.forSection(0, of: loaded)) }))
        }
        return jobs
    }

    /// The template files a job's outputs may read: every `*.mustache` in the config's
    /// `Templates/` folder (a name is looked up there before the built-ins) and, for a template
    /// given by path, every `*.mustache` beside it (its partials). Listing whole folders means a
    /// template added later, which would shadow a built-in, also changes the job's inputs.
    static func templateInputs(_ outputs: [OutputSpec], root: String) -> [String] {
        var folders = outputs.isEmpty ? [] : ["Templates"]
        for o in outputs {
            if let file = o.templateFile { folders.append(OutputWriter.dirname(file)) }
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
}
