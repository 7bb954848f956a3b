import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// A loaded `themegen.json` (or the conventions used when there is none). Paths are relative
/// to the config's folder, normalised, with `/` separators.
public struct ThemegenConfig: Sendable, Equatable {
    public var themes: [ThemesInput]
    public var assets: [AssetsInput]
    /// nil when the preview is turned off.
    public var preview: PreviewOutput?
    public var manifest: String

    /// Where the ownership manifest lives unless the config says otherwise.
    public static let defaultManifestPath = "Generated/.themegen-manifest.json"

    public init(themes: [ThemesInput] = [], assets: [AssetsInput] = [], preview: PreviewOutput? = nil,
                manifest: String = ThemegenConfig.defaultManifestPath) {
        self.themes = themes; self.assets = assets; self.preview = preview; self.manifest = manifest
    }
}

/// One generated file: a template applied to an input's model.
public struct OutputSpec: Sendable, Equatable {
    /// A built-in template name, or a `.mustache` path relative to the config.
    public var template: String
    public var output: String
    /// Template params as text (`true`, `12`, `0.5`), which is how templates take them.
    public var params: [String: String]

    public init(template: String, output: String, params: [String: String] = [:]) {
        self.template = template; self.output = output; self.params = params
    }

    /// The template's file when `template` is a path rather than a built-in name.
    public var templateFile: String? {
        template.contains("/") || template.hasSuffix(".mustache") ? template : nil
    }
}

public struct ThemesInput: Sendable, Equatable {
    public var input: String
    public var outputs: [OutputSpec]
    /// Overrides by theme name.
    public var themes: [String: ThemeOverride]
    /// An asset catalog to write each theme's colours into as colorsets, or nil.
    public var colorsets: String?
    /// Text colours every theme of the input has (`themes[i].textColors`), in config order; a
    /// theme's own of the same name replaces one.
    public var textColors: [TextColorCheck]
    /// Keep artboards that are rejected otherwise (poor fit, not a linear gradient).
    public var allowPoorFit: Bool
    /// Globs of artboards to leave out, relative to `input`.
    public var exclude: [String]

    public init(input: String, outputs: [OutputSpec], themes: [String: ThemeOverride] = [:], colorsets: String? = nil,
                textColors: [TextColorCheck] = [], allowPoorFit: Bool = false, exclude: [String] = []) {
        self.input = input; self.outputs = outputs; self.themes = themes; self.colorsets = colorsets
        self.textColors = textColors; self.allowPoorFit = allowPoorFit; self.exclude = exclude
    }
}

public struct ThemeOverride: Sendable, Equatable {
    public var themeColor: RGBA?
    /// In config order.
    public var textColors: [TextColorCheck]
    /// This theme's `allowPoorFit`, which wins over its input's.
    public var allowPoorFit: Bool?

    public init(themeColor: RGBA? = nil, textColors: [TextColorCheck] = [], allowPoorFit: Bool? = nil) {
        self.themeColor = themeColor; self.textColors = textColors; self.allowPoorFit = allowPoorFit
    }
}

public struct AssetsInput: Sendable, Equatable {
    public var input: String
    public var catalog: String
    public var outputs: [OutputSpec]
    /// Options by asset name.
    public var assets: [String: AssetOptions]
    public var providesNamespace: Bool
    /// provides-namespace by group folder path, overriding `providesNamespace`.
    public var namespaces: [String: Bool]
    public var autoCaps: Bool
    public var pad: Bool

    public init(input: String, catalog: String = "Generated/Assets.xcassets", outputs: [OutputSpec],
                assets: [String: AssetOptions] = [:], providesNamespace: Bool = false,
                namespaces: [String: Bool] = [:], autoCaps: Bool = false, pad: Bool = false) {
        self.input = input; self.catalog = catalog; self.outputs = outputs; self.assets = assets
        self.providesNamespace = providesNamespace; self.namespaces = namespaces
        self.autoCaps = autoCaps; self.pad = pad
    }

    /// Whether the group folder at `groupPath` (e.g. "Icons/Small") provides a namespace.
    public func providesNamespace(forGroup groupPath: String) -> Bool {
        namespaces[groupPath] ?? providesNamespace
    }
}

public struct AssetOptions: Sendable, Equatable {
    public var caps: CapInsets?
    public var resizing: ResizingMode?
    public var center: CenterMode?
    public var renderingIntent: RenderingIntent?

    public init(caps: CapInsets? = nil, resizing: ResizingMode? = nil, center: CenterMode? = nil,
                renderingIntent: RenderingIntent? = nil) {
        self.caps = caps; self.resizing = resizing; self.center = center; self.renderingIntent = renderingIntent
    }
}

public struct PreviewOutput: Sendable, Equatable {
    public var output: String
    public init(output: String) { self.output = output }
}

/// Where things go when the config does not say.
public enum ConfigDefaults {
    public static let fileName = "themegen.json"
    public static let themesInput = "Exports/Themes"
    public static let assetsInput = "Exports/Assets"
    public static let themesOutputs = [OutputSpec(template: "swift", output: "Generated/Themes.swift")]
    public static let catalog = "Generated/Assets.xcassets"
    public static let assetsOutputs = [OutputSpec(template: "swift-assets", output: "Generated/Assets.swift")]
    public static let previewOutput = "Generated/Preview/index.html"
}
