import Mustache
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// Turns the config's `preview` section into planned files: the page of the themes and assets
/// the run's other jobs made (so nothing is fitted or sliced twice).
public enum PreviewProducer {
    /// `themes` have `file` relative to the config's folder, as the themes job gives them;
    /// their thumbnails are read from there. `Templates/preview-html.mustache` in the config's
    /// folder wins over the built-in page.
    public static func files(_ output: PreviewOutput, themes: [Theme], assets: [SlicedAsset],
                             context: JobContext) throws -> [PlannedFile] {
        var options = PreviewBuilder.Options(pagePath: output.output)
        options.inputRoot = context.root
        options.templateFolder = Producers.templatesFolder(context.root)
        return try PreviewBuilder.plan(themes: themes.map { PreviewTheme(theme: $0) },
                                       assets: assets.map(PreviewAsset.init(sliced:)), options: options)
    }
}
