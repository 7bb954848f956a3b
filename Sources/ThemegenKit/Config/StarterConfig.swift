/// The config `themegen config init` writes: the conventions spelled out, so that a team can
/// start editing from what bare `themegen` already does.
public enum StarterConfig {
    public static let text = """
    {
      "themes": [
        {
          "input": "Exports/Themes",
          "outputs": [
            { "template": "swift", "output": "Generated/Themes.swift" }
          ],
          "themes": {}
        }
      ],
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
      ],
      "preview": { "output": "Generated/Preview/index.html" }
    }

    """
}
