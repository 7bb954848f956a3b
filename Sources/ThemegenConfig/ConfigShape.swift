import Mustache
import ThemegenImage

/// The shape of `themegen.json`: every key the parser accepts, with its type and meaning.
///
/// Validation walks this tree (so an unknown key or a wrong type is caught in one place, with
/// its key path), `themegen.schema.json` is generated from it, and a test checks the committed
/// schema against it.
package indirect enum ConfigShape: Sendable {
    case string
    /// `#RRGGBB` or `#RRGGBBAA`.
    case color
    case boolean
    /// A number from 0 to `maxPoints` (cap insets in points: any larger is no image's).
    case nonNegativeNumber
    case oneOf([String])
    case object([ConfigKey])
    /// An object whose keys are names chosen by the user, all with one shape.
    case map(ConfigShape)
    case array(ConfigShape)
    /// A string, number or boolean (template params, which templates read as text).
    case scalar
    /// `true`, `false`, or the object.
    case booleanOr(ConfigShape)

    /// The largest cap inset, in points: an image side is at most 1,000,000 pixels.
    package static let maxPoints = 100_000.0

    package var expected: String {
        switch self {
        case .string: return "a string"
        case .color: return "a colour string like \"#FF8800\" or \"#FF880080\""
        case .boolean: return "true or false"
        case .nonNegativeNumber: return "a number from 0 to 100000"
        case .oneOf(let names): return "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        case .object, .map: return "an object"
        case .array: return "an array"
        case .scalar: return "a string, number or boolean"
        case .booleanOr(let s): return "true, false or \(s.expected)"
        }
    }
}

package struct ConfigKey: Sendable {
    package let name: String
    package let shape: ConfigShape
    package let required: Bool
    package let help: String

    package init(_ name: String, _ shape: ConfigShape, required: Bool = false, _ help: String) {
        self.name = name; self.shape = shape; self.required = required; self.help = help
    }
}

extension ConfigShape {
    static let outputs: ConfigShape = .array(.object([
        ConfigKey("template", .string, required: true,
                  "A built-in template name (e.g. \"swift\", \"objc\", \"css\", \"json\", \"swift-assets\") or the path of a .mustache file, relative to the config."),
        ConfigKey("output", .string, required: true, "The file to write, relative to the config."),
        ConfigKey("params", .map(.scalar), "Template parameters (e.g. \"enumName\", \"publicAccess\"); strings, numbers or booleans, given to the template as text."),
    ]))

    static let textColor: ConfigShape = .object([
        ConfigKey("color", .color, required: true, "The text colour."),
        ConfigKey("dark", .color, "Its dark-appearance variant."),
        ConfigKey("large", .boolean, "Large text (WCAG needs only 3:1). Default false."),
    ])

    static let theme: ConfigShape = .object([
        ConfigKey("themeColor", .color, "Overrides the accent colour (default: the gradient's last stop)."),
        ConfigKey("textColors", .map(textColor), "Named text colours checked against the gradient, e.g. \"title\"."),
        ConfigKey("allowPoorFit", .boolean, "Keep this theme even when its artboard is rejected (poor fit, not a linear gradient); wins over the input's allowPoorFit."),
    ])

    static let asset: ConfigShape = .object([
        ConfigKey("caps", .object([
            ConfigKey("top", .nonNegativeNumber, "Points. Default 0."),
            ConfigKey("left", .nonNegativeNumber, "Points. Default 0."),
            ConfigKey("bottom", .nonNegativeNumber, "Points. Default 0."),
            ConfigKey("right", .nonNegativeNumber, "Points. Default 0."),
        ]), "9-slice cap insets in points; overrides guides in the image and autoCaps."),
        ConfigKey("resizing", .oneOf(["9-part", "3-part-horizontal", "3-part-vertical"]),
                  "Xcode resizing mode. Default: from the caps."),
        ConfigKey("center", .oneOf(["stretch", "tile"]), "How the middle fills. Default \"stretch\"."),
        ConfigKey("renderingIntent", .oneOf(["original", "template"]), "Xcode template-rendering-intent."),
    ])

    /// The whole config file.
    package static let config: ConfigShape = .object([
        ConfigKey("$schema", .string, "Path or URL of themegen.schema.json, for editors. Ignored by themegen."),
        ConfigKey("themes", .array(.object([
            ConfigKey("input", .string, required: true, "Folder of exported artboards, relative to the config."),
            ConfigKey("outputs", outputs, "Generated files. Default: [{\"template\": \"swift\", \"output\": \"Generated/Themes.swift\"}]."),
            ConfigKey("textColors", .map(textColor), "Text colours every theme of this input has, by name (e.g. \"title\"); a theme's own textColors of the same name override them. A name some themes set and others lack needs a default here."),
            ConfigKey("themes", .map(theme), "Per-theme overrides, by theme name (the artboard's file name without extension)."),
            ConfigKey("colorsets", .string, "An asset catalog (.xcassets) to write each theme's colours into as colorsets, for storyboards. A catalog of its own, not the assets' one. Default: none."),
            ConfigKey("allowPoorFit", .boolean, "Keep artboards that are rejected otherwise (poor fit, not a linear gradient), with a warning. Default false."),
            ConfigKey("colorSpace", .oneOf(["srgb"]), "\"srgb\" gives every theme in sRGB: Display P3 artboards converted, other profiles' values taken as sRGB with a warning, instead of an error. Default: each artboard's own space (sRGB or Display P3)."),
            ConfigKey("exclude", .array(.string), "Globs of artboards to leave out, relative to input: a pattern without / matches file names at any depth (\"*-draft.png\"), one with / the relative path (\"Old/*.png\")."),
        ])), "Gradient theme inputs."),
        ConfigKey("assets", .array(.object([
            ConfigKey("input", .string, required: true, "Folder of @3x (or lower) exports, relative to the config. Subfolders become groups."),
            ConfigKey("catalog", .string, "The asset catalog to write. Default \"Generated/Assets.xcassets\"."),
            ConfigKey("outputs", outputs, "Generated files. Default: [{\"template\": \"swift-assets\", \"output\": \"Generated/Assets.swift\"}]."),
            ConfigKey("assets", .map(asset), "Per-asset options, by asset name (file name without @Nx and extension)."),
            ConfigKey("providesNamespace", .boolean, "Mark every group folder provides-namespace. Default false."),
            ConfigKey("namespaces", .map(.boolean), "provides-namespace per group folder (\"Icons\", \"Icons/Small\"), overriding providesNamespace."),
            ConfigKey("autoCaps", .boolean, "Find caps of assets without guides or config caps from their identical middle rows/columns. Default false."),
            ConfigKey("pad", .boolean, "Pad exports whose sides are not multiples of 3 with transparent pixels instead of warning. Default false."),
            ConfigKey("colorSpace", .oneOf(["srgb"]), "\"srgb\" writes every image in sRGB: Display P3 exports converted, other profiles' values taken as sRGB with a warning, instead of an error. Default: each export's own space (sRGB or Display P3)."),
        ])), "Image asset inputs."),
        ConfigKey("preview", .booleanOr(.object([
            ConfigKey("output", .string, required: true, "The HTML file to write, relative to the config."),
        ])), "The HTML preview. true (default) writes Generated/Preview/index.html; false writes none."),
        ConfigKey("manifest", .string, "Where themegen records what it wrote. Default \"Generated/.themegen-manifest.json\"."),
    ])
}
