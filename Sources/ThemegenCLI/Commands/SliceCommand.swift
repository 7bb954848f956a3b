import ThemegenBuild
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenSlicing

/// `themegen slice PATH... --catalog OUT.xcassets`: @3x exports into 1x/2x/3x imagesets.
enum SliceCommand {
    static let command = Command(
        name: "slice",
        summary: "Slice @3x exports into 1x/2x/3x PNGs in an asset catalog, with 9-slice caps.",
        usage: ["slice PATH... [--catalog OUT.xcassets] [--template NAME|PATH [--output FILE]] [--param KEY=VALUE]... [--color-space srgb]"],
        options: [
            .value("catalog", "OUT.xcassets", help: "Write the imagesets into this asset catalog."),
            .value("template", "NAME|PATH", help: "Also render the asset model: json, swift-assets, or a .mustache file."),
            .value("output", "FILE", help: "Write the rendered template here (default: stdout)."),
            .value("param", "KEY=VALUE", repeatable: true, help: "A template parameter (enumName, publicAccess, bundle, …)."),
            .value("template-rendering", "NAME=template", repeatable: true,
                   help: "Set an asset's template-rendering-intent (template or original)."),
            .flag("auto-caps", help: "Find 9-slice caps from the band of identical rows and columns."),
            .flag("pad", help: "Pad sources whose sides are not a multiple of 3 instead of warning."),
            .flag("provides-namespace", help: "Group folders provide a namespace in the catalog."),
            .flag("no-cache", help: "Accepted as in `run`: slice keeps no cache, so every slice run is cold."),
            colorSpaceOption,
            maxPixelsOption,
        ] + Command.writeOptionSpecs
    ) { args, console in
        guard !args.positionals.isEmpty else { throw UsageError("slice needs at least one file or folder of @3x exports") }
        let catalog = args.value("catalog")
        guard catalog != nil || args.value("template") != nil else {
            throw UsageError("slice writes nothing without --catalog OUT.xcassets or --template NAME")
        }
        if let c = catalog, !c.hasSuffix(".xcassets") {
            throw UsageError("--catalog '\(c)': an asset catalog's folder name ends in .xcassets")
        }
        var section = AssetsInput(input: "", catalog: catalog ?? "", outputs: [],
                                  providesNamespace: args.flag("provides-namespace"),
                                  autoCaps: args.flag("auto-caps"), pad: args.flag("pad"),
                                  convertToSRGB: try parseColorSpace(args))
        for spec in args.values("template-rendering") {
            let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let intent = RenderingIntent(rawValue: parts[1]) else {
                throw UsageError("--template-rendering '\(spec)': expected NAME=template or NAME=original")
            }
            section.assets[parts[0], default: AssetOptions()].renderingIntent = intent
        }
        var options = AssetProducer.sliceOptions(for: section, index: nil)
        options.maxPixels = try parseMaxPixels(args)
        var tallies: [SkippedInputs.Tally] = []
        let sources = try SliceSource.scan(args.positionals, tallies: &tallies)
        for t in tallies { SkippedInputs.report(t, console: console) }
        let result = Slicer.slice(files: sources, options: options)
        result.report(to: console)
        let names = sources.map(\.name)
        for spec in args.values("template-rendering") {
            let name = String(spec.split(separator: "=", maxSplits: 1)[0])
            if !names.contains(name) {
                console.warning("--template-rendering '\(spec)': no asset named '\(name)' among the exports"
                                + AssetProducer.suggestion(for: name, in: names))
            }
        }
        guard result.errors.isEmpty, console.errorCount == 0 else { return console.exitCode }

        var files: [PlannedFile] = []
        var scope: [String] = []
        if let catalog {
            files += try CatalogPlanner.plan(catalog: catalog, assets: result.assets,
                                             providesNamespace: section.providesNamespace(forGroup:)).files
            scope.append(catalog)
        }
        if let template = args.value("template") {
            var params = try TemplateParams.parse(args.values("param"))
            if section.providesNamespace && params["providesNamespace"] == nil { params["providesNamespace"] = "true" }
            // Models name their exports relative to the current folder, never absolutely.
            let models = result.assets.map { sliced -> Asset in
                var a = sliced.asset
                a.file = FilePath.relative(a.file)
                return a
            }
            let text = try CodeGenerator.render(assets: models, template: template, params: params, diagnostics: console)
            // Under --strict a missing partial is an error: nothing is written.
            guard console.errorCount == 0 else { return console.exitCode }
            if let output = args.value("output") {
                files.append(PlannedFile(path: output, text: text))
                scope.append(output)
            } else {
                console.write(text)
            }
        }
        guard !files.isEmpty else { return .ok }
        return try StandaloneOutput.write(files, scope: scope, options: Command.writeOptions(args),
                                          console: console).exitCode
    }
}
