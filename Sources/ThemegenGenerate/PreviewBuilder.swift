#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage

/// Plans the static preview page: `index.html` rendered through the `preview-html` template,
/// a thumbnail of each theme's artboard beside it, and each asset output: a link to the catalog
/// file the run writes it to, or else a copy beside the page.
///
/// Nothing is written: the result is a list of `PlannedFile`s for the output writer, whose
/// paths start with `folder` (default `Generated/Preview`).
package enum PreviewBuilder {
    package static let defaultFolder = "Generated/Preview"
    package static let templateName = "preview-html"
    /// The thumbnails the page shows: the theme pass makes them to this size.
    package static let thumbnailSize = PreviewLayout.thumbnailSize

    package struct Options: Sendable {
        /// The page's folder, relative to the output root, with `/` separators ("" for the
        /// root itself).
        package var folder: String = PreviewBuilder.defaultFolder
        /// Where `preview-html.mustache` is looked for before the built-in one (default
        /// `./Templates`).
        package var templateFolder: URL? = nil
        /// The page's file name inside `folder`.
        package var pageName: String = "index.html"
        package init() {}

        /// Options for a page at `pagePath` (e.g. the config's `Generated/Preview/index.html`):
        /// its folder and file name.
        package init(pagePath: String) {
            let parts = pagePath.split(separator: "/", omittingEmptySubsequences: false)
            folder = parts.dropLast().joined(separator: "/")
            pageName = parts.last.map(String.init) ?? "index.html"
        }
    }

    /// Every file of the page, sorted by path. `failures` are artboards that did not become
    /// themes; the page shows them with their errors. Throws an identifier clash or a template
    /// error; then no file is planned, so nothing is half-written.
    package static func plan(themes: [PreviewTheme], failures: [PreviewFailure] = [], assets: [PreviewAsset],
                            options: Options = Options()) throws -> [PlannedFile] {
        let template = try TemplateLibrary.resolve(templateName, searchFolder: options.templateFolder)
        return try plan(themes: themes, failures: failures, assets: assets, template: template, options: options)
    }

    /// As above, with the template given.
    package static func plan(themes: [PreviewTheme], failures: [PreviewFailure] = [], assets: [PreviewAsset],
                            template: ResolvedTemplate, options: Options = Options()) throws -> [PlannedFile] {
        let folder = options.folder.hasSuffix("/") ? String(options.folder.dropLast()) : options.folder
        let prefix = folder.isEmpty ? "" : folder + "/"
        var names = PreviewFileNames()
        let themeSlugs = themes.map { names.unique($0.theme.name, fallback: "theme") }
        var assetNames = PreviewFileNames()
        let assetSlugs = assets.map { assetNames.unique(($0.asset.groups + [$0.asset.name]).joined(separator: " "), fallback: "asset") }

        var files: [PlannedFile] = []
        var themeFiles: [PreviewContext.ThemeFiles] = []
        for (i, item) in themes.enumerated() {
            let rel = "images/themes/\(themeSlugs[i]).png"
            files.append(PlannedFile(path: prefix + rel, content: item.thumbnail.png))
            themeFiles.append(.init(slug: themeSlugs[i], thumbnail: rel, thumbnailWidth: item.thumbnail.width, thumbnailHeight: item.thumbnail.height))
        }
        var failureFiles: [PreviewContext.ThemeFiles?] = []
        for f in failures {
            let slug = names.unique(ThemeName.parse(fileName: FilePath.lastComponent(f.file)).name, fallback: "theme")
            guard let thumb = f.thumbnail else { failureFiles.append(nil); continue }
            let rel = "images/themes/\(slug).png"
            files.append(PlannedFile(path: prefix + rel, content: thumb.png))
            failureFiles.append(.init(slug: slug, thumbnail: rel, thumbnailWidth: thumb.width, thumbnailHeight: thumb.height))
        }
        var assetFiles: [PreviewContext.AssetFiles] = []
        for (i, a) in assets.enumerated() {
            var images: [(scale: Int, path: String)] = []
            for img in a.images {
                if let target = img.catalogPath {
                    images.append((img.scale, PreviewLinks.relative(from: folder, to: target)))
                    continue
                }
                let rel = "images/assets/\(assetSlugs[i])@\(img.scale)x.png"
                files.append(PlannedFile(path: prefix + rel, bytes: img.png))
                images.append((img.scale, rel))
            }
            assetFiles.append(.init(slug: assetSlugs[i], images: images))
        }

        let context = try PreviewContext.build(themes: themes.map(\.theme), themeFiles: themeFiles,
                                               failures: Array(zip(failures, failureFiles)),
                                               assets: assets.map(\.asset), assetFiles: assetFiles)
        let html = try Template(source: template.source, name: template.name).render(context, partials: FolderPartials())
        files.append(PlannedFile(path: prefix + options.pageName, text: html))
        return files.sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
    }
}
