import Foundation
import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// Generated code from the theme and asset models: the API the `themes` and `slice` commands call.
public enum CodeGenerator {
    /// Renders `themes` with `template` (`json`, a name, or a path; see `TemplateLibrary`).
    /// `templateSearchFolder` is the folder holding `NAME.mustache` files (nil: `./Templates`).
    public static func render(themes: [Theme], template: String, params: [String: String] = [:],
                              templateSearchFolder: URL? = nil) throws -> String {
        if template == "json" { return ModelJSON.themes(themes) }
        let resolved = try TemplateLibrary.resolve(template, searchFolder: templateSearchFolder)
        return try render(resolved, context: try ThemeContext.build(themes, params: params))
    }

    /// Renders `assets` with `template` (`json`, a name, or a path).
    public static func render(assets: [Asset], template: String, params: [String: String] = [:],
                              templateSearchFolder: URL? = nil) throws -> String {
        if template == "json" { return ModelJSON.assets(assets) }
        let resolved = try TemplateLibrary.resolve(template, searchFolder: templateSearchFolder)
        return try render(resolved, context: try AssetContext.build(assets, params: params))
    }

    /// Renders any context; partials resolve next to the template.
    public static func render(_ template: ResolvedTemplate, context: TemplateValue) throws -> String {
        try Template(source: template.source, name: template.name).render(context, partials: FolderPartials())
    }
}
