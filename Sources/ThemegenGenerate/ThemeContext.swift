import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// The template context of a list of themes (every key is documented in docs/TEMPLATES.md).
public enum ThemeContext {
    /// Members the default `swift` template declares on the theme type next to the themes.
    static let reservedMembers: Set<String> = ["all", "named"]

    public static func build(_ themes: [Theme], params: [String: String]) throws -> TemplateValue {
        // Identifiers, checked for clashes in file order.
        var owners: [String: String] = [:]
        var identifiers: [String] = []
        for t in themes {
            let id = ContextHelpers.identifier(model: t.identifier, name: t.name, fallback: "theme",
                                               reserved: reservedMembers)
            if let first = owners[id] {
                throw IdentifierCollisionError(identifier: id, firstFile: first, secondFile: t.file)
            }
            owners[id] = t.file
            identifiers.append(id)
        }

        // The union of text colour names, in order of first appearance, so a theme type can
        // declare one property per name.
        var names: [String] = []
        var nameIDs: [String: String] = [:]
        var idOwner: [String: String] = [:]
        for t in themes {
            for c in t.textColors where nameIDs[c.name] == nil {
                let id = SwiftIdentifier.lowerCamel(c.name, fallback: "text")
                if let other = idOwner[id] {
                    throw FileError(t.file, "text colours '\(other)' and '\(c.name)' both give the identifier '\(id)'; rename one")
                }
                idOwner[id] = c.name
                nameIDs[c.name] = id
                names.append(c.name)
            }
        }
        let textColorNames = ContextHelpers.flagged(names.map { name in
            ContextHelpers.merged(ContextHelpers.forms("name", name), [
                "identifier": .string(nameIDs[name]!),
                "inAllThemes": .bool(themes.allSatisfy { $0.textColors.contains { $0.name == name } }),
            ])
        })

        let items = zip(themes, identifiers).map { t, id in theme(t, identifier: id, textColorNames: names, nameIDs: nameIDs) }
        return .object([
            "themes": ContextHelpers.flagged(items),
            "count": .string(String(themes.count)),
            "hasThemes": .bool(!themes.isEmpty),
            "hasP3": .bool(themes.contains { $0.colorSpace == .displayP3 }),
            "textColorNames": textColorNames,
            "hasTextColors": .bool(!names.isEmpty),
            "param": try TemplateParams.context(params, defaultEnumName: "Theme"),
        ])
    }

    static func theme(_ t: Theme, identifier: String, textColorNames: [String], nameIDs: [String: String]) -> [String: TemplateValue] {
        let space = t.colorSpace
        // A flat (1-stop) theme is given as two equal stops at 0 and 1, so every gradient API
        // (CAGradientLayer, CSS linear-gradient) accepts it.
        let modelStops = t.stops.count == 1
            ? [GradientStop(color: t.stops[0].color, position: 0), GradientStop(color: t.stops[0].color, position: 1)]
            : t.stops
        let stops = ContextHelpers.flagged(modelStops.map { s in
            ContextHelpers.merged(ContextHelpers.color(s.color, space: space), [
                "position": .string(NumberFormat.four(s.position)),
                "positionPercent": .string(NumberFormat.fixed(s.position * 100, 2) + "%"),
            ])
        })
        let textColors = ContextHelpers.flagged(t.textColors.map { c in
            var o = ContextHelpers.merged(ContextHelpers.forms("name", c.name), ContextHelpers.color(c.color, space: space), [
                "identifier": .string(nameIDs[c.name]!),
                "cssName": .string(SwiftIdentifier.kebab(c.name, fallback: nameIDs[c.name]!)),
                "large": .bool(c.large),
                "contrast": .string(NumberFormat.fixed(c.contrast, 2)),
                "hasDark": .bool(c.dark != nil),
            ])
            if let d = c.dark { o["dark"] = .object(ContextHelpers.color(d, space: space)) }
            return o
        })
        let slots = ContextHelpers.flagged(textColorNames.map { name in
            var o: [String: TemplateValue] = ["identifier": .string(nameIDs[name]!), "present": false]
            if let c = t.textColors.first(where: { $0.name == name }) {
                o["present"] = true
                o["color"] = .object(ContextHelpers.color(c.color, space: space))
            }
            return o
        })
        let overlays = ContextHelpers.flagged(t.overlays.map { r in
            ["x": .string(String(r.x)), "y": .string(String(r.y)),
             "width": .string(String(r.width)), "height": .string(String(r.height))]
        })
        return ContextHelpers.merged(
            ContextHelpers.forms("name", t.name),
            ContextHelpers.forms("file", t.file),
            [
                "identifier": .string(identifier),
                "typeIdentifier": .string(SwiftIdentifier.upperCamel(t.name, fallback: "Theme")),
                "cssIdentifier": .string(SwiftIdentifier.kebab(t.name, fallback: identifier)),
                "width": .string(String(t.width)),
                "height": .string(String(t.height)),
                "colorSpace": .string(space.identifier),
                "isP3": .bool(space == .displayP3),
                "isSRGB": .bool(space == .sRGB),
                "angle": .string(NumberFormat.angle(t.angle)),
                "startPoint": ["x": .string(NumberFormat.four(t.startPoint.x)), "y": .string(NumberFormat.four(t.startPoint.y))],
                "endPoint": ["x": .string(NumberFormat.four(t.endPoint.x)), "y": .string(NumberFormat.four(t.endPoint.y))],
                "stops": stops,
                "stopCount": .string(String(modelStops.count)),
                "themeColor": .object(ContextHelpers.color(t.themeColor, space: space)),
                "textColors": textColors,
                "textColorSlots": slots,
                "fit": ["meanDeltaE": .string(NumberFormat.four(t.fit.meanDeltaE)),
                        "maxDeltaE": .string(NumberFormat.four(t.fit.maxDeltaE))],
                "overlays": overlays,
            ])
    }
}
