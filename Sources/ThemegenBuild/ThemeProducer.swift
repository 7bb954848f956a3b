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
    package static func options(for section: ThemesInput, index: Int, root: String, configName: String) -> ThemeOptions {
        var options = ThemeOptions(textColors: section.textColors, themeTextColors: section.themes.mapValues(\.textColors),
                                   themeColors: section.themes.compactMapValues(\.themeColor),
                                   allowPoorFit: section.allowPoorFit, baseDirectory: root == "." ? nil : root)
        options.themeAllowPoorFit = section.themes.compactMapValues(\.allowPoorFit)
        options.remedy = .config("themes[\(index)]", file: configName)
        options.convertToSRGB = section.convertToSRGB
        return options
    }

    /// The section's themes. Errors and warnings go to `console`; overrides for a theme the
    /// folder does not have are reported, since they are usually a renamed export.
    package static func extract(_ section: ThemesInput, index: Int, root: String, configName: String,
                               maxPixels: Int = PNGLimits.defaultMaxPixels, console: any Diagnostics) throws -> [Theme] {
        var tally = SkippedInputs.Tally(folder: OutputWriter.join(root, section.input))
        let files = try InputFiles.relativePNGs(in: section.input, root: root, excluding: section.exclude, tally: &tally)
            .map { OutputWriter.join(root, $0) }
        SkippedInputs.report(tally, console: console)
        let line = ProgressLine(console: console, total: ThemeName.largestVariants(files).count, verb: "fitting")
        var options = options(for: section, index: index, root: root, configName: configName)
        options.maxPixels = maxPixels
        let themes = ThemeExtractor.extract(files: files, options: options, console: console,
                                            progress: { line.advance($0) })
        let names = Set(themes.map(\.name))
        for name in section.themes.keys.sorted() where !names.contains(name) && console.errorCount == 0 {
            console.warning("\(configName): themes[\(index)].themes.\(name): no theme of that name in \(section.input)")
        }
        try checkTextColors(section, themes: themes, index: index, configName: configName)
        return themes
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
    package static func files(_ section: ThemesInput, themes: [Theme], root: String,
                             console: (any Diagnostics)? = nil) throws -> [PlannedFile] {
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
