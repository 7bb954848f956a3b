import Foundation

/// Turns a `themes` section of the config into planned files: each output is a template
/// rendered over the themes recovered from the section's artboards.
public enum ThemeProducer {
    /// The extractor's options from the section's per-theme overrides.
    public static func options(for section: ThemesInput, root: String) -> ThemeOptions {
        ThemeOptions(themeTextColors: section.themes.mapValues(\.textColors),
                     themeColors: section.themes.compactMapValues(\.themeColor),
                     baseDirectory: root == "." ? nil : root)
    }

    /// The section's themes. Errors and warnings go to `console`; overrides for a theme the
    /// folder does not have are reported, since they are usually a renamed export.
    public static func extract(_ section: ThemesInput, index: Int, root: String, configName: String,
                               console: Console) throws -> [Theme] {
        let files = try InputFiles.relativePNGs(in: section.input, root: root).map { OutputWriter.join(root, $0) }
        let themes = ThemeExtractor.extract(files: files, options: options(for: section, root: root), console: console)
        let names = Set(themes.map(\.name))
        for name in section.themes.keys.sorted() where !names.contains(name) && console.errorCount == 0 {
            console.warning("\(configName): themes[\(index)].themes.\(name): no theme of that name in \(section.input)")
        }
        return themes
    }

    /// The section's outputs, rendered.
    public static func files(_ section: ThemesInput, themes: [Theme], root: String) throws -> [PlannedFile] {
        try section.outputs.map { output in
            let text = try CodeGenerator.render(themes: themes, template: AssetProducer.templatePath(output.template, root: root),
                                                params: output.params,
                                                templateSearchFolder: AssetProducer.templateFolder(root))
            return PlannedFile(path: output.output, text: text)
        }
    }
}
