import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import Mustache
@testable import ThemegenGradients
@testable import ThemegenSlicing
@testable import ThemegenGenerate
import ThemegenFixtures

/// Identifiers, number and string forms, contexts and the JSON serializers.
final class CodeGenerationTests: XCTestCase {
    func testSwiftIdentifiers() {
        let cases: [(String, String)] = [
            ("Ocean Blue", "oceanBlue"), ("ocean blue", "oceanBlue"), ("ocean-blue_2", "oceanBlue2"),
            ("URL scheme", "urlScheme"), ("NASA", "nasa"), ("2 Dark", "_2Dark"), ("class", "class_"),
            ("default", "default_"), ("Self", "self_"), ("Type", "type"), ("🌊 Wave", "wave"), ("🎨", "fallback"),
            ("", "fallback"), ("Cre\u{0300}me Brûlée", "crèmeBrûlée"), ("日本の空", "日本の空"),
            ("Ärger im Büro", "ärgerImBüro"), ("Say \"Hi\"", "sayHi"),
        ]
        for (name, expected) in cases {
            XCTAssertEqual(SwiftIdentifier.lowerCamel(name, fallback: "fallback"), expected, name)
        }
        XCTAssertEqual(SwiftIdentifier.upperCamel("my icons"), "MyIcons")
        XCTAssertEqual(SwiftIdentifier.upperCamel("Type"), "Type_")
        XCTAssertEqual(SwiftIdentifier.upperCamel("2 deep"), "_2Deep")
        XCTAssertEqual(SwiftIdentifier.kebab("Ocean Blue 2"), "ocean-blue-2")
        XCTAssertEqual(SwiftIdentifier.lowerCamel("all", reserved: ["all"]), "all_")
        // NFC: composed and decomposed spellings give the same identifier.
        XCTAssertEqual(SwiftIdentifier.lowerCamel("Cre\u{0300}me"), SwiftIdentifier.lowerCamel("Cr\u{00E8}me"))
        XCTAssertTrue(SwiftIdentifier.isValid("_2Dark"))
        XCTAssertFalse(SwiftIdentifier.isValid("2Dark"))
        XCTAssertFalse(SwiftIdentifier.isValid("class"))
        XCTAssertFalse(SwiftIdentifier.isValid("a b"))
    }

    func testNumberFormat() {
        XCTAssertEqual(NumberFormat.four(0.5), "0.5000")
        XCTAssertEqual(NumberFormat.four(1), "1.0000")
        XCTAssertEqual(NumberFormat.four(-0.00001), "0.0000")
        XCTAssertEqual(NumberFormat.four(-0.0711), "-0.0711")
        XCTAssertEqual(NumberFormat.four(0.33335), "0.3334")
        XCTAssertEqual(NumberFormat.four(2.0 / 3.0), "0.6667")
        XCTAssertEqual(NumberFormat.fixed(4.505, 2), "4.51")
        XCTAssertEqual(NumberFormat.angle(180), "180")
        XCTAssertEqual(NumberFormat.angle(135.5), "135.50")
        XCTAssertEqual(NumberFormat.angle(160.254), "160.25")
        XCTAssertEqual(HexColor.format(RGBA(red: 1, green: 0.5, blue: 0)), "#FF8000")
        XCTAssertEqual(HexColor.format(RGBA(red: 1.2, green: -0.1, blue: 0.0431, alpha: 0.5), alpha: true), "#FF000B80")
    }

    func testStringForms() {
        let s = "A \"q\" \\ é\n\t*/<b>&'\u{1}"
        XCTAssertEqual(StringForms.swift(s), "A \\\"q\\\" \\\\ é\\n\\t*/<b>&'\\u{1}")
        XCTAssertEqual(StringForms.objc(s), "A \\\"q\\\" \\\\ é\\n\\t*/<b>&'\\001")
        XCTAssertEqual(StringForms.html(s), "A &quot;q&quot; \\ é\n\t*/&lt;b&gt;&amp;&#39;\u{1}")
        XCTAssertEqual(StringForms.css(s), "A \\\"q\\\" \\\\ é\\A \\9 *\\/<b>&'\\1 ")
        XCTAssertEqual(StringForms.json(s), "A \\\"q\\\" \\\\ é\\n\\t*/<b>&'\\u0001")
    }

    func testCollidingIdentifiersNameBothFiles() {
        let a = TemplateFixtures.theme("Ocean Blue", file: "Exports/Ocean Blue@3x.png", stops: [(0, 0), (0xFFFFFF, 1)])
        let b = TemplateFixtures.theme("ocean-blue", file: "Exports/ocean-blue.png", stops: [(0, 0), (0xFFFFFF, 1)])
        XCTAssertThrowsError(try CodeGenerator.render(themes: [a, b], template: "swift")) { error in
            XCTAssertEqual("\(error)", "Exports/ocean-blue.png: its name gives the identifier 'oceanBlue', which Exports/Ocean Blue@3x.png already has; rename one of the two files")
            XCTAssertEqual((error as? ThemegenError)?.kind, .input)
        }
        let x = Asset(name: "Star", identifier: "star", file: "a/Star@3x.png", groups: ["A"], pointWidth: 1, pointHeight: 1, scales: [3])
        let y = Asset(name: "star", identifier: "star", file: "b/star@3x.png", groups: ["B"], pointWidth: 1, pointHeight: 1, scales: [3])
        XCTAssertNoThrow(try AssetContext.build([x, y], params: [:]), "different groups are different namespaces")
        var z = y; z.groups = ["A"]
        XCTAssertThrowsError(try AssetContext.build([x, z], params: [:]))
    }

