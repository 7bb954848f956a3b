#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Mustache
import ThemegenCore
import ThemegenGradients

/// The template context of a list of themes (every key is documented in docs/templates.md).
package enum ThemeContext {
    /// Members the default `swift` template declares on the theme type next to the themes.
    static let reservedMembers: Set<String> = ["all", "named"]

    /// `requireEveryTextColor` is false for the preview, which shows themes of several inputs
    /// and no generated declarations.
    package static func build(_ themes: [Theme], params: [String: String],
                             requireEveryTextColor: Bool = true) throws -> TemplateValue {
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

        // Text colour names in order of first appearance. Every theme has every name (the config
        // gives input-level defaults), so generated code declares each one non-optional.
        var names: [String] = []
        var nameIDs: [String: String] = [:]
        var idOwner: [String: String] = [:]
        for t in themes {
            for c in t.textColors where nameIDs[c.name] == nil {
                let id = try textColorIdentifier(c.name, file: t.file)
                if let other = idOwner[id] {
                    throw FileError(t.file, "text colours '\(other)' and '\(c.name)' both give the identifier '\(id)'; rename one")
                }
                idOwner[id] = c.name
                nameIDs[c.name] = id
                names.append(c.name)
            }
        }
        for name in names where requireEveryTextColor {
            let lacking = themes.filter { t in !t.textColors.contains { $0.name == name } }
            guard lacking.isEmpty else { throw MissingTextColorError(name: name, themes: lacking.map(\.name)) }
        }
        let textColorNames = ContextHelpers.flagged(names.map { name in
            ContextHelpers.merged(ContextHelpers.forms("name", name), [
                "identifier": .string(nameIDs[name]!),
                "cssName": .string(SwiftIdentifier.kebab(name, fallback: nameIDs[name]!)),
            ])
        })

        let themesList = ContextHelpers.flagged(count: themes.count) { [identifiers, names, nameIDs] i in
            theme(themes[i], identifier: identifiers[i], names: names, nameIDs: nameIDs)
        }
        return .object([
            "themes": themesList,
            "count": .string(String(themes.count)),
            "hasThemes": .bool(!themes.isEmpty),
            "hasP3": .bool(themes.contains { $0.colorSpace == .displayP3 }),
            "hasDark": .bool(themes.contains { $0.dark != nil || $0.textColors.contains { $0.dark != nil } }),
            "textColorNames": textColorNames,
            "hasTextColors": .bool(!names.isEmpty),
            "param": try TemplateParams.context(params, defaultEnumName: "Theme"),
        ])
    }

    /// Members the default templates declare next to the text colours (`theme.colors.themeColor`,
    /// and `hashValue` of the Hashable `TextColors`).
    package static let reservedTextColorMembers: Set<String> = ["themeColor", "hashValue"]

    /// The text colour's Swift identifier: an error when the name has no letters or digits to
    /// make one from, or when it would be a member the templates declare.
    static func textColorIdentifier(_ name: String, file: String) throws -> String {
        let id = SwiftIdentifier.lowerCamel(name, fallback: "")
        if id.isEmpty || reservedTextColorMembers.contains(id) {
            let why = id.isEmpty ? "gives no Swift identifier" : "gives '\(id)', which the generated code already declares"
            throw FileError(file, "text colour name '\(name)' \(why); use a name with letters, e.g. \"title\"")
        }
        return id
    }

    static func theme(_ t: Theme, identifier: String, names: [String], nameIDs: [String: String]) -> [String: TemplateValue] {
        let space = t.colorSpace
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
        // The text colours in the order of `textColorNames`, so every theme's initializer call
        // passes them in the order the type declares them.
        let slots = ContextHelpers.flagged(names.compactMap { name in
            t.textColors.first { $0.name == name }.map { c in
                var o = ContextHelpers.merged(ContextHelpers.color(c.color, space: space), [
                    "identifier": .string(nameIDs[name]!), "hasDark": .bool(c.dark != nil),
                    // Objective-C class methods: `{{themeIdentifier}}{{memberSuffix}}Color`.
                    "themeIdentifier": .string(identifier),
                    "memberSuffix": .string(SwiftIdentifier.upperCamel(name, fallback: "Text")),
                ])
                if let d = c.dark { o["dark"] = .object(ContextHelpers.color(d, space: space)) }
                return o
            }
        })
        let overlays = ContextHelpers.flagged(t.overlays.map { r in
            ["x": .string(String(r.x)), "y": .string(String(r.y)),
             "width": .string(String(r.width)), "height": .string(String(r.height))]
        })
        var o = ContextHelpers.merged(
            ContextHelpers.forms("name", t.name),
            ContextHelpers.forms("file", t.file),
            gradient(t),
            [
                "identifier": .string(identifier),
                "typeIdentifier": .string(SwiftIdentifier.upperCamel(t.name, fallback: "Theme")),
                "cssIdentifier": .string(SwiftIdentifier.kebab(t.name, fallback: identifier)),
                "width": .string(String(t.width)),
                "height": .string(String(t.height)),
                "colorSpace": .string(space.identifier),
                "isP3": .bool(space == .displayP3),
                "isSRGB": .bool(space == .sRGB),
                "textColors": textColors,
                "textColorSlots": slots,
                "fit": ["meanDeltaE": .string(NumberFormat.four(t.fit.meanDeltaE)),
                        "maxDeltaE": .string(NumberFormat.four(t.fit.maxDeltaE))],
                "overlays": overlays,
                "hasDark": .bool(t.dark != nil),
            ])
        var fills = [ContextHelpers.merged(gradient(t), ["argument": "fill", "isDark": false])]
        if let d = t.dark {
            let dark = ContextHelpers.merged(ContextHelpers.forms("file", d.file), gradient(d))
            o["dark"] = .object(dark)
            fills.append(ContextHelpers.merged(dark, ["argument": "darkFill", "isDark": true]))
        }
        // The light gradient, then the dark one when there is one, for templates that write both
        // the same way.
        o["fills"] = ContextHelpers.flagged(fills)
        return o
    }

    /// The keys that draw one gradient (a theme's, or its dark variant's): its type, geometry,
    /// stops as the model has them (`stops`) and as Core Animation and SwiftUI need them
    /// (`layerStops`, see `LayerStops`), and the accent colour.
    static func gradient(_ t: Theme) -> [String: TemplateValue] {
        let space = t.colorSpace
        let shape = t.shape
        // Positions of radial and angular gradients carry 6 decimals, as their JSON does.
        let places = shape.isLinear ? 4 : 6
        // A flat (1-stop) theme is given as two equal stops at 0 and 1, so every gradient API
        // (CAGradientLayer, CSS gradients) accepts it.
        let modelStops = t.stops.count == 1
            ? [GradientStop(color: t.stops[0].color, position: 0), GradientStop(color: t.stops[0].color, position: 1)]
            : t.stops
        func stopList(_ stops: [GradientStop]) -> TemplateValue {
            ContextHelpers.flagged(stops.map { s in
                ContextHelpers.merged(ContextHelpers.color(s.color, space: space), [
                    "position": .string(NumberFormat.tidy(s.position, places)),
                    "positionPercent": .string(NumberFormat.tidy(s.position * 100, places - 2) + "%"),
                ])
            })
        }
        func point(_ x: Double, _ y: Double, _ places: Int) -> TemplateValue {
            ["x": .string(NumberFormat.tidy(x, places)), "y": .string(NumberFormat.tidy(y, places))]
        }
        /// As CSS percentages of the box (`25%`), keeping the fraction's 6 decimals.
        func percent(_ p: UnitPoint) -> TemplateValue {
            ["x": .string(NumberFormat.tidy(p.x * 100, 4) + "%"), "y": .string(NumberFormat.tidy(p.y * 100, 4) + "%")]
        }
        let layerStops = LayerStops.compensated(modelStops)
        let stops = stopList(modelStops)
        // Most gradients need no compensation: one list serves both keys, which halves what a
        // page of hundreds of themes holds while it renders.
        let layers = layerStops == modelStops ? stops : stopList(layerStops)
        var o: [String: TemplateValue] = [
            "type": .string(shape.type),
            "isLinear": .bool(shape.isLinear),
            "isRadial": .bool(shape.isRadial),
            "isAngular": .bool(shape.isAngular),
            "angle": .string(NumberFormat.angle(t.angle)),
            "startPoint": point(t.startPoint.x, t.startPoint.y, 4),
            "endPoint": point(t.endPoint.x, t.endPoint.y, 4),
            "stops": stops,
            "stopCount": .string(String(modelStops.count)),
            "layerStops": layers,
            "isCompensated": .bool(layerStops != modelStops),
            "themeColor": .object(ContextHelpers.color(t.themeColor, space: space)),
            "cssFunction": .string(CSSGradient.function(shape)),
            "cssGeometry": .string(cssGeometry(t)),
        ]
        switch shape {
        case .linear:
            o["layerStartPoint"] = o["startPoint"]
            o["layerEndPoint"] = o["endPoint"]
        case .radial(let c, let r):
            o["center"] = point(c.x, c.y, 6)
            o["radius"] = point(r.x, r.y, 6)
            o["centerPercent"] = percent(c)
            o["radiusPercent"] = percent(r)
            // CAGradientLayer .radial: startPoint is the centre, endPoint - startPoint the radii.
            o["layerStartPoint"] = o["center"]
            o["layerEndPoint"] = point(c.x + r.x, c.y + r.y, 6)
        case .angular(let c, let a):
            o["center"] = point(c.x, c.y, 6)
            o["centerPercent"] = percent(c)
            o["startAngle"] = .string(NumberFormat.tidy(a, 2))
            // CSS 0° points up; SwiftUI's and Core Animation's 0 points right (+x), both clockwise
            // on screen, so they start 90° earlier. `direction` is the start ray as a vector in
            // points (y down), from which Core Animation's endPoint is made for the layer's size.
            o["swiftUIStartAngle"] = .string(NumberFormat.tidy(a - 90, 2))
            o["swiftUIEndAngle"] = .string(NumberFormat.tidy(a + 270, 2))
            let radians = a * .pi / 180
            o["direction"] = point(sin(radians), -cos(radians), 6)
            o["layerStartPoint"] = o["center"]
        }
        return o
    }
}

