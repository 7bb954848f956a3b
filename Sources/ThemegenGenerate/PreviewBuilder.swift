import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import ThemegenCore
import ThemegenImage

/// Plans the static preview page: `index.html` rendered through the `preview-html` template,
/// a thumbnail of each theme's artboard and a copy of each asset output beside it.
///
/// Nothing is written: the result is a list of `PlannedFile`s for the output writer, whose
/// paths start with `folder` (default `Generated/Preview`).
package enum PreviewBuilder {
    package static let defaultFolder = "Generated/Preview"
    package static let templateName = "preview-html"

    package struct Options: Sendable {
        /// The page's folder, relative to the output root, with `/` separators ("" for the
        /// root itself).
        package var folder: String = PreviewBuilder.defaultFolder
        /// Where `preview-html.mustache` is looked for before the built-in one (default
        /// `./Templates`).
        package var templateFolder: URL? = nil
        /// The page's file name inside `folder`.
        package var pageName: String = "index.html"
        /// Where a relative `Theme.file` is read from when no artboard is given (the config's
        /// folder); nil reads it from the current folder.
        package var inputRoot: String? = nil
        /// For artboards read from disk.
        package var maxPixels: Int = PNGLimits.defaultMaxPixels
        package init() {}

        /// Options for a page at `pagePath` (e.g. the config's `Generated/Preview/index.html`):
        /// its folder and file name.
        package init(pagePath: String) {
            let parts = pagePath.split(separator: "/", omittingEmptySubsequences: false)
            folder = parts.dropLast().joined(separator: "/")
            pageName = parts.last.map(String.init) ?? "index.html"
        }
    }

    /// Every file of the page, sorted by path. Throws the first error in input order (a
    /// thumbnail that cannot be made, an identifier clash, a template error); on error no
    /// file is planned, so nothing is half-written.
    package static func plan(themes: [PreviewTheme], assets: [PreviewAsset], options: Options = Options()) throws -> [PlannedFile] {
        let template = try TemplateLibrary.resolve(templateName, searchFolder: options.templateFolder)
        return try plan(themes: themes, assets: assets, template: template, options: options)
    }

    /// As above, with the template given.
    package static func plan(themes: [PreviewTheme], assets: [PreviewAsset], template: ResolvedTemplate,
                            options: Options = Options()) throws -> [PlannedFile] {
        let folder = options.folder.hasSuffix("/") ? String(options.folder.dropLast()) : options.folder
        let prefix = folder.isEmpty ? "" : folder + "/"
        var names = PreviewFileNames()
        let themeSlugs = themes.map { names.unique($0.theme.name, fallback: "theme") }
        var assetNames = PreviewFileNames()
        let assetSlugs = assets.map { assetNames.unique(($0.asset.groups + [$0.asset.name]).joined(separator: " "), fallback: "asset") }

        let thumbnails = try makeThumbnails(themes, inputRoot: options.inputRoot, maxPixels: options.maxPixels)
        var files: [PlannedFile] = []
        var themeFiles: [PreviewContext.ThemeFiles] = []
        for (i, thumb) in thumbnails.enumerated() {
            let rel = "images/themes/\(themeSlugs[i]).png"
            files.append(PlannedFile(path: prefix + rel, bytes: thumb.png))
            themeFiles.append(.init(slug: themeSlugs[i], thumbnail: rel, thumbnailWidth: thumb.width, thumbnailHeight: thumb.height))
        }
        var assetFiles: [PreviewContext.AssetFiles] = []
        for (i, a) in assets.enumerated() {
            var images: [(scale: Int, path: String)] = []
            for img in a.images {
                let rel = "images/assets/\(assetSlugs[i])@\(img.scale)x.png"
                files.append(PlannedFile(path: prefix + rel, bytes: img.png))
                images.append((img.scale, rel))
            }
            assetFiles.append(.init(slug: assetSlugs[i], images: images))
        }

        let context = try PreviewContext.build(themes: themes.map(\.theme), themeFiles: themeFiles,
                                               assets: assets.map(\.asset), assetFiles: assetFiles)
        let html = try Template(source: template.source, name: template.name).render(context, partials: FolderPartials())
        files.append(PlannedFile(path: prefix + options.pageName, text: html))
        return files.sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
    }

    struct Thumbnail: Sendable {
        var png: [UInt8]
        var width: Int
        var height: Int
    }

    /// One thumbnail per theme, made on every core; errors are reported in input order.
    static func makeThumbnails(_ themes: [PreviewTheme], inputRoot: String?, maxPixels: Int) throws -> [Thumbnail] {
        try concurrentMap(themes.count) { i in
            Result { try thumbnail(themes[i], inputRoot: inputRoot, maxPixels: maxPixels) }
        }.map { try $0.get() }
    }

    static func thumbnail(_ item: PreviewTheme, inputRoot: String?, maxPixels: Int) throws -> Thumbnail {
        let t = item.theme
        let maxW = PreviewLayout.thumbnailMaxWidth, maxH = PreviewLayout.thumbnailMaxHeight
        let image: Image
        let source: (width: Int, height: Int)
        if let artboard = item.artboard {
            source = (artboard.width, artboard.height)
            let size = BoxDownscaler.fittingSize(width: artboard.width, height: artboard.height, maxWidth: maxW, maxHeight: maxH)
            image = BoxDownscaler.downscale(artboard, width: size.width, height: size.height)
        } else {
            let path = inputRoot.map { t.file.hasPrefix("/") ? t.file : $0 + "/" + t.file } ?? t.file
            let made = try BoxDownscaler.thumbnailWithSourceSize(path: path, maxWidth: maxW, maxHeight: maxH, maxPixels: maxPixels)
            source = made.source
            image = made.image
        }
        // Overlays and the gradient's box are in the theme's artboard pixels; another image
        // would put them in the wrong place.
        guard source.width == t.width, source.height == t.height else {
            throw FileError(t.file, "the artboard is \(source.width)×\(source.height) but the theme was fitted on \(t.width)×\(t.height) (was the file replaced after the theme was fitted?)")
        }
        // The thumbnail in the theme's space: a theme given in sRGB (`--color-space srgb`) from
        // a Display P3 or other-profile artboard shows as its colours were taken.
        let shown = t.colorSpace == .sRGB && image.colorSpace != .sRGB ? image.convertedToSRGB() : image
        return Thumbnail(png: try PNGEncoder.encode(shown, name: t.file), width: shown.width, height: shown.height)
    }
}
