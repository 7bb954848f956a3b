#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenSlicing

/// Generated code from the theme and asset models: the API the `themes` and `slice` commands call.
package enum CodeGenerator {
    /// Renders `themes` with `template` (`json`, a name, or a path; see `TemplateLibrary`).
    /// `templateSearchFolder` is the folder holding `NAME.mustache` files (nil: `./Templates`).
    /// `diagnostics` gets the render's warnings (a missing partial); without it they are errors.
    package static func render(themes: [Theme], template: String, params: [String: String] = [:],
                              templateSearchFolder: URL? = nil, diagnostics: (any Diagnostics)? = nil) throws -> String {
        try IdentifierCheck.themes(themes)
        if template == "json" { return ModelJSON.themes(themes) }
        let resolved = try TemplateLibrary.resolve(template, searchFolder: templateSearchFolder)
        try resolved.check(renders: .themes)
        return try render(resolved, context: try ThemeContext.build(themes, params: params), diagnostics: diagnostics)
    }

    /// Renders `assets` with `template` (`json`, a name, or a path).
    /// `colors`: the colorsets themegen writes, for typed accessors beside the images.
    package static func render(assets: [Asset], template: String, params: [String: String] = [:],
                              colors: [NamedColor] = [],
                              templateSearchFolder: URL? = nil, diagnostics: (any Diagnostics)? = nil) throws -> String {
        try IdentifierCheck.assets(assets)
        if template == "json" { return ModelJSON.assets(assets) }
        let resolved = try TemplateLibrary.resolve(template, searchFolder: templateSearchFolder)
        try resolved.check(renders: .assets)
        return try render(resolved, context: try AssetContext.build(assets, params: params, colors: colors), diagnostics: diagnostics)
    }

    /// Renders any context; partials resolve next to the template.
    package static func render(_ template: ResolvedTemplate, context: TemplateValue,
                              diagnostics: (any Diagnostics)? = nil) throws -> String {
        try Template(source: template.source, name: template.name).render(context, partials: FolderPartials(), diagnostics: diagnostics)
    }
}