extension ThemeContext {
    /// `CSSGradient.geometry` with tidy numbers, as generated code has them: `135deg`,
    /// `ellipse 90% 45.6789% at 25% 12.5%`, `from 30.5deg at 50% 40%`.
    static func cssGeometry(_ t: Theme) -> String {
        func percent(_ x: Double) -> String { NumberFormat.tidy(x * 100, 4) + "%" }
        switch t.shape {
        case .linear:
            return NumberFormat.angle(t.angle) + "deg"
        case let .radial(c, r):
            return "ellipse \(percent(r.x)) \(percent(r.y)) at \(percent(c.x)) \(percent(c.y))"
        case let .angular(c, a):
            return "from \(NumberFormat.tidy(a, 2))deg at \(percent(c.x)) \(percent(c.y))"
        }
    }
}

/// What the templates ask of a gradient's shape.
extension GradientShape {
    var isLinear: Bool { self == .linear }
    var isRadial: Bool { if case .radial = self { return true } else { return false } }
    var isAngular: Bool { if case .angular = self { return true } else { return false } }
}

/// A text colour that some themes have and others lack, with no default to fill the gap.
package struct MissingTextColorError: ThemegenError, Equatable {
    package let name: String
    package let themes: [String]
    package var kind: ErrorKind { .input }
    package var description: String {
        "text colour '\(name)' is missing from theme(s) \(themes.map { "'\($0)'" }.joined(separator: ", ")); "
            + "give it a default for the whole input (config key themes[i].textColors.\(name), "
            + "or --text-color \(name)=#RRGGBB) or set it for those themes"
    }
}
