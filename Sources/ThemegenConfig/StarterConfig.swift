import ThemegenCore

/// The config `themegen config init` writes: a `$schema` line and only what differs from the
/// defaults, which for a new project is each section's `input` (outputs, the catalog and the
/// preview take their default values until someone changes them).
package enum StarterConfig {
    /// The schema file `$schema` names, written beside the config.
    package static let schemaFileName = "themegen.schema.json"

    /// A config with a themes section reading `themes` and an assets section reading `assets`
    /// (either may be nil, not both).
    package static func text(themes: String?, assets: String?) -> String {
        var lines = ["  \"$schema\": \(JSONString.quoted(schemaFileName))"]
        if let themes { lines.append("  \"themes\": [{ \"input\": \(JSONString.quoted(themes)) }]") }
        if let assets { lines.append("  \"assets\": [{ \"input\": \(JSONString.quoted(assets)) }]") }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// The sections for a project at `root`: `themes` and `assets` as given (`--themes`,
    /// `--assets`), else each conventional export folder that exists, else both conventional
    /// folders, so that the config passes `themegen config lint` right away where it can.
    package static func text(forProjectAt root: String, themes: String? = nil, assets: String? = nil) -> String {
        var t = themes, a = assets
        if t == nil, FileSystem.isDirectory(ConfigLoader.join(root, ConfigDefaults.themesInput)) { t = ConfigDefaults.themesInput }
        if a == nil, FileSystem.isDirectory(ConfigLoader.join(root, ConfigDefaults.assetsInput)) { a = ConfigDefaults.assetsInput }
        if t == nil && a == nil { (t, a) = (ConfigDefaults.themesInput, ConfigDefaults.assetsInput) }
        return text(themes: t, assets: a)
    }

    /// Both conventional sections.
    package static let text = text(themes: ConfigDefaults.themesInput, assets: ConfigDefaults.assetsInput)
}
