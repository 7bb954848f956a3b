import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// The built-in `--template json` serializers of the theme and asset models. Keys and their
/// order are part of themegen's interface (documented in docs/templates.md).
package enum ModelJSON {
    /// `{"themes": [...]}`.
    package static func themes(_ themes: [Theme]) -> String {
        JSONNode.object([("themes", .array(themes.map(theme)))]).text
    }

    /// `{"assets": [...]}`.
    package static func assets(_ assets: [Asset]) -> String {
        JSONNode.object([("assets", .array(assets.map(asset)))]).text
    }

    static func theme(_ t: Theme) -> JSONNode {
        .object([
            ("name", .string(t.name)),
            ("identifier", .string(t.identifier)),
            ("file", .string(t.file)),
            ("width", .int(t.width)),
            ("height", .int(t.height)),
            ("colorSpace", .string(t.colorSpace.identifier)),
            ("type", .string(t.shape.type)),
        ] + geometry(t) + [
            ("stops", .array(t.stops.map { stop in
                .object(components(stop.color) + [("position", t.shape == .linear ? .four(stop.position) : six(stop.position)),
                                                  ("hex", .string(HexColor.format(stop.color)))])
            })),
            ("themeColor", .object(components(t.themeColor) + [("hex", .string(HexColor.format(t.themeColor)))])),
            ("textColors", .array(t.textColors.map { c in
                .object([("name", .string(c.name))] + components(c.color) + [
                    ("hex", .string(HexColor.format(c.color))),
                    ("large", .bool(c.large)),
                    ("contrast", .raw(NumberFormat.fixed(c.contrast, 2))),
                ])
            })),
            ("fit", .object([("meanDeltaE", .four(t.fit.meanDeltaE)), ("maxDeltaE", .four(t.fit.maxDeltaE))])),
            ("overlays", .array(t.overlays.map { r in
                .object([("x", .int(r.x)), ("y", .int(r.y)), ("width", .int(r.width)), ("height", .int(r.height))])
            })),
        ])
    }

    static func asset(_ a: Asset) -> JSONNode {
        let insets: JSONNode = a.slicing.map { s in
            .object([("top", .four(s.capInsets.top)), ("left", .four(s.capInsets.left)),
                     ("bottom", .four(s.capInsets.bottom)), ("right", .four(s.capInsets.right))])
        } ?? .null
        return .object([
            ("name", .string(a.name)),
            ("identifier", .string(a.identifier)),
            ("file", .string(a.file)),
            ("size", .object([("width", .int(a.pointWidth)), ("height", .int(a.pointHeight))])),
            ("scales", .array(a.scales.map(JSONNode.int))),
            ("capInsets", insets),
            ("resizingMode", a.slicing.map { .string($0.resizingMode.rawValue) } ?? .null),
            ("centerMode", a.slicing.map { .string($0.centerMode.rawValue) } ?? .null),
            ("renderingIntent", a.renderingIntent.map { .string($0.rawValue) } ?? .null),
            ("groups", .array(a.groups.map(JSONNode.string))),
        ])
    }

    /// Linear: `angle`, `startPoint`, `endPoint`. Radial: `center`, `radius`. Angular:
    /// `center`, `startAngle`. Radial and angular geometry carries 6 decimals.
    private static func geometry(_ t: Theme) -> [(String, JSONNode)] {
        switch t.shape {
        case .linear:
            return [("angle", .raw(NumberFormat.angle(t.angle))), ("startPoint", point(t.startPoint)), ("endPoint", point(t.endPoint))]
        case let .radial(center, radius):
            return [("center", point6(center)), ("radius", point6(radius))]
        case let .angular(center, startAngle):
            return [("center", point6(center)), ("startAngle", .raw(NumberFormat.angle(startAngle)))]
        }
    }

    private static func six(_ x: Double) -> JSONNode { .raw(NumberFormat.fixed(x, 6)) }

    private static func point6(_ p: UnitPoint) -> JSONNode { .object([("x", six(p.x)), ("y", six(p.y))]) }

    private static func point(_ p: UnitPoint) -> JSONNode { .object([("x", .four(p.x)), ("y", .four(p.y))]) }

    private static func components(_ c: RGBA) -> [(String, JSONNode)] {
        [("red", .four(c.red)), ("green", .four(c.green)), ("blue", .four(c.blue)), ("alpha", .four(c.alpha))]
    }
}
