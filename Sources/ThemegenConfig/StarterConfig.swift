import Mustache
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// The config `themegen config init` writes: the conventions spelled out, so that a team can
/// start editing from what bare `themegen` already does.
public enum StarterConfig {
    static let themes = """
      "themes": [
        {
          "input": "Exports/Themes",
          "outputs": [
            { "template": "swift", "output": "Generated/Themes.swift" }
          ],
          "themes": {}
        }
      ]
    """

    static let assets = """
      "assets": [
        {
          "input": "Exports/Assets",
          "catalog": "Generated/Assets.xcassets",
          "outputs": [
            { "template": "swift-assets", "output": "Generated/Assets.swift" }
          ],
          "assets": {},
          "providesNamespace": false,
          "autoCaps": false,
          "pad": false
        }
      ]
    """

    static let preview = """
      "preview": { "output": "Generated/Preview/index.html" }
    """

    /// Both sections.
    public static let text = compose(themes: true, assets: true)

    /// The sections whose conventional export folder exists under `root` (both when neither
    /// does), so that the new config passes `themegen config lint` right away where it can.
    public static func text(forProjectAt root: String) -> String {
        let t = FileSystem.isDirectory(ConfigLoader.join(root, ConfigDefaults.themesInput))
        let a = FileSystem.isDirectory(ConfigLoader.join(root, ConfigDefaults.assetsInput))
        return t || a ? compose(themes: t, assets: a) : text
    }

    static func compose(themes t: Bool, assets a: Bool) -> String {
        let parts = (t ? [themes] : []) + (a ? [assets] : []) + [preview]
        return "{\n" + parts.joined(separator: ",\n") + "\n}\n"
    }
}
