import Mustache
import ThemegenCore
import ThemegenSlicing

/// The template context of a list of assets (every key is documented in docs/templates.md).
package enum AssetContext {
    /// One enum level of the generated namespace: a group folder, or the root.
    private final class Group {
        let name: String
        let typeIdentifier: String
        var children: [Child] = []
        var subgroups: [String: Group] = [:]
        var assetOwners: [String: String] = [:]
        enum Child { case asset(Int), group(Group) }
        init(name: String, typeIdentifier: String) { self.name = name; self.typeIdentifier = typeIdentifier }
    }

    /// `colors` are the colorsets themegen writes (each theme's, in a folder named after the
    /// theme), for typed accessors beside the images.
    package static func build(_ assets: [Asset], params: [String: String], colors: [NamedColor] = []) throws -> TemplateValue {
        let param = try TemplateParams.context(params, defaultEnumName: "Asset")
        let namespaced: Bool
        if case .bool(true)? = param["providesNamespace"] { namespaced = true } else { namespaced = false }

        let root = Group(name: "", typeIdentifier: "")
        var items: [[String: TemplateValue]] = []
        for (index, a) in assets.enumerated() {
            var group = root
            for g in a.groups {
                let type = SwiftIdentifier.upperCamel(g, fallback: "Group")
                if let existing = group.subgroups[type] { group = existing; continue }
                let sub = Group(name: g, typeIdentifier: type)
                group.subgroups[type] = sub
                group.children.append(.group(sub))
                group = sub
            }
            let id = ContextHelpers.identifier(model: a.identifier, name: a.name, fallback: "asset", reserved: [])
            if let first = group.assetOwners[id] {
                throw IdentifierCollisionError(identifier: id, firstFile: first, secondFile: a.file)
            }
            group.assetOwners[id] = a.file
            group.children.append(.asset(index))
            items.append(asset(a, identifier: id, namespaced: namespaced))
        }

        // The group tree flattened into open/asset/close lines with their indentation, so a
        // logic-less template can write nested enums of any depth.
        var members: [[String: TemplateValue]] = []
        func walk(_ group: Group, depth: Int) {
            let indent = String(repeating: "    ", count: depth + 1)
            for child in group.children {
                switch child {
                case .asset(let i):
                    members.append(["indent": .string(indent), "depth": .string(String(depth)), "asset": .object(items[i])])
                case .group(let sub):
                    members.append(["indent": .string(indent), "depth": .string(String(depth)),
                                    "openGroup": .object(ContextHelpers.merged(ContextHelpers.forms("name", sub.name),
                                                                               ["typeIdentifier": .string(sub.typeIdentifier)]))])
                    walk(sub, depth: depth + 1)
                    members.append(["indent": .string(indent), "depth": .string(String(depth)), "closeGroup": true])
                }
            }
        }
        walk(root, depth: 0)

        return .object([
            "assets": ContextHelpers.flagged(items),
            "members": ContextHelpers.flagged(members),
            "count": .string(String(assets.count)),
            "hasAssets": .bool(!assets.isEmpty),
            "hasSliced": .bool(assets.contains { $0.slicing != nil }),
            "colorGroups": ContextHelpers.flagged(colorGroups(colors)),
            "hasColors": .bool(!colors.isEmpty),
            "param": param,
        ])
    }

    /// The colorsets by folder (a theme), in the order given: `{name (+ forms), typeIdentifier,
    /// colors: [{name (+ forms), identifier, catalogName (+ forms)}]}`.
    static func colorGroups(_ colors: [NamedColor]) -> [[String: TemplateValue]] {
        var order: [String] = []
        var byGroup: [String: [NamedColor]] = [:]
        for c in colors {
            let key = c.groups.joined(separator: "/")
            if byGroup[key] == nil { order.append(key) }
            byGroup[key, default: []].append(c)
        }
        return order.map { key in
            let items = byGroup[key]!.map { c -> [String: TemplateValue] in
                ContextHelpers.merged(ContextHelpers.forms("name", c.name),
                                      ContextHelpers.forms("catalogName", (c.groups + [c.name]).joined(separator: "/")),
                                      ["identifier": .string(SwiftIdentifier.lowerCamel(c.name, fallback: "color"))])
            }
            return ContextHelpers.merged(ContextHelpers.forms("name", key),
                                         ["typeIdentifier": .string(SwiftIdentifier.upperCamel(key, fallback: "Colors")),
                                          "colors": ContextHelpers.flagged(items)])
        }
    }

    static func asset(_ a: Asset, identifier: String, namespaced: Bool) -> [String: TemplateValue] {
        let catalogName = namespaced ? (a.groups + [a.name]).joined(separator: "/") : a.name
        let insets = a.slicing?.capInsets ?? CapInsets(top: 0, left: 0, bottom: 0, right: 0)
        let mode = a.slicing?.resizingMode
        return ContextHelpers.merged(
            ContextHelpers.forms("name", a.name),
            ContextHelpers.forms("file", a.file),
            ContextHelpers.forms("catalogName", catalogName),
            [
                "identifier": .string(identifier),
                "groups": ContextHelpers.flagged(a.groups.map { g in
                    ContextHelpers.merged(ContextHelpers.forms("name", g),
                                          ["typeIdentifier": .string(SwiftIdentifier.upperCamel(g, fallback: "Group"))])
                }),
                "groupPath": .string(a.groups.joined(separator: "/")),
                "width": .string(String(a.pointWidth)),
                "height": .string(String(a.pointHeight)),
                "size": ["width": .string(String(a.pointWidth)), "height": .string(String(a.pointHeight))],
                "scales": ContextHelpers.flagged(a.scales.map { ["scale": .string(String($0))] }),
                "colorSpace": .string(a.colorSpace.identifier),
                "isP3": .bool(a.colorSpace == .displayP3),
                "isSliced": .bool(a.slicing != nil),
                "capInsets": [
                    "top": .string(NumberFormat.four(insets.top)), "left": .string(NumberFormat.four(insets.left)),
                    "bottom": .string(NumberFormat.four(insets.bottom)), "right": .string(NumberFormat.four(insets.right)),
                ],
                // The same, as tidy literals for code (`12`, `3.3333`).
                "capInsetsTidy": [
                    "top": .string(NumberFormat.tidy(insets.top)), "left": .string(NumberFormat.tidy(insets.left)),
                    "bottom": .string(NumberFormat.tidy(insets.bottom)), "right": .string(NumberFormat.tidy(insets.right)),
                ],
                "resizingMode": .string(mode?.rawValue ?? ""),
                "isNinePart": .bool(mode == .ninePart),
                "isThreePartHorizontal": .bool(mode == .threePartHorizontal),
                "isThreePartVertical": .bool(mode == .threePartVertical),
                "centerMode": .string(a.slicing?.centerMode.rawValue ?? ""),
                "isTile": .bool(a.slicing?.centerMode == .tile),
                "renderingIntent": .string(a.renderingIntent?.rawValue ?? ""),
                "isTemplate": .bool(a.renderingIntent == .template),
            ])
    }
}