    func testThemeContextKeys() throws {
        let ctx = try ThemeContext.build(TemplateFixtures.themes, params: ["publicAccess": "true", "custom": "x"])
        XCTAssertEqual(ctx["param"]?["enumName"], "Theme")
        XCTAssertEqual(ctx["param"]?["accessModifier"], "public ")
        XCTAssertEqual(ctx["param"]?["custom"], "x")
        XCTAssertEqual(ctx["count"], "12")
        XCTAssertEqual(ctx["hasP3"], true)
        guard let themes = ctx["themes"]?.items, case .list(let names)? = ctx["textColorNames"] else { return XCTFail() }
        XCTAssertEqual(names.map { $0["identifier"] }, ["title", "body"])
        let aurora = themes[0]
        XCTAssertEqual(aurora["first"], true)
        XCTAssertEqual(aurora["angle"], "135")
        XCTAssertEqual(aurora["startPoint"], ["x": "-0.2911", "y": "0.1345"])
        XCTAssertEqual(aurora["endPoint"], ["x": "1.2911", "y": "0.8655"])
        let citrus = themes[1]
        XCTAssertEqual(citrus["identifier"], "citrus")
        XCTAssertEqual(citrus["first"], false)
        XCTAssertEqual(citrus["angle"], "180")
        guard case .list(let stops)? = citrus["stops"] else { return XCTFail() }
        XCTAssertEqual(stops.map { $0["position"] }, ["0.15", "0.4", "0.7", "0.85"])
        XCTAssertEqual(stops.map { $0["positionPercent"] }, ["15%", "40%", "70%", "85%"])
        XCTAssertEqual(stops.map { $0["last"] }, [false, false, false, true])
        XCTAssertEqual(stops.map { $0["number"] }, ["1", "2", "3", "4"])
        XCTAssertEqual(stops[0]["hex"], "#F9D423")
        let lagoon = themes[4]
        XCTAssertEqual(lagoon["isP3"], true)
        XCTAssertEqual(lagoon["colorSpace"], "display-p3")
        guard case .list(let p3stops)? = lagoon["stops"] else { return XCTFail() }
        XCTAssertEqual(p3stops[0]["cssColor"], "color(display-p3 0 0.7804 0.7216)")
        guard case .list(let dusk)? = themes[2]["textColors"] else { return XCTFail() }
        XCTAssertEqual(dusk[1]["hasDark"], true)
        XCTAssertEqual(dusk[1]["dark"]?["hex"], "#F2F2F7")
        XCTAssertEqual(dusk[0]["contrast"], "3.58")
        // Slots follow textColorNames, whatever order the theme has them in.
        guard case .list(let peachSlots)? = themes[8]["textColorSlots"] else { return XCTFail() }
        XCTAssertEqual(peachSlots.map { $0["identifier"] }, ["title", "body"])
        XCTAssertEqual(peachSlots.map { $0["hex"] }, ["#FFFFFF", "#3A3A3C"])
        guard case .list(let flat)? = themes[11]["stops"] else { return XCTFail() }
        XCTAssertEqual(flat.map { $0["position"] }, ["0", "1"], "a flat theme is given as two equal stops")
        XCTAssertThrowsError(try ThemeContext.build([], params: ["enumName": "my theme"]))

        // Every text colour is in every theme, and the template declares it non-optional.
        XCTAssertTrue(try CodeGenerator.render(themes: TemplateFixtures.themes, template: "swift")
            .contains("        var title: AdaptiveColor\n"))
        // A name some themes lack (no input-level default filled it in) is an error naming them.
        XCTAssertThrowsError(try ThemeContext.build(TemplateFixtures.authoredThemes, params: [:])) { error in
            XCTAssertEqual(error as? MissingTextColorError,
                           MissingTextColorError(name: "title", themes: ["Mint", "Peach Card", "Rose Gold", "Flat Mint"]))
        }
    }

    func testParams() throws {
        XCTAssertEqual(try TemplateParams.parse(["enumName=AppTheme", "publicAccess", "a=b=c"]),
                       ["enumName": "AppTheme", "publicAccess": "true", "a": "b=c"])
        XCTAssertThrowsError(try TemplateParams.parse(["=x"]))
        XCTAssertThrowsError(try TemplateParams.parse(["a=1", "a=2"]))
        XCTAssertEqual(try TemplateParams.context(["publicAccess": "false"], defaultEnumName: "Asset")["accessModifier"], "")
    }

