import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// A loaded `themegen.json` (or the conventions used when there is none). Paths are relative
/// to the config's folder, normalised, with `/` separators.
package struct ThemegenConfig: Sendable, Equatable {
    package var themes: [ThemesInput]
    package var assets: [AssetsInput]
    /// nil when the preview is turned off.
    package var preview: PreviewOutput?
    package var manifest: String

    /// Where the ownership manifest lives unless the config says otherwise.
    package static let defaultManifestPath = "Generated/.themegen-manifest.json"

    package init(themes: [ThemesInput] = [], assets: [AssetsInput] = [], preview: PreviewOutput? = nil,
                manifest: String = ThemegenConfig.defaultManifestPath) {
        self.themes = themes; self.assets = assets; self.preview = preview; self.manifest = manifest
    }
}

/// One generated file: a template applied to an input's model.
package struct OutputSpec: Sendable, Equatable {
    /// A built-in template name, or a `.mustache` path relative to the config.
    package var template: String
    package var output: String
    /// Template params as text (`true`, `12`, `0.5`), which is how templates take them.
    package var params: [String: String]

    package init(template: String, output: String, params: [String: String] = [:]) {
        self.template = template; self.output = output; self.params = params
    }

    /// The template's file when `template` is a path rather than a built-in name.
    package var templateFile: String? {
        template.contains("/") || template.hasSuffix(".mustache") ? template : nil
    }
}

package struct ThemesInput: Sendable, Equatable {
    package var input: String
    package var outputs: [OutputSpec]
    /// Overrides by theme name.
    package var themes: [String: ThemeOverride]
    /// An asset catalog to write each theme's colours into as colorsets, or nil.
    package var colorsets: String?
    /// Text colours every theme of the input has (`themes[i].textColors`), in config order; a
    /// theme's own of the same name replaces one.
    package var textColors: [TextColorCheck]
    /// Keep artboards that are rejected otherwise (poor fit, not a linear gradient).
    package var allowPoorFit: Bool
    /// Globs of artboards to leave out, relative to `input`.
    package var exclude: [String]
    /// `colorSpace: "srgb"`: every theme in sRGB (as `themes --color-space srgb`).
    package var convertToSRGB: Bool

    package init(input: String, outputs: [OutputSpec], themes: [String: ThemeOverride] = [:], colorsets: String? = nil,
                textColors: [TextColorCheck] = [], allowPoorFit: Bool = false, exclude: [String] = [],
                convertToSRGB: Bool = false) {
        self.input = input; self.outputs = outputs; self.themes = themes; self.colorsets = colorsets
        self.textColors = textColors; self.allowPoorFit = allowPoorFit; self.exclude = exclude
        self.convertToSRGB = convertToSRGB
    }
}

package struct ThemeOverride: Sendable, Equatable {
    package var themeColor: RGBA?
    /// In config order.
    package var textColors: [TextColorCheck]
    /// This theme's `allowPoorFit`, which wins over its input's.
    package var allowPoorFit: Bool?

    package init(themeColor: RGBA? = nil, textColors: [TextColorCheck] = [], allowPoorFit: Bool? = nil) {
        self.themeColor = themeColor; self.textColors = textColors; self.allowPoorFit = allowPoorFit
    }
}

package struct AssetsInput: Sendable, Equatable {
    package var input: String
    package var catalog: String
    package var outputs: [OutputSpec]
    /// Options by asset name.
    package var assets: [String: AssetOptions]
    package var providesNamespace: Bool
    /// provides-namespace by group folder path, overriding `providesNamespace`.
    package var namespaces: [String: Bool]
    package var autoCaps: Bool
    package var pad: Bool
    /// `colorSpace: "srgb"`: every image in sRGB (as `slice --color-space srgb`).
    package var convertToSRGB: Bool

    package init(input: String, catalog: String = "Generated/Assets.xcassets", outputs: [OutputSpec],
                assets: [String: AssetOptions] = [:], providesNamespace: Bool = false,
                namespaces: [String: Bool] = [:], autoCaps: Bool = false, pad: Bool = false, convertToSRGB: Bool = false) {
        self.input = input; self.catalog = catalog; self.outputs = outputs; self.assets = assets
        self.providesNamespace = providesNamespace; self.namespaces = namespaces
        self.autoCaps = autoCaps; self.pad = pad; self.convertToSRGB = convertToSRGB
    }

    /// Whether the group folder at `groupPath` (e.g. "Icons/Small") provides a namespace.
    package func providesNamespace(forGroup groupPath: String) -> Bool {
        namespaces[groupPath] ?? providesNamespace
    }
}

package struct AssetOptions: Sendable, Equatable {
    package var caps: CapInsets?
    package var resizing: ResizingMode?
    package var center: CenterMode?
    package var renderingIntent: RenderingIntent?

    package init(caps: CapInsets? = nil, resizing: ResizingMode? = nil, center: CenterMode? = nil,
                renderingIntent: RenderingIntent? = nil) {
        self.caps = caps; self.resizing = resizing; self.center = center; self.renderingIntent = renderingIntent
    }
}

package struct PreviewOutput: Sendable, Equatable {
    package var output: String
    package init(output: String) { self.output = output }
}

/// Where things go when the config does not say.
package enum ConfigDefaults {
    package static let fileName = "themegen.json"
    package static let themesInput = "Exports/Themes"
    package static let assetsInput = "Exports/Assets"
    package static let themesOutputs = [OutputSpec(template: "swift", output: "Generated/Themes.swift")]
    package static let catalog = "Generated/Assets.xcassets"
    package static let assetsOutputs = [OutputSpec(template: "swift-assets", output: "Generated/Assets.swift")]
    package static let previewOutput = "Generated/Preview/index.html"
}
