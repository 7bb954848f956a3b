#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenImage
import ThemegenSlicing

/// Turns an `assets` section of the config into planned files: the asset catalog and the
/// code its templates generate. The `slice` command and `themegen run` both come through here.
package enum AssetProducer {
    /// The slicer's options from the section's settings. `index` is the section's place in
    /// the config, which warnings name; nil for the `slice` command, whose warnings name flags.
    package static func sliceOptions(for section: AssetsInput, index: Int?,
                                     configName: String = ConfigDefaults.fileName) -> SliceOptions {
        var options = SliceOptions()
        options.remedy = index.map { .config("assets[\($0)]", file: configName) } ?? .flags
        options.convertToSRGB = section.convertToSRGB
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

    /// Per-asset settings (`assets[i].assets.NAME`) whose name matches no export of the section:
    /// usually a typo or a renamed export, so the setting would be ignored without a word.
    /// Keys are asset names without group folders; the closest name is suggested.
    package static func overrideWarnings(_ section: AssetsInput, index: Int, configName: String,
                                        assetNames: [String]) -> [String] {
        let known = Set(assetNames)
        return section.assets.keys.sorted().filter { !known.contains($0) }.map { key in
            "\(configName): assets[\(index)].assets.\(key): no asset of that name in \(section.input)"
                + suggestion(for: key, in: assetNames)
        }
    }

    /// `" (did you mean 'Heart'?)"` for `Hart` or `Icons/Heart` (keys name no group folder).
    package static func suggestion(for key: String, in names: [String]) -> String {
        let unique = Array(Set(names)).sorted()
        let leaf = String(key.split(separator: "/").last ?? Substring(key))
        if leaf != key, unique.contains(leaf) { return " (did you mean '\(leaf)'? keys name the asset without its group folder)" }
        return Suggestion.phrase(for: leaf, in: unique)
    }

    /// Caps on one axis only give a 3-part image along that axis.
    static func inferredMode(_ c: CapInsets) -> ResizingMode {
        if c.top == 0 && c.bottom == 0 && (c.left > 0 || c.right > 0) { return .threePartHorizontal }
        if c.left == 0 && c.right == 0 && (c.top > 0 || c.bottom > 0) { return .threePartVertical }
        return .ninePart
    }

    /// Slices the section's exports. Warnings and errors go to `console`; on any error the
    /// result is nil and nothing should be written.
    package static func slice(_ section: AssetsInput, index: Int, root: String, configName: String = ConfigDefaults.fileName,
                             maxPixels: Int = PNGLimits.defaultMaxPixels, console: any Diagnostics) throws -> [SlicedAsset]? {
        var tallies: [SkippedInputs.Tally] = []
        let sources = try SliceSource.scan([OutputWriter.join(root, section.input)], tallies: &tallies)
        for t in tallies { SkippedInputs.report(t, console: console) }
        let line = ProgressLine(console: console, total: sources.count, verb: "slicing")
        var options = sliceOptions(for: section, index: index, configName: configName)
        options.maxPixels = maxPixels
        let result = Slicer.slice(files: sources, options: options, progress: { line.advance($0) })
        result.report(to: console)
        for w in overrideWarnings(section, index: index, configName: configName, assetNames: sources.map(\.name)) {
            console.warning(w)
        }
        guard result.errors.isEmpty else { return nil }
        return result.assets.map { sliced in
            var s = sliced
            s.asset.file = FilePath.relative(s.asset.file, to: root)
            return s
        }
    }

    /// The catalog and the section's generated code for sliced assets. `colorAccessors` are the
    /// colorsets the run's themes write (in their own catalogs), which the code names too.
    package static func files(_ section: AssetsInput, assets: [SlicedAsset], colors: [NamedColor] = [],
                             colorAccessors: [NamedColor] = [],
                             root: String, console: (any Diagnostics)? = nil) throws -> [PlannedFile] {
        let plan = try CatalogPlanner.plan(catalog: section.catalog, assets: assets, colors: colors,
                                           providesNamespace: section.providesNamespace(forGroup:))
        var files = plan.files
        let models = assets.map(\.asset)
        for output in section.outputs {
            var params = output.params
            if section.providesNamespace && params["providesNamespace"] == nil { params["providesNamespace"] = "true" }
            let text = try CodeGenerator.render(assets: models, template: output.resolvedTemplate(root: root),
                                                params: params, colors: colorAccessors, templateSearchFolder: Producers.templatesFolder(root),
                                                diagnostics: console)
            files.append(PlannedFile(path: output.output, text: text))
        }
        return files
    }
}
