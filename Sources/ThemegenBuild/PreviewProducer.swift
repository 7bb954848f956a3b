import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenSlicing

/// Turns the config's `preview` section into planned files: the page of the themes and assets
/// the run's other jobs made (so nothing is fitted or sliced twice).
package enum PreviewProducer {
    /// `themes` have `file` relative to the config's folder, as the themes job gives them;
    /// their thumbnails are read from there. `Templates/preview-html.mustache` in the config's
    /// folder wins over the built-in page.
    package static func files(_ output: PreviewOutput, themes: [Theme], assets: [SlicedAsset],
                             context: JobContext) throws -> [PlannedFile] {
        var options = PreviewBuilder.Options(pagePath: output.output)
        options.inputRoot = context.root
        options.maxPixels = context.maxPixels
        options.templateFolder = Producers.templatesFolder(context.root)
        // A theme with a dark gradient shows twice: as designed, then its dark export.
        let shown = themes.flatMap { t -> [Theme] in
            guard var dark = t.dark else { return [t] }
            dark.name = t.name + " (dark)"
            dark.identifier = t.identifier + "Dark"
            dark.textColors = t.textColors.map { c in
                var d = c
                d.color = c.dark ?? c.color
                d.contrast = c.darkContrast ?? c.contrast
                return d
            }
            return [t, dark]
        }
        return try PreviewBuilder.plan(themes: shown.map { PreviewTheme(theme: $0) },
                                       assets: assets.map(PreviewAsset.init(sliced:)), options: options)
    }
}
