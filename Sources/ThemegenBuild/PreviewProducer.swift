import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenSlicing

/// Turns the config's `preview` section into planned files: the page of the themes and assets
/// the run's other jobs made (so nothing is decoded twice).
package enum PreviewProducer {
    /// `themes` carry the thumbnails the theme pass made; `failures` are artboards that did not
    /// become themes, shown with their errors. `Templates/preview-html.mustache` in the
    /// config's folder wins over the built-in page.
    package static func files(_ output: PreviewOutput, themes: [PreviewTheme], failures: [PreviewFailure] = [],
                             assets: [PreviewAsset], context: JobContext) throws -> [PlannedFile] {
        var options = PreviewBuilder.Options(pagePath: output.output)
        options.templateFolder = Producers.templatesFolder(context.root)
        return try PreviewBuilder.plan(themes: themes, failures: failures, assets: assets,
                                       options: options)
    }
}
