import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenSlicing
@testable import ThemegenConfig
import ThemegenTestKit

final class ConfigTests: XCTestCase {
    func project() -> String {
        let root = makeTemporaryFolder(self)
        for d in ["Exports/Themes", "Exports/Assets", "Design/Icons", "Templates"] {
            try! FileManager.default.createDirectory(atPath: root + "/" + d, withIntermediateDirectories: true)
        }
        writeFile(root + "/Templates/Colors.mustache", "{{#themes}}{{name}}{{/themes}}\n")
        return root
    }

    func decode(_ text: String, root: String) throws -> ThemegenConfig {
        try ConfigLoader.decode(Array(text.utf8), file: "themegen.json", root: root)
    }

    func errors(_ text: String, root: String) -> [String] {
        do {
            _ = try decode(text, root: root)
            XCTFail("expected errors")
            return []
        } catch let list as ErrorList {
            return list.errors.map { "\($0)" }
        } catch {
            return ["\(error)"]
        }
    }

    func testFullConfigDecodes() throws {
        let root = project()
        let config = try decode("""
        {
          "$schema": "themegen.schema.json",
          "themes": [{
            "input": "./Exports/Themes/",
            "outputs": [
              {"template": "swift", "output": "Generated/Themes.swift", "params": {"enumName": "Theme", "publicAccess": true, "scale": 2, "ratio": 0.5}},
              {"template": "Templates/Colors.mustache", "output": "Web/colors.css"}
            ],
            "themes": {"Sunset": {"themeColor": "#FF8800", "textColors": {
              "title": {"color": "#FFFFFF", "dark": "#00000080", "large": true},
              "body": {"color": "#102030"}}}}
          }],
          "assets": [{
            "input": "Design/Icons",
            "catalog": "Generated/Icons.xcassets",
            "outputs": [],
            "assets": {"Button": {"caps": {"top": 12, "left": 10.5}, "resizing": "9-part", "center": "tile", "renderingIntent": "template"}},
            "providesNamespace": true,
            "namespaces": {"Icons/Small": false},
            "autoCaps": true,
            "pad": true
          }],
          "preview": false,
          "manifest": "Generated/manifest.json"
        }
        """, root: root)
        XCTAssertEqual(config.themes, [ThemesInput(
            input: "Exports/Themes",
            outputs: [OutputSpec(template: "swift", output: "Generated/Themes.swift",
                                 params: ["enumName": "Theme", "publicAccess": "true", "scale": "2", "ratio": "0.5"]),
                      OutputSpec(template: "Templates/Colors.mustache", output: "Web/colors.css")],
            themes: ["Sunset": ThemeOverride(
                themeColor: RGBA(red: 1, green: 136.0 / 255, blue: 0),
                textColors: [TextColorCheck(name: "title", color: RGBA(red: 1, green: 1, blue: 1),
                                           dark: RGBA(red: 0, green: 0, blue: 0, alpha: 128.0 / 255), large: true),
                             TextColorCheck(name: "body", color: RGBA(red: 16.0 / 255, green: 32.0 / 255, blue: 48.0 / 255))])])])
        XCTAssertEqual(config.themes[0].outputs[1].templateFile, "Templates/Colors.mustache")
        XCTAssertEqual(config.assets, [AssetsInput(
            input: "Design/Icons", catalog: "Generated/Icons.xcassets", outputs: [],
            assets: ["Button": AssetOptions(caps: CapInsets(top: 12, left: 10.5, bottom: 0, right: 0),
                                            resizing: .ninePart, center: .tile, renderingIntent: .template)],
            providesNamespace: true, namespaces: ["Icons/Small": false], autoCaps: true, pad: true)])
        XCTAssertTrue(config.assets[0].providesNamespace(forGroup: "Icons"))
        XCTAssertFalse(config.assets[0].providesNamespace(forGroup: "Icons/Small"))
        XCTAssertNil(config.preview)
        XCTAssertEqual(config.manifest, "Generated/manifest.json")
    }