    func testThemesJSONIsExact() {
        let t = Theme(name: "A \"B\"", identifier: "aB", file: "x/A.png", width: 3, height: 2, colorSpace: .displayP3,
                      angle: 90, startPoint: UnitPoint(x: 0, y: 0.5), endPoint: UnitPoint(x: 1, y: 0.5),
                      stops: [GradientStop(color: RGBA(red: 1, green: 0, blue: 0.5), position: 0)],
                      themeColor: RGBA(red: 1, green: 0, blue: 0.5, alpha: 0.25),
                      textColors: [TextColor(name: "title", color: RGBA(red: 1, green: 1, blue: 1), large: true, contrast: 4.567)],
                      fit: FitQuality(meanDeltaE: 0.123456, maxDeltaE: 1), overlays: [PixelRect(x: 0, y: 0, width: 3, height: 1)])
        let expected = """
        {
          "themes": [
            {
              "name": "A \\"B\\"",
              "identifier": "aB",
              "file": "x/A.png",
              "width": 3,
              "height": 2,
              "colorSpace": "display-p3",
              "type": "linear",
              "angle": 90,
              "startPoint": {
                "x": 0.0000,
                "y": 0.5000
              },
              "endPoint": {
                "x": 1.0000,
                "y": 0.5000
              },
              "stops": [
                {
                  "red": 1.0000,
                  "green": 0.0000,
                  "blue": 0.5000,
                  "alpha": 1.0000,
                  "position": 0.0000,
                  "hex": "#FF0080"
                }
              ],
              "themeColor": {
                "red": 1.0000,
                "green": 0.0000,
                "blue": 0.5000,
                "alpha": 0.2500,
                "hex": "#FF0080"
              },
              "textColors": [
                {
                  "name": "title",
                  "red": 1.0000,
                  "green": 1.0000,
                  "blue": 1.0000,
                  "alpha": 1.0000,
                  "hex": "#FFFFFF",
                  "large": true,
                  "contrast": 4.57
                }
              ],
              "fit": {
                "meanDeltaE": 0.1235,
                "maxDeltaE": 1.0000
              },
              "overlays": [
                {
                  "x": 0,
                  "y": 0,
                  "width": 3,
                  "height": 1
                }
              ]
            }
          ]
        }

        """
        XCTAssertEqual(ModelJSON.themes([t]), expected)
        // The output is valid JSON that reads back.
        XCTAssertNoThrow(try JSONReader.parse(ModelJSON.themes(TemplateFixtures.themes), file: "t"))
    }

    func testAssetsJSONIsExact() {
        let a = Asset(name: "Button", identifier: "button", file: "E/Button@3x.9.png", groups: ["UI"], pointWidth: 44, pointHeight: 30,
                      scales: [1, 2, 3], slicing: Slicing(capInsets: CapInsets(top: 10, left: 3.3333333, bottom: 10, right: 3.3333333),
                                                          resizingMode: .ninePart, centerMode: .tile), renderingIntent: .template)
        XCTAssertEqual(ModelJSON.assets([a]), """
        {
          "assets": [
            {
              "name": "Button",
              "identifier": "button",
              "file": "E/Button@3x.9.png",
              "size": {
                "width": 44,
                "height": 30
              },
              "scales": [
                1,
                2,
                3
              ],
              "capInsets": {
                "top": 10.0000,
                "left": 3.3333,
                "bottom": 10.0000,
                "right": 3.3333
              },
              "resizingMode": "9-part",
              "centerMode": "tile",
              "renderingIntent": "template",
              "groups": [
                "UI"
              ]
            }
          ]
        }

        """)
        XCTAssertEqual(ModelJSON.assets([]), "{\n  \"assets\": []\n}\n")
    }

    func testTemplateResolution() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("themegen-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "local {{count}}".write(to: dir.appendingPathComponent("swift.mustache"), atomically: true, encoding: .utf8)
        try "mine".write(to: dir.appendingPathComponent("mine.mustache"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CodeGenerator.render(themes: [], template: "swift", templateSearchFolder: dir), "local 0")
        XCTAssertEqual(try TemplateLibrary.resolve("css", searchFolder: dir).origin, .builtin)
        XCTAssertEqual(try TemplateLibrary.resolve("css", searchFolder: dir).name, "builtin:css")
        let list = TemplateLibrary.list(searchFolder: dir)
        XCTAssertEqual(list.map(\.name), ["css", "mine", "objc-h", "objc-m", "preview-html", "swift", "swift-assets"])
        XCTAssertEqual(list.map(\.origin), [.builtin, .folder, .builtin, .builtin, .builtin, .folder, .builtin])
        XCTAssertThrowsError(try TemplateLibrary.resolve("nope", searchFolder: dir)) { error in
            XCTAssertTrue("\(error)".hasPrefix("no template named 'nope' in \(dir.path)/ or built in (known: json, css, mine,"), "\(error)")
        }
        XCTAssertThrowsError(try TemplateLibrary.resolve("missing/x.mustache")) { error in
            XCTAssertEqual("\(error)", "missing/x.mustache: template file not found")
        }
    }
}
