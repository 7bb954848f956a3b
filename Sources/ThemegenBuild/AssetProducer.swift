import Foundation
import Mustache
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

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
    public static func slice(_ section: AssetsInput, root: String, console: any Diagnostics) throws -> [SlicedAsset]? {
        let sources = try SliceSource.scan([OutputWriter.join(root, section.input)])
        let line = ProgressLine(console: console, total: sources.count, verb: "slicing")
        let result = Slicer.slice(files: sources, options: sliceOptions(for: section), progress: { line.advance($0) })
        result.report(to: console)
        guard result.errors.isEmpty else { return nil }
        return result.assets.map { sliced in
            var s = sliced
            s.asset.file = FilePath.relative(s.asset.file, to: root)
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
            let text = try CodeGenerator.render(assets: models, template: output.resolvedTemplate(root: root),
                                                params: params, templateSearchFolder: Producers.templatesFolder(root))
            files.append(PlannedFile(path: output.output, text: text))
        }
        return files
    }
}
