import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// The template context of the preview page (every key is documented in docs/preview.md).
///
/// It extends the code templates' theme and asset contexts (same names, identifiers, colours
/// and CSS colour forms), adding what a page needs: image paths, display sizes, the gradient
/// as one CSS value, percentages for overlays and cap guides, and the pass/fail grades.
enum PreviewContext {
    /// Where a theme's thumbnail is and how big it came out.
    struct ThemeFiles {
        var slug: String
        var thumbnail: String
        var thumbnailWidth: Int
        var thumbnailHeight: Int
    }

    /// Where an asset's images are, by scale.
    struct AssetFiles {
        var slug: String
        var images: [(scale: Int, path: String)]
    }

    static func build(themes: [Theme], themeFiles: [ThemeFiles], failures: [(PreviewFailure, ThemeFiles?)] = [],
                      assets: [Asset], assetFiles: [AssetFiles]) throws -> TemplateValue {
        guard case .object(let tc) = try ThemeContext.build(themes, params: [:], requireEveryTextColor: false),
              case .lazyList(let themeItems)? = tc["themes"],
              case .object(let ac) = try AssetContext.build(assets, params: [:]),
              case .list(let assetItems)? = ac["assets"] else {
            preconditionFailure("context builders return an object with a list")
        }
        // Each theme's keys are made when the page reaches it, and dropped after.
        let themeList = TemplateValue.lazyList(LazyTemplateList(count: themeItems.count) { i in
            guard case .object(let base) = themeItems[i] else { return themeItems[i] }
            return .object(ContextHelpers.merged(base, theme(themes[i], files: themeFiles[i], base: base)))
        })
        let assetList: [TemplateValue] = zip(assetItems, zip(assets, assetFiles)).map { item, pair in
            guard case .object(let base) = item else { return item }
            return .object(ContextHelpers.merged(base, asset(pair.0, files: pair.1)))
        }
        let poorFits = themes.filter { !PreviewGrades.isGoodFit($0.fit) }.count
        let contrastFailures = themes.reduce(0) { $0 + $1.textColors.filter { !PreviewGrades.passesContrast($0) }.count }
        let failureList: [TemplateValue] = failures.map { f, files in
            var o: [String: TemplateValue] = [
                "name": .string(ThemeName.parse(fileName: FilePath.lastComponent(f.file)).name),
                "file": .string(f.file),
                "message": .string(f.message),
                "hasThumbnail": .bool(files != nil),
            ]
            if let files {
                o["anchor"] = .string("theme-" + files.slug)
                o["thumbnail"] = .string(files.thumbnail)
                o["thumbnailWidth"] = .string(String(files.thumbnailWidth))
                o["thumbnailHeight"] = .string(String(files.thumbnailHeight))
            }
            return .object(o)
        }
        return .object([
            "failures": .list(failureList),
            "hasFailures": .bool(!failures.isEmpty),
            "failureCountLabel": .string(counted(failures.count, "artboard not recovered", "artboards not recovered")),
            "themes": themeList,
            "assets": .list(assetList),
            "themeCount": .string(String(themes.count)),
            "themeCountLabel": .string(counted(themes.count, "gradient theme", "gradient themes")),
            "assetCountLabel": .string(counted(assets.count, "asset", "assets")),
            "assetCount": .string(String(assets.count)),
            "hasThemes": .bool(!themes.isEmpty),
            "hasAssets": .bool(!assets.isEmpty),
            "isEmpty": .bool(themes.isEmpty && assets.isEmpty && failures.isEmpty),
            "poorFitCount": .string(String(poorFits)),
            "hasPoorFits": .bool(poorFits > 0),
            "contrastFailureCount": .string(String(contrastFailures)),
            "hasContrastFailures": .bool(contrastFailures > 0),
            "goodFitMaxDeltaE": .string(NumberFormat.fixed(PreviewGrades.goodFitMaxDeltaE, 1)),
        ])
    }

    static func counted(_ n: Int, _ one: String, _ many: String) -> String {
        "\(n) " + (n == 1 ? one : many)
    }

    // MARK: - Themes

