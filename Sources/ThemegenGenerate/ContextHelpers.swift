import Mustache
import ThemegenCore
import ThemegenImage

/// Pieces shared by the theme and asset context builders.
enum ContextHelpers {
    /// `key`, `keySwift`, `keyObjC`, `keyHTML`, `keyCSS` and `keyJSON` for one string.
    static func forms(_ key: String, _ value: String) -> [String: TemplateValue] {
        [
            key: .string(value),
            key + "Swift": .string(StringForms.swift(value)),
            key + "ObjC": .string(StringForms.objc(value)),
            key + "HTML": .string(StringForms.html(value)),
            key + "CSS": .string(StringForms.css(value)),
            key + "JSON": .string(StringForms.json(value)),
        ]
    }

    /// Adds `first`, `last`, `index` (from 0) and `number` (from 1) to each object of a list,
    /// so templates can place separators.
    static func flagged(_ items: [[String: TemplateValue]]) -> TemplateValue {
        .list(items.enumerated().map { i, item in .object(flags(item, i, of: items.count)) })
    }

    /// As above, each item made when a template reaches it (a page of hundreds of themes).
    static func flagged(count: Int, item: @escaping @Sendable (Int) -> [String: TemplateValue]) -> TemplateValue {
        .lazyList(LazyTemplateList(count: count) { i in .object(flags(item(i), i, of: count)) })
    }

    private static func flags(_ item: [String: TemplateValue], _ i: Int, of count: Int) -> [String: TemplateValue] {
        var o = item
        o["first"] = .bool(i == 0)
        o["last"] = .bool(i == count - 1)
        o["index"] = .string(String(i))
        o["number"] = .string(String(i + 1))
        return o
    }

    /// Components in their tidy form (at most 4 decimals: `0.5`, `1`), `hex`, `hexAlpha` and a
    /// ready CSS colour.
    static func color(_ c: RGBA, space: ColorSpace) -> [String: TemplateValue] {
        let r = NumberFormat.tidy(c.red), g = NumberFormat.tidy(c.green)
        let b = NumberFormat.tidy(c.blue), a = NumberFormat.tidy(c.alpha)
        let opaque = a == "1"
        let css: String
        if space == .displayP3 {
            css = "color(display-p3 \(r) \(g) \(b)" + (opaque ? ")" : " / \(a))")
        } else {
            css = opaque ? HexColor.format(c) : HexColor.format(c, alpha: true)
        }
        return [
            "red": .string(r), "green": .string(g), "blue": .string(b), "alpha": .string(a),
            "hex": .string(HexColor.format(c)), "hexAlpha": .string(HexColor.format(c, alpha: true)),
            "cssColor": .string(css), "isOpaque": .bool(opaque),
        ]
    }

    static func merged(_ parts: [String: TemplateValue]...) -> [String: TemplateValue] {
        parts.reduce(into: [:]) { $0.merge($1) { _, new in new } }
    }

    /// The model's identifier when it is a valid one, else one made from the name; then a `_`
    /// suffix when it would clash with a member the default templates declare.
    static func identifier(model: String, name: String, fallback: String, reserved: Set<String>) -> String {
        var id = SwiftIdentifier.isValid(model) ? model : SwiftIdentifier.lowerCamel(name, fallback: fallback)
        if reserved.contains(id) { id += "_" }
        return id
    }
}

/// `--param key=value` values and the keys derived from them, under `param` in every context.
package enum TemplateParams {
    /// Parses `key=value` (a bare `key` means `key=true`).
    package static func parse(_ items: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for item in items {
            let key: String, value: String
            if let eq = item.firstIndex(of: "=") {
                key = String(item[..<eq]); value = String(item[item.index(after: eq)...])
            } else {
                key = item; value = "true"
            }
            guard !key.isEmpty, !key.contains(".") else {
                throw UsageError("--param '\(item)': expected key=value with a key without dots, e.g. --param enumName=AppTheme")
            }
            guard result[key] == nil else { throw UsageError("--param '\(key)' given twice") }
            result[key] = value
        }
        return result
    }

    /// `true`/`false` (and `yes`/`no`, `1`/`0`) as a Boolean; nil for anything else.
    package static func booleanParam(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: return nil
        }
    }

    /// Every param as a string (`true`/`false` become booleans, for sections), plus:
    /// `enumName` (default `defaultEnumName`, must be a valid Swift identifier),
    /// `accessModifier` (`"public "` when `publicAccess` is true, else `""`),
    /// `bundle` (default `Bundle.main`), `themeManager` (a Boolean, default true; anything else is
    /// a usage error), `typePrefix` and `enumNameLowerCamel`.
    package static func context(_ params: [String: String], defaultEnumName: String) throws -> TemplateValue {
        var o: [String: TemplateValue] = [:]
        for (k, v) in params {
            o[k] = v == "true" ? .bool(true) : v == "false" ? .bool(false) : .string(v)
        }
        let enumName = params["enumName"] ?? defaultEnumName
        guard SwiftIdentifier.isValid(enumName) else {
            throw UsageError("--param enumName='\(enumName)' is not a valid Swift type name")
        }
        o["enumName"] = .string(enumName)
        let publicAccess = params["publicAccess"].map { !["false", "no", "0", ""].contains($0.lowercased()) } ?? false
        o["publicAccess"] = .bool(publicAccess)
        o["accessModifier"] = .string(publicAccess ? "public " : "")
        o["bundle"] = .string(params["bundle"] ?? "Bundle.main")
        // Names the default templates derive from `enumName`: `Theme` gives `GradientView`,
        // `AppTheme` gives `AppThemeGradientView`, so two generated files never clash.
        o["typePrefix"] = .string(enumName == defaultEnumName ? "" : enumName)
        o["enumNameLowerCamel"] = .string(SwiftIdentifier.lowerCamel(enumName, fallback: "theme"))
        if let manager = params["themeManager"] {
            guard let flag = booleanParam(manager) else {
                throw UsageError("--param themeManager='\(manager)' is not a Boolean; use themeManager=true or themeManager=false")
            }
            o["themeManager"] = .bool(flag)
        } else {
            o["themeManager"] = .bool(true)
        }
        return .object(o)
    }
}
