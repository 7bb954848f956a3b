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

    /// The section's slicing, queued with the run's other work (none when already queued).
    package static func work(_ section: AssetsInput, context ctx: JobContext) throws -> [WorkItem] {
        if ctx.memo.hasSlices(ctx.section) { return [] }
        var tallies: [SkippedInputs.Tally] = []
        let sources = try SliceSource.scan([OutputWriter.join(ctx.root, section.input)], tallies: &tallies)
        return ctx.memo.sliceWork(ctx.section, sources: sources, tallies: tallies, options: sliceOptions(for: section, context: ctx))
    }

    static func sliceOptions(for section: AssetsInput, context ctx: JobContext) -> SliceOptions {
        var options = sliceOptions(for: section, index: ctx.section, configName: ctx.configName)
        options.maxPixels = ctx.maxPixels
        return options
    }

    /// The section's sliced assets, once per run: from the outcomes its work made, or sliced
    /// here when none were queued. Warnings and errors go to `ctx.console`; nil on any error.
    package static func assets(_ section: AssetsInput, context ctx: JobContext) throws -> [SlicedAsset]? {
        try ctx.memo.assets(ctx.section) {
            let options = sliceOptions(for: section, context: ctx)
            let queued = ctx.memo.slices(ctx.section)
            var tallies = queued?.tallies ?? []
            let sources = try queued?.sources ?? SliceSource.scan([OutputWriter.join(ctx.root, section.input)], tallies: &tallies)
            for t in tallies { SkippedInputs.report(t, console: ctx.console) }
            let result: SliceResult
            if let queued {
                result = Slicer.collect(queued.plan, queued.outcomes)
            } else {
                let line = ProgressLine(console: ctx.console, total: sources.count, verb: "slicing")
                result = Slicer.slice(files: sources, options: options, progress: { line.advance($0) })
            }
            result.report(to: ctx.console)
            for w in overrideWarnings(section, index: ctx.section, configName: ctx.configName, assetNames: sources.map(\.name)) {
                ctx.console.warning(w)
            }
            guard result.errors.isEmpty else { return nil }
            return result.assets.map { sliced in
                var s = sliced
                s.asset.file = FilePath.relative(s.asset.file, to: ctx.root)
                return s
            }
        }
    }

    /// As `assets`, as a one-off (tests, tools); nil when the section had errors.
    package static func slice(_ section: AssetsInput, index: Int, root: String, configName: String = ConfigDefaults.fileName,
                             maxPixels: Int = PNGLimits.defaultMaxPixels, console: any Diagnostics) throws -> [SlicedAsset]? {
        var ctx = JobContext(root: root, console: console)
        ctx.section = index
        ctx.configName = configName
        ctx.maxPixels = maxPixels
        return try assets(section, context: ctx)
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
