import ThemegenCore
import ThemegenGradients
import ThemegenSlicing

/// Where `themegen preview` gets its models: themes fitted from artboards and assets sliced
/// from exports. Both producers belong to other stages (Gradients/, Slicing/); the command
/// takes them as functions so it does not depend on how they are built.
///
/// `themes` gets the expanded, sorted PNG paths; `assets` gets the inputs as given (files or
/// folders: the slicer makes groups of subfolders). Each reports problems with single files to
/// the console and leaves those files out (the command then writes nothing).
package struct PreviewSources: Sendable {
    package var themes: @Sendable (_ files: [String], _ console: any Diagnostics) throws -> [PreviewTheme]
    package var assets: @Sendable (_ inputs: [String], _ console: any Diagnostics) throws -> [PreviewAsset]

    package init(themes: @escaping @Sendable (_ files: [String], _ console: any Diagnostics) throws -> [PreviewTheme],
                assets: @escaping @Sendable (_ inputs: [String], _ console: any Diagnostics) throws -> [PreviewAsset]) {
        self.themes = themes; self.assets = assets
    }

    /// The real stages: themes from the theme extractor (which makes their thumbnails from the
    /// rows it fits), assets from the slicer.
    package static func standard(themes themeOptions: ThemeOptions = ThemeOptions(),
                                assets sliceOptions: SliceOptions = SliceOptions()) -> PreviewSources {
        PreviewSources(
            themes: { files, console in
                var options = themeOptions
                options.thumbnail = PreviewBuilder.thumbnailSize
                // On disk until written, as in a run; the spool goes when the last plan naming
                // its files does.
                options.thumbnailSpool = Spool()
                return PreviewTheme.shown(ThemeExtractor.extraction(files: files, options: options, console: console)).themes
            },
            assets: { inputs, console in try sliced(inputs, options: sliceOptions, console: console) })
    }

    /// The slicer's outputs for `inputs`, as the preview takes them; its warnings and errors
    /// go to `console`.
    package static func sliced(_ inputs: [String], options: SliceOptions = SliceOptions(), console: any Diagnostics) throws -> [PreviewAsset] {
        guard !inputs.isEmpty else { return [] }
        let result = Slicer.slice(files: try SliceSource.scan(inputs), options: options)
        result.report(to: console)
        return result.assets.map { PreviewAsset(sliced: $0) }
    }
}

/// The preview's view of a theme pass: each theme with its thumbnail (a dark variant shows as a
/// theme of its own, after the one it belongs to), and the artboards that failed.
extension PreviewTheme {
    package static func shown(_ extraction: ThemeExtraction) -> (themes: [PreviewTheme], failures: [PreviewFailure]) {
        var shown: [PreviewTheme] = []
        for t in extraction.themes {
            // A theme without its thumbnail would vanish from the page without a word.
            guard let thumbnail = extraction.thumbnails[t.file] else { preconditionFailure("\(t.file): the theme pass made no thumbnail") }
            shown.append(PreviewTheme(theme: t, thumbnail: thumbnail))
            guard var dark = t.dark else { continue }
            guard let darkThumbnail = extraction.thumbnails[dark.file] else { preconditionFailure("\(dark.file): the theme pass made no thumbnail") }
            dark.name = t.name + " (dark)"
            dark.identifier = t.identifier + "Dark"
            dark.textColors = t.textColors.map { c in
                var d = c
                d.color = c.dark ?? c.color
                d.contrast = c.darkContrast ?? c.contrast
                return d
            }
            shown.append(PreviewTheme(theme: dark, thumbnail: darkThumbnail))
        }
        let failures = extraction.failures.map { PreviewFailure(file: $0.file, message: $0.message, thumbnail: extraction.thumbnails[$0.file]) }
        return (shown, failures)
    }
}

extension PreviewAsset {
    /// The slicer's asset with the exact PNG bytes it planned for each scale; `catalog` is the
    /// catalog the run writes them into (from the output root), if any.
    package init(sliced: SlicedAsset, catalog: String? = nil) {
        self.init(asset: sliced.asset, images: sliced.images.map { img in
            PreviewAssetImage(scale: img.scale, png: img.png,
                              catalogPath: catalog.map { CatalogPlanner.imagePath(catalog: $0, asset: sliced.asset, scale: img.scale) })
        })
    }
}
