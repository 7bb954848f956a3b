import Foundation

/// Turns an `assets` section of the config into planned files: the asset catalog and the
/// code its templates generate. The `slice` command and `themegen run` both come through here.
public enum AssetProducer {
    /// The slicer's options from the section's settings.
    public static func sliceOptions(for section: AssetsInput) -> SliceOptions {
        var options = SliceOptions()
        options.pad = section.pad
        options.autoCaps = section.autoCaps
        for (name, o) in section.assets {
            if let caps = o.caps {
                let mode = o.resizing ?? inferredMode(caps)
                options.slicing[name] = Slicing(capInsets: caps, resizingMode: mode, centerMode: o.center ?? .stretch)
            }
            if o.center == .tile { options.tiledCenters.insert(name) }
            if let intent = o.renderingIntent { options.renderingIntents[name] = intent }
        }
        return options
    }

    /// Caps on one axis only give a 3-part image along that axis.
    static func inferredMode(_ c: CapInsets) -> ResizingMode {
        if c.top == 0 && c.bottom == 0 && (c.left > 0 || c.right > 0) { return .threePartHorizontal }
        if c.left == 0 && c.right == 0 && (c.top > 0 || c.bottom > 0) { return .threePartVertical }
        return .ninePart
    }

    /// Slices the section's exports. Warnings and errors go to `console`; on any error the
    /// result is nil and nothing should be written.
    public static func slice(_ section: AssetsInput, root: String, console: Console) throws -> [SlicedAsset]? {
        let sources = try SliceSource.scan([OutputWriter.join(root, section.input)])
        let result = Slicer.slice(files: sources, options: sliceOptions(for: section))
        result.report(to: console)
        guard result.errors.isEmpty else { return nil }
        return result.assets.map { sliced in
            var s = sliced
            s.asset.file = RelativePath.strip(root: root, from: s.asset.file)
            return s
        }
    }

    /// The catalog and the section's generated code for sliced assets.
    public static func files(_ section: AssetsInput, assets: [SlicedAsset], colors: [NamedColor] = [],
                             root: String) throws -> [PlannedFile] {
        let plan = try CatalogPlanner.plan(catalog: section.catalog, assets: assets, colors: colors,
                                           providesNamespace: section.providesNamespace)
        var files = plan.files
        let models = assets.map(\.asset)
        for output in section.outputs {
            var params = output.params
            if section.providesNamespace && params["providesNamespace"] == nil { params["providesNamespace"] = "true" }
            let text = try CodeGenerator.render(assets: models, template: templatePath(output.template, root: root),
                                                params: params, templateSearchFolder: templateFolder(root))
            files.append(PlannedFile(path: output.output, text: text))
        }
        return files
    }

    /// A template given by path is relative to the config's folder.
    static func templatePath(_ template: String, root: String) -> String {
        let isPath = template.contains("/") || template.hasSuffix(".mustache")
        return isPath ? OutputWriter.join(root, template) : template
    }

    /// Names are looked up in the config's `Templates/` first (what the cache watches).
    static func templateFolder(_ root: String) -> URL {
        URL(fileURLWithPath: OutputWriter.join(root, "Templates"))
    }
}

/// Paths in models are relative to the config's folder, never absolute.
enum RelativePath {
    static func strip(root: String, from path: String) -> String {
        guard !root.isEmpty, root != "." else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
