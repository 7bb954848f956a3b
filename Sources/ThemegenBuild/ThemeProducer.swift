#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients

/// Turns a `themes` section of the config into planned files: each output is a template
/// rendered over the themes recovered from the section's artboards.
public enum ThemeProducer {
    /// The extractor's options from the section's per-theme overrides.
    public static func options(for section: ThemesInput, index: Int, root: String, configName: String) -> ThemeOptions {
        var options = ThemeOptions(themeTextColors: section.themes.mapValues(\.textColors),
                                   themeColors: section.themes.compactMapValues(\.themeColor),
                                   allowPoorFit: section.allowPoorFit, baseDirectory: root == "." ? nil : root)
        options.themeAllowPoorFit = section.themes.compactMapValues(\.allowPoorFit)
        options.poorFitRemedy = .config(keyPath: "themes[\(index)]", file: configName)
        return options
    }

    /// The section's themes. Errors and warnings go to `console`; overrides for a theme the
    /// folder does not have are reported, since they are usually a renamed export.
    public static func extract(_ section: ThemesInput, index: Int, root: String, configName: String,
                               console: any Diagnostics) throws -> [Theme] {
        let files = try InputFiles.relativePNGs(in: section.input, root: root, excluding: section.exclude).map { OutputWriter.join(root, $0) }
        let line = ProgressLine(console: console, total: ThemeName.largestVariants(files).count, verb: "fitting")
        let themes = ThemeExtractor.extract(files: files, options: options(for: section, index: index, root: root, configName: configName), console: console,
                                            progress: { line.advance($0) })
        let names = Set(themes.map(\.name))
        for name in section.themes.keys.sorted() where !names.contains(name) && console.errorCount == 0 {
            console.warning("\(configName): themes[\(index)].themes.\(name): no theme of that name in \(section.input)")
        }
        return themes
    }

    /// The section's outputs, rendered, and its colorsets when the section asks for them.
    public static func files(_ section: ThemesInput, themes: [Theme], root: String) throws -> [PlannedFile] {
        var files = try section.outputs.map { output in
            let text = try CodeGenerator.render(themes: themes, template: output.resolvedTemplate(root: root),
                                                params: output.params, templateSearchFolder: Producers.templatesFolder(root))
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
    static func namedColors(_ themes: [Theme]) -> [NamedColor] {
        themes.flatMap { t in
            [NamedColor(name: "themeColor", groups: [t.name], color: t.themeColor, colorSpace: t.colorSpace)]
                + t.textColors.map { c in
                    NamedColor(name: c.name, groups: [t.name], color: c.color, dark: c.dark, colorSpace: t.colorSpace)
                }
        }
    }
}
