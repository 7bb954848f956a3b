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

    /// The real stages: themes from the theme extractor (their thumbnails then stream from
    /// `Theme.file`), assets from the slicer.
    package static func standard(themes themeOptions: ThemeOptions = ThemeOptions(),
                                assets sliceOptions: SliceOptions = SliceOptions()) -> PreviewSources {
        PreviewSources(
            themes: { files, console in
                ThemeExtractor.extract(files: files, options: themeOptions, console: console).map { PreviewTheme(theme: $0) }
            },
            assets: { inputs, console in try sliced(inputs, options: sliceOptions, console: console) })
    }

    /// The slicer's outputs for `inputs`, as the preview takes them; its warnings and errors
    /// go to `console`.
    package static func sliced(_ inputs: [String], options: SliceOptions = SliceOptions(), console: any Diagnostics) throws -> [PreviewAsset] {
        guard !inputs.isEmpty else { return [] }
        let result = Slicer.slice(files: try SliceSource.scan(inputs), options: options)
        result.report(to: console)
        return result.assets.map(PreviewAsset.init(sliced:))
    }
}

extension PreviewAsset {
    /// The slicer's asset with the exact PNG bytes it planned for each scale.
    package init(sliced: SlicedAsset) {
        self.init(asset: sliced.asset, images: sliced.images.map { PreviewAssetImage(scale: $0.scale, png: $0.png) })
    }
}