    func testOmittedKeysTakeTheConventionalDefaults() throws {
        let root = project()
        let config = try decode(#"{"themes": [{"input": "Exports/Themes"}], "assets": [{"input": "Exports/Assets"}]}"#, root: root)
        XCTAssertEqual(config, ThemegenConfig(
            themes: [ThemesInput(input: "Exports/Themes", outputs: ConfigDefaults.themesOutputs)],
            assets: [AssetsInput(input: "Exports/Assets", catalog: "Generated/Assets.xcassets", outputs: ConfigDefaults.assetsOutputs)],
            preview: PreviewOutput(output: "Generated/Preview/index.html")))
    }

    /// Every problem of the file at once, each with its line and key path.
    func testAllErrorsAreReportedWithKeyPathsAndLines() {
        let root = project()
        XCTAssertEqual(errors("""
        {
          "themes": [{
            "input": "Exports/Themes",
            "outputs": [
              {"template": "swift", "output": "Generated/Themes.swift"},
              {"template": 42, "output": "Generated/Other.swift"}
            ],
            "themes": {"Sunset": {"themeColour": "#FF8800", "textColors": {"title": {"color": "orange"}}}}
          }],
          "assets": [{
            "input": "Exports/Missing",
            "assets": {"Big Button": {"caps": {"top": -1}, "resizing": "nine"}},
            "pad": "yes"
          }],
          "preview": "index.html",
          "verbose": true
        }
        """, root: root), [
            "themegen.json:6: themes[0].outputs[1].template: expected a string, found a number",
            "themegen.json:8: themes[0].themes.Sunset.themeColour: unknown key (did you mean 'themeColor'?) (known keys here: themeColor, textColors, allowPoorFit)",
            "themegen.json:8: themes[0].themes.Sunset.textColors.title.color: \"orange\" is not a colour; expected \"#RRGGBB\" or \"#RRGGBBAA\"",
            "themegen.json:12: assets[0].assets[\"Big Button\"].caps.top: expected a number from 0 to 100000 (points), found -1.0",
            "themegen.json:12: assets[0].assets[\"Big Button\"].resizing: \"nine\" is not one of \"9-part\", \"3-part-horizontal\", \"3-part-vertical\"",
            "themegen.json:13: assets[0].pad: expected true or false, found a string",
            "themegen.json:15: preview: expected true, false or an object, found a string",
            "themegen.json:16: verbose: unknown key (known keys here: $schema, themes, assets, preview, manifest)",
            "themegen.json:11: assets[0].input: input folder \"Exports/Missing\" does not exist",
        ])
    }

    func testMissingRequiredKeysAndWrongContainers() {
        let root = project()
        XCTAssertEqual(errors("""
        {"themes": {"input": "Exports/Themes"},
         "assets": [{"outputs": [{"output": "A.swift"}]}]}
        """, root: root), [
            "themegen.json:1: themes: expected an array, found an object",
            "themegen.json:2: assets[0].outputs[0].template: missing; expected a string",
            "themegen.json:2: assets[0].input: missing; expected a string",
        ])
    }

    func testOutputsMustStayOutOfInputsAndApart() {
        let root = project()
        XCTAssertEqual(errors("""
        {
          "themes": [{"input": "Exports/Themes", "outputs": [
            {"template": "swift", "output": "Exports/Themes/Themes.swift"},
            {"template": "json", "output": "Generated/Themes.json"},
            {"template": "json", "output": "Generated/Themes.json"},
            {"template": "Templates/Nope.mustache", "output": "/tmp/Themes.swift"},
            {"template": "css", "output": "../outside.css"}
          ]}],
          "assets": [{"input": "Exports/Assets", "catalog": "Generated/Assets"}]
        }
        """, root: root), [
            "themegen.json:6: themes[0].outputs[3].template: template file \"Templates/Nope.mustache\" does not exist",
            "themegen.json:6: themes[0].outputs[3].output: \"/tmp/Themes.swift\" must be relative to the config's folder, so that outputs do not depend on where the project is checked out",
            "themegen.json:7: themes[0].outputs[4].output: \"../outside.css\" is outside the config's folder; outputs must stay inside it",
            "themegen.json:9: assets[0].catalog: \"Generated/Assets\" must end in .xcassets",
            "themegen.json:3: themes[0].outputs[0].output: \"Exports/Themes/Themes.swift\" is inside the input folder \"Exports/Themes\" (themes[0].input); write outputs elsewhere",
            "themegen.json:5: themes[0].outputs[2].output: \"Generated/Themes.json\" is also the output of themes[0].outputs[1].output",
        ])
    }

    func testDefaultOutputsOfTwoSectionsCollide() {
        let root = project()
        XCTAssertEqual(errors(#"{"themes": [{"input": "Exports/Themes"}, {"input": "Design/Icons"}]}"#, root: root), [
            "themegen.json: themes[1].outputs[0] (default): \"Generated/Themes.swift\" is also the output of themes[0].outputs[0] (default)",
        ])
    }

    func testSyntaxErrorsNameTheLineAndColumn() {
        let root = project()
        XCTAssertEqual(errors("{\n  \"themes\": [\n    {\"input\": \"Exports/Themes\",}\n  ]\n}", root: root),
                       ["themegen.json:3:32: invalid JSON: expected a key in quotes"])
        XCTAssertEqual(errors("{\"a\": 1, \"a\": 2}", root: root), ["themegen.json:1:10: invalid JSON: duplicate key 'a'"])
        XCTAssertEqual(errors("{\n\n", root: root), ["themegen.json:3:1: invalid JSON: unexpected end of file inside an object"])
    }

    func testConventionsUseTheFoldersThatExist() throws {
        let root = makeTemporaryFolder(self)
        XCTAssertThrowsError(try ConfigLoader.load(explicitPath: nil, in: root))
        try FileManager.default.createDirectory(atPath: root + "/Exports/Assets", withIntermediateDirectories: true)
        let loaded = try ConfigLoader.load(explicitPath: nil, in: root)
        XCTAssertNil(loaded.fileName)
        XCTAssertEqual(loaded.bytes, [])
        XCTAssertEqual(loaded.config, ThemegenConfig(
            assets: [AssetsInput(input: "Exports/Assets", outputs: ConfigDefaults.assetsOutputs)],
            preview: PreviewOutput(output: "Generated/Preview/index.html")))
    }

    func testExplicitConfigPathsAreRelativeToItsFolder() throws {
        let root = project()
        writeFile(root + "/ios/themegen.json", #"{"themes": [{"input": "../Exports/Themes"}]}"#)
        let loaded = try ConfigLoader.load(explicitPath: root + "/ios/themegen.json")
        XCTAssertEqual(loaded.root, root + "/ios")
        XCTAssertEqual(loaded.config.themes.map(\.input), ["../Exports/Themes"])
        XCTAssertThrowsError(try ConfigLoader.load(explicitPath: root + "/nope.json")) { e in
            XCTAssertEqual("\(e)", root + "/nope.json: no such config file")
        }
    }

    func testStarterConfigIsValid() throws {
        let root = project()
        let config = try decode(StarterConfig.text, root: root)
        XCTAssertEqual(config.themes.map(\.outputs), [ConfigDefaults.themesOutputs])
        XCTAssertEqual(config.assets.map(\.outputs), [ConfigDefaults.assetsOutputs])
        XCTAssertEqual(config.preview, PreviewOutput(output: ConfigDefaults.previewOutput))
    }
}