    static func theme(_ t: Theme, files: ThemeFiles, base: [String: TemplateValue]) -> [String: TemplateValue] {
        let panel = PreviewLayout.panelSize(width: t.width, height: t.height)
        let good = PreviewGrades.isGoodFit(t.fit)
        let w = Double(t.width), h = Double(t.height)
        let overlays: [TemplateValue] = t.overlays.map { r in
            .object([
                "left": .string(PreviewLayout.percent(Double(r.x), of: w)),
                "top": .string(PreviewLayout.percent(Double(r.y), of: h)),
                "width": .string(PreviewLayout.percent(Double(r.width), of: w)),
                "height": .string(PreviewLayout.percent(Double(r.height), of: h)),
                "x": .string(String(r.x)), "y": .string(String(r.y)),
                "pixelWidth": .string(String(r.width)), "pixelHeight": .string(String(r.height)),
            ])
        }
        var textColors: [TemplateValue] = []
        if case .list(let items)? = base["textColors"] {
            textColors = zip(items, t.textColors).map { item, c in
                guard case .object(var o) = item else { return item }
                let pass = PreviewGrades.passesContrast(c)
                o["passes"] = .bool(pass)
                o["fails"] = .bool(!pass)
                o["required"] = .string(NumberFormat.fixed(PreviewGrades.requiredContrast(large: c.large), 1))
                o["ratio"] = .string(NumberFormat.fixed(c.contrast, 2) + ":1")
                o["sizeLabel"] = .string(c.large ? "large text" : "body text")
                return .object(o)
            }
        }
        return [
            "anchor": .string("theme-" + files.slug),
            "thumbnail": .string(files.thumbnail),
            "thumbnailWidth": .string(String(files.thumbnailWidth)),
            "thumbnailHeight": .string(String(files.thumbnailHeight)),
            "panelWidth": .string(String(panel.width)),
            "panelHeight": .string(String(panel.height)),
            "gradientCSS": .string(gradientCSS(t)),
            "typeLabel": .string(t.shape == .linear ? NumberFormat.angle(t.angle) + "° linear" : t.shape.type),
            "colorSpaceName": .string(colorSpaceName(t.colorSpace)),
            "fitGood": .bool(good),
            "fitPoor": .bool(!good),
            "fitLabel": .string(good ? "good fit" : "poor fit"),
            "fitMean": .string(NumberFormat.fixed(t.fit.meanDeltaE, 2)),
            "fitMax": .string(NumberFormat.fixed(t.fit.maxDeltaE, 2)),
            "overlayBoxes": .list(overlays),
            "overlayCount": .string(String(t.overlays.count)),
            "hasOverlays": .bool(!t.overlays.isEmpty),
            "textColors": .list(textColors),
            "hasTextColors": .bool(!t.textColors.isEmpty),
        ]
    }

    /// The recovered gradient as one CSS `linear-gradient`, `radial-gradient` or `conic-gradient`. P3 themes give their stops as
    /// `color(display-p3 …)` and interpolate in display-p3, as the generated code does;
    /// sRGB themes use hex stops, which CSS interpolates in sRGB.
    static func gradientCSS(_ t: Theme) -> String {
        let stops = t.stops.count == 1
            ? [GradientStop(color: t.stops[0].color, position: 0), GradientStop(color: t.stops[0].color, position: 1)]
            : t.stops
        let head = CSSGradient.geometry(t) + (t.colorSpace == .displayP3 ? " in display-p3" : "")
        let parts = stops.map { s -> String in
            let css: String
            if case .string(let c)? = ContextHelpers.color(s.color, space: t.colorSpace)["cssColor"] { css = c } else { css = "" }
            return css + " " + CSSGradient.position(s.position, shape: t.shape)
        }
        return CSSGradient.function(t.shape) + "(" + ([head] + parts).joined(separator: ", ") + ")"
    }

    static func colorSpaceName(_ space: ColorSpace) -> String {
        switch space {
        case .sRGB: return "sRGB"
        case .displayP3: return "Display P3"
        case .other(let name): return name
        }
    }

    // MARK: - Assets

    static func asset(_ a: Asset, files: AssetFiles) -> [String: TemplateValue] {
        let pw = a.pointWidth, ph = a.pointHeight
        let zoom = PreviewLayout.zoom(pointWidth: pw, pointHeight: ph)
        let images: [TemplateValue] = files.images.enumerated().map { i, img in
            .object([
                "isLargest": .bool(i == files.images.count - 1),
                "scale": .string(String(img.scale)),
                "src": .string(img.path),
                "pixelWidth": .string(String(pw * img.scale)),
                "pixelHeight": .string(String(ph * img.scale)),
                "pixelZoom": .string(PreviewLayout.trimmed(Double(zoom) / Double(img.scale))),
            ])
        }
        var o: [String: TemplateValue] = [
            "anchor": .string("asset-" + files.slug),
            "images": .list(images),
            "zoom": .string(String(zoom)),
            "zoomWidth": .string(String(pw * zoom)),
            "zoomHeight": .string(String(ph * zoom)),
            "colorSpaceName": .string(colorSpaceName(a.colorSpace)),
            "renderingIntentLabel": .string(a.renderingIntent?.rawValue ?? "default"),
            "hasStretchDemos": false,
            "guides": .list([]),
        ]
        if let slicing = a.slicing, let largest = files.images.last {
            let caps = slicing.capInsets
            let w = Double(pw), h = Double(ph)
            // Xcode's slicing view: a line at each cap, the stretched middle shaded.
            var guides: [TemplateValue] = []
            if slicing.resizingMode != .threePartVertical {
                guides.append(["vertical": true, "position": .string(PreviewLayout.percent(caps.left, of: w))])
                guides.append(["vertical": true, "position": .string(PreviewLayout.percent(w - caps.right, of: w))])
            }
            if slicing.resizingMode != .threePartHorizontal {
                guides.append(["vertical": false, "position": .string(PreviewLayout.percent(caps.top, of: h))])
                guides.append(["vertical": false, "position": .string(PreviewLayout.percent(h - caps.bottom, of: h))])
            }
            let horizontalMiddle = slicing.resizingMode != .threePartVertical
            let verticalMiddle = slicing.resizingMode != .threePartHorizontal
            o["guides"] = .list(guides)
            o["capsText"] = .string([caps.top, caps.left, caps.bottom, caps.right].map(PreviewLayout.trimmed).joined(separator: ", "))
            o["stretchRegion"] = .object([
                "left": .string(horizontalMiddle ? PreviewLayout.percent(caps.left, of: w) : "0%"),
                "top": .string(verticalMiddle ? PreviewLayout.percent(caps.top, of: h) : "0%"),
                "width": .string(horizontalMiddle ? PreviewLayout.percent(w - caps.left - caps.right, of: w) : "100%"),
                "height": .string(verticalMiddle ? PreviewLayout.percent(h - caps.top - caps.bottom, of: h) : "100%"),
            ])
            // border-image-slice counts pixels of the image it is given (the largest scale);
            // border-image-width is in CSS pixels, which are points.
            let s = Double(largest.scale)
            func px(_ v: Double) -> String { NumberFormat.fixed(v * s, 2) }
            func pt(_ v: Double) -> String { NumberFormat.fixed(v, 2) + "px" }
            let demos: [TemplateValue] = PreviewLayout.stretchSizes(pointWidth: pw, pointHeight: ph, slicing: slicing).map { size in
                .object(["width": .string(String(size.width)), "height": .string(String(size.height))])
            }
            o["hasStretchDemos"] = true
            o["stretchDemos"] = .list(demos)
            o["borderImageSource"] = .string(largest.path)
            o["borderImageSlice"] = .string([caps.top, caps.right, caps.bottom, caps.left].map(px).joined(separator: " ") + " fill")
            o["borderImageWidth"] = .string([caps.top, caps.right, caps.bottom, caps.left].map(pt).joined(separator: " "))
            o["borderImageRepeat"] = .string(slicing.centerMode == .tile ? "repeat" : "stretch")
            o["sliceScale"] = .string(String(largest.scale))
        }
        return o
    }
}
